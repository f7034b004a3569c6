// The e-mail with a family's results in a semester's published lottery draw: the mailer hands it the mail
// request written with the family's last placement; the results are read from the family's requests as they
// are now, the waitlist places from the classes, and it goes to the guardians who receive e-mails about
// enrollment changes (mailPreferences.ts).
import { itemsAt, type Key } from '../platform/dynamo';
import { logger } from '../platform/logger';
import type { ChildResult } from './lotteryNotice';
import { lotteryNoticeIn } from './spanishLottery';
import { allocationSettingsOf } from '../enrollment/allocationSettings';
import { classEntity } from '../catalogue/classes';
import { sendRequestMail, type NoticeOutcome } from './enrollmentMail';
import { waitlistPosition } from '../enrollment/enrollments';
import { getGroups } from '../catalogue/groups';
import { drawStateOf } from '../lottery/lotteryDraws';
import { familyLotteryRequests } from '../lottery/records/lotteryRequests';
import type { LotteryMailRequest } from '../platform/mailRequests';
import { familyReaders } from './mailPreferences';
import { mailSite } from './mailSite';
import { getSemester } from '../catalogue/semesters';
import { studentsOfFamily } from '../families/students';
import type { AccountLanguage } from '../contract/languages';

export async function sendLotteryResults(
  requestKey: Key,
  request: LotteryMailRequest,
  timeLeftMs: () => number,
): Promise<NoticeOutcome> {
  const { familyId, semesterId } = request;
  const [at, addresses, site, requests, students, draw, semester, settings] = await Promise.all([
    itemsAt([requestKey], { ConsistentRead: true }),
    familyReaders([familyId], 'enrollmentChanges'),
    mailSite(),
    familyLotteryRequests(familyId, semesterId),
    studentsOfFamily(familyId),
    drawStateOf(semesterId),
    getSemester(semesterId),
    allocationSettingsOf(semesterId),
  ]);
  const stored = at(requestKey);
  if (!stored) return 'already sent';
  const to = addresses.get(familyId) ?? [];
  const names = new Map(students.map((student) => [student.id, student.firstName]));
  const results = requests.filter((entry) => entry.result && names.has(entry.studentId));
  if (to.length === 0 || !results.length || !draw || !semester || !settings.lottery) {
    logger.warn('Lottery results not sent: nobody to write to, or nothing left to tell.', { familyId });
    return 'nobody to write to';
  }
  const choices = results.map((entry) => entry.result!.choice).filter((choice) => choice !== undefined);
  const groups = await getGroups(choices.filter((c) => c.kind === 'group').map((c) => c.id));
  const classIds = [
    ...choices.filter((c) => c.kind === 'class').map((c) => c.id),
    ...groups.flatMap((group) => group.classIds),
  ];
  const classes = new Map(
    (
      await classEntity.getMany(
        [...new Set(classIds)].map((id) => ({ id })),
        { consistent: true },
      )
    ).map((cls) => [cls.id, cls]),
  );
  const groupsById = new Map(groups.map((group) => [group.id, group]));
  const children = results.map(({ studentId, result }): ChildResult => {
    const choice = result!.choice;
    const group = choice?.kind === 'group' ? groupsById.get(choice.id) : undefined;
    const ofChoice = (group?.classIds ?? (choice ? [choice.id] : [])).map((id) => classes.get(id));
    const places = ofChoice.map((cls) => (cls ? waitlistPosition(cls, studentId) : undefined));
    const place = places.every((position) => position !== undefined) ? Math.max(...places) : undefined;
    return {
      firstName: names.get(studentId)!,
      outcome: result!.outcome,
      ...((group?.name ?? ofChoice[0]?.name) && { choiceName: group?.name ?? ofChoice[0]!.name }),
      ...(result!.rank && { rank: result!.rank }),
      ...(result!.outcome === 'waitlisted' && place && { place }),
      ...(result!.reason && { reason: result!.reason }),
    };
  });
  const notice = { semesterName: semester.name, children, seatsOpen: settings.lottery.seatsOpen, seed: draw.seed };
  // Each guardian reads it in their own language (their account's).
  const content = (language: AccountLanguage) => lotteryNoticeIn(language, notice, site);
  const outcome = await sendRequestMail(requestKey, stored, to, content, site, timeLeftMs);
  if (outcome === 'nobody to write to')
    logger.warn("Lottery results not sent: the family's addresses do not receive mail.", { familyId });
  return outcome;
}
