// The class day: an administrator invites instructors and assigns them classes; an instructor sees only their
// classes' rosters (what the day needs of each child) and records attendance marks, each once by its key and read
// back in the order made; a removed instructor is refused at once; families report absences; the office reads a
// meeting's attendance.
import { randomUUID } from 'node:crypto';
import type {
  AttendanceEvent,
  ChildAttendance,
  ClassDayRoster,
  InstructorInvitation,
  InstructorSummary,
} from '../../lambdas/contract/classDay';
import { MAX_MARKS_PER_CALL } from '../../lambdas/contract/classDay';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import type { Class, Question } from '../../lambdas/contract/records';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import {
  call,
  data,
  enrollAndWait,
  outbox,
  runScheduleAt,
  signUpFamily,
  waitForMail,
  type SignedIn,
} from '../support/portal';
import { dateLabel, dayOf, momentOfWallClock } from '../../lambdas/contract/moments';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';

const DAY = 86_400_000;
const meetingDay = new Date(Date.now() + 35 * DAY).toISOString().slice(0, 10);
const admin = async () => (await adminSession()).accessToken;

/** A new account the office invites to teach `classIds`, which accepts. */
async function instructorOf(classIds: string[]): Promise<SignedIn> {
  const instructor = await signUpFamily('instructor');
  await data('inviteInstructor', { email: instructor.email, classIds }, await admin());
  await data('acceptInstructorInvitation', {}, instructor.accessToken);
  return instructor;
}

/** A family with a child Ada in the class, whose pick-up list names Dana Tester (the class's question answered). */
async function familyWithAda(name: string): Promise<{ family: SignedIn; ada: { id: string } }> {
  const account = await signUpFamily(name);
  const ada = await addStudent(account, {
    firstName: 'Ada',
    pickupAdults: [{ name: 'Dana Tester', relationship: 'aunt', phone: '+1 555 010 0101' }],
  });
  const answers = [{ questionId: allergyQuestion.id, value: false }];
  expect((await enrollAndWait({ studentId: ada.id, classId: cls.id, answers }, account.accessToken)).status).toBe(200);
  return { family: account, ada };
}

const stillCheckedInAt = (time: Date) => runScheduleAt<{ told: number }>('stillCheckedIn', time);

const mark = (classId: string, studentId: string, kind: string, extra: Record<string, unknown> = {}) => ({
  key: randomUUID(),
  kind,
  classId,
  date: meetingDay,
  studentId,
  at: new Date().toISOString(),
  deviceId: 'phone-1',
  ...extra,
});

let cls: Class;
let other: Class;
let child: { id: string };
let family: SignedIn;
let teacher: SignedIn;
let otherTeacher: SignedIn;
let allergyQuestion: Question;
beforeAll(async () => {
  const semesterId = (await openSemester({ name: 'Class day' })).id;
  cls = await newClass(semesterId);
  other = await newClass(semesterId);
  const { questions } = await data<{ questions: Question[] }>(
    'saveQuestions',
    {
      classId: cls.id,
      questions: [
        { label: 'Can your child ski a blue run?', kind: 'yesNo', required: true, forInstructors: true },
        { label: 'How did you hear of us?', kind: 'text', required: false },
      ],
    },
    await admin(),
  );
  allergyQuestion = questions[0]!;
  family = await signUpFamily('class-day');
  const student = await addStudent(family, {
    firstName: 'Ben',
    allergies: 'Peanuts: EpiPen in the backpack',
    photoConsent: false,
    pickupAdults: [{ name: 'Dana Tester', relationship: 'aunt', phone: '+1 555 010 0101' }],
  });
  child = student;
  const enrolled = await enrollAndWait(
    {
      studentId: student.id,
      classId: cls.id,
      answers: [
        { questionId: allergyQuestion.id, value: true },
        { questionId: questions[1]!.id, value: 'A friend' },
      ],
    },
    family.accessToken,
  );
  expect(enrolled.status).toBe(200);
  [teacher, otherTeacher] = await Promise.all([instructorOf([cls.id]), instructorOf([other.id])]);
}, 120_000);

describe('instructors', () => {
  test('the office invites a person, who accepts with the invited address, and lists them with their classes', async () => {
    const person = await signUpFamily('invited');
    const { invitation } = await data<{ invitation: InstructorInvitation }>(
      'inviteInstructor',
      { email: person.email.toUpperCase(), classIds: [cls.id] },
      await admin(),
    );
    expect(invitation).toMatchObject({ email: person.email, classIds: [cls.id] });
    // Before accepting, the person is no instructor; another login cannot accept it.
    expect((await call('instructorClasses', {}, person.accessToken)).status).toBe(403);
    expect((await call('acceptInstructorInvitation', {}, family.accessToken)).status).toBe(404);

    const { instructor } = await data<{ instructor: InstructorSummary }>(
      'acceptInstructorInvitation',
      {},
      person.accessToken,
    );
    expect(instructor).toMatchObject({ email: person.email, classes: [{ id: cls.id, name: cls.name }] });
    expect((await data<{ classes: Class[] }>('instructorClasses', {}, person.accessToken)).classes).toEqual([
      expect.objectContaining({ id: cls.id, meetings: cls.meetings }),
    ]);
    const list = await data<{ instructors: InstructorSummary[]; invitations: InstructorInvitation[] }>(
      'instructors',
      {},
      await admin(),
    );
    expect(list.instructors).toContainEqual(instructor);
    expect(list.invitations.map((waiting) => waiting.email)).not.toContain(person.email);
    // The invitation is used up.
    expect((await call('acceptInstructorInvitation', {}, person.accessToken)).status).toBe(404);
  });

  test('the invited address is written to: who invites it, to which classes, and where to accept', async () => {
    const email = `teacher-${randomUUID()}@example.com`;
    await data('inviteInstructor', { email, classIds: [cls.id] }, await admin());
    const mail = await waitForMail(email, /invites you to teach with/);
    expect(mail.text).toContain(`invites you to teach ${cls.name} on`);
    expect(mail.text).toContain('/instructor/invitation');
    expect(mail.text).toContain('Sign in with this e-mail address (or create an account with it) to accept');
  });

  test('an invitation to a class that does not exist is refused with a clear 400', async () => {
    const refused = await call('inviteInstructor', { email: 'x@example.com', classIds: ['nope'] }, await admin());
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe('classIds: there is no class nope.');
  });
});

describe('the class-day roster', () => {
  test('shows an instructor of the class what the day needs of each child, and the answers marked for instructors', async () => {
    const roster = await data<ClassDayRoster>('classDayRoster', { classId: cls.id }, teacher.accessToken);
    expect(roster.questions.map((question) => question.id)).toEqual([allergyQuestion.id]);
    expect(roster.children).toEqual([
      {
        studentId: child.id,
        firstName: 'Ben',
        lastName: 'Tester',
        photoConsent: false,
        allergies: 'Peanuts: EpiPen in the backpack',
        emergencyContacts: [{ name: 'Jordan Tester', phone: '+1 555 010 0100', relationship: 'parent' }],
        pickupAdults: [{ name: 'Dana Tester', relationship: 'aunt', phone: '+1 555 010 0101' }],
        answers: [{ questionId: allergyQuestion.id, label: allergyQuestion.label, value: true }],
        absences: [],
      },
    ]);
  });

  test('is refused to an instructor of another class (404), a family and a visitor (403, 401), and an administrator who teaches nothing (403)', async () => {
    expect((await call('classDayRoster', { classId: cls.id }, otherTeacher.accessToken)).status).toBe(404);
    expect((await call('classDayRoster', { classId: 'no-such-class' }, teacher.accessToken)).status).toBe(404);
    expect((await call('classDayRoster', { classId: cls.id }, family.accessToken)).status).toBe(403);
    expect((await call('classDayRoster', { classId: cls.id })).status).toBe(401);
    expect((await call('classDayRoster', { classId: cls.id }, await admin())).status).toBe(403);
    // The office's functions are not the instructors'.
    expect((await call('meetingAttendance', { classId: cls.id, date: meetingDay }, teacher.accessToken)).status).toBe(
      403,
    );
    expect((await call('instructors', {}, teacher.accessToken)).status).toBe(403);
  });

  test("shows the absence a guardian reported, and only the family's own enrolled child may be reported", async () => {
    await data(
      'reportAbsence',
      { classId: cls.id, date: meetingDay, studentId: child.id, note: 'Ben is sick today' },
      family.accessToken,
    );
    const roster = await data<ClassDayRoster>('classDayRoster', { classId: cls.id }, teacher.accessToken);
    expect(roster.children[0]!.absences).toEqual([
      { studentId: child.id, date: meetingDay, note: 'Ben is sick today', reportedAt: expect.any(String) },
    ]);
    // The family is told what the instructors were told.
    const confirmation = await waitForMail(family.email, new RegExp(`^Absence noted: .*, ${cls.name} on `));
    expect(confirmation.text).toContain('“Ben is sick today”');
    expect(confirmation.text).toContain("The class's instructors see it on their roster for that day");
    const report = (classId: string, date: string, token: string) =>
      call('reportAbsence', { classId, date, studentId: child.id, note: 'x' }, token);
    const stranger = await signUpFamily('stranger');
    expect((await report(cls.id, meetingDay, stranger.accessToken)).status).toBe(404);
    expect((await report(other.id, meetingDay, family.accessToken)).status).toBe(404);
    const notAMeeting = await report(cls.id, '2020-01-01', family.accessToken);
    expect(notAMeeting.body.error?.message).toBe('date: the class does not meet on 2020-01-01.');
  });
});

describe('attendance marks', () => {
  test('are recorded once by their key, both instructors keep their marks, and the office reads them in the order made', async () => {
    const second = await instructorOf([cls.id]);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const checkIn = mark(cls.id, child.id, 'checkIn', { at: at(0) });
    const present = mark(cls.id, child.id, 'present', { at: at(1), deviceId: 'phone-2' });
    const checkOut = mark(cls.id, child.id, 'checkOut', { at: at(2), pickedUpBy: 'dana tester' });

    // The later mark arrives first, from the second instructor's phone.
    expect(await data('recordAttendance', { marks: [present] }, second.accessToken)).toEqual({
      marks: [{ key: present.key, outcome: 'recorded' }],
    });
    expect(await data('recordAttendance', { marks: [checkIn] }, teacher.accessToken)).toEqual({
      marks: [{ key: checkIn.key, outcome: 'recorded' }],
    });
    const office = async () =>
      (
        await data<{ children: ChildAttendance[] }>(
          'meetingAttendance',
          { classId: cls.id, date: meetingDay },
          await admin(),
        )
      ).children;
    expect((await office())[0]).toMatchObject({ studentId: child.id, name: 'Ben Tester', checkedIn: true });

    // Sent again after a lost answer, with the check-out: the check-in is stored once.
    expect(await data('recordAttendance', { marks: [checkIn, checkOut] }, teacher.accessToken)).toEqual({
      marks: [
        { key: checkIn.key, outcome: 'already recorded' },
        { key: checkOut.key, outcome: 'recorded' },
      ],
    });
    const [day] = await office();
    expect(day!.events.map((event: AttendanceEvent) => [event.key, event.kind, event.byEmail, event.deviceId])).toEqual(
      [
        [checkIn.key, 'checkIn', teacher.email, 'phone-1'],
        [present.key, 'present', second.email, 'phone-2'],
        [checkOut.key, 'checkOut', teacher.email, 'phone-1'],
      ],
    );
    expect(day).toMatchObject({ checkedIn: false, absence: { note: 'Ben is sick today' } });
    expect(day!.events[2]).not.toHaveProperty('flagged');
    // The family is told once, though the check-out was sent twice.
    const checkedOut = await waitForMail(family.email, `Checked out: Ben Tester from ${cls.name}`);
    expect(checkedOut.text).toContain(`Ben Tester was checked out of ${cls.name} on `);
    expect(checkedOut.text).toContain(', to dana tester.');
    await data('recordAttendance', { marks: [checkOut] }, teacher.accessToken);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await outbox()).filter((message) => message.subject === checkedOut.subject)).toHaveLength(1);
  });

  test('a check-out to an adult off the pick-up list is refused without a reason (the other marks are recorded), and flagged with one', async () => {
    const present = mark(cls.id, child.id, 'present');
    const stranger = mark(cls.id, child.id, 'checkOut', { pickedUpBy: 'Uncle Bob' });
    expect(await data('recordAttendance', { marks: [present, stranger] }, teacher.accessToken)).toEqual({
      marks: [
        { key: present.key, outcome: 'recorded' },
        {
          key: stranger.key,
          outcome: 'refused',
          reason: "Uncle Bob is not on the child's pick-up list: give a reason to check the child out.",
        },
      ],
    });
    const withReason = { ...stranger, reason: 'His mother called the office at noon' };
    expect(await data('recordAttendance', { marks: [present, withReason] }, teacher.accessToken)).toEqual({
      marks: [
        { key: present.key, outcome: 'already recorded' },
        { key: stranger.key, outcome: 'recorded', flagged: true },
      ],
    });
    const [day] = (
      await data<{ children: ChildAttendance[] }>(
        'meetingAttendance',
        { classId: cls.id, date: meetingDay },
        await admin(),
      )
    ).children;
    expect(day!.events.filter((event) => event.key === present.key)).toHaveLength(1);
    expect(day!.events.find((event) => event.key === stranger.key)).toMatchObject({
      pickedUpBy: 'Uncle Bob',
      reason: 'His mother called the office at noon',
      flagged: true,
    });
    const flagged = await waitForMail(
      family.email,
      `Checked out to someone not on the list: Ben Tester from ${cls.name}`,
    );
    expect(flagged.text).toContain(
      "Uncle Bob is not on Ben Tester's pick-up list. The instructor gave this reason: “His mother called the office at noon”.",
    );
  });

  test('a family that switched check-out e-mails off is not told of one to an adult on the list, but is of one off it', async () => {
    const { family: quiet, ada } = await familyWithAda('quiet');
    await data('saveMailPreferences', { reminders: true, announcements: true, checkOuts: false }, quiet.accessToken);
    const onList = mark(cls.id, ada.id, 'checkOut', { pickedUpBy: 'Dana Tester' });
    const offList = mark(cls.id, ada.id, 'checkOut', { pickedUpBy: 'Uncle Bob', reason: 'The aunt is ill' });
    await data('recordAttendance', { marks: [onList, offList] }, teacher.accessToken);
    await waitForMail(quiet.email, /^Checked out to someone not on the list: /);
    expect(
      (await outbox()).filter((message) => message.to === quiet.email && /^Checked out: /.test(message.subject)),
    ).toEqual([]);
  });

  test('a child still checked in 30 minutes after the meeting ended is told to the office, once', async () => {
    const { ada } = await familyWithAda('still-out');
    await data('recordAttendance', { marks: [mark(cls.id, ada.id, 'checkIn')] }, teacher.accessToken);
    const meeting = cls.meetings.find((candidate) => candidate.date === meetingDay)!;
    const endedAt = Date.parse(momentOfWallClock(`${meetingDay}T${meeting.end}`, LOCAL_TIME_ZONE)!);
    const subject = `Still checked in: Ada Tester after ${cls.name} on ${dateLabel(meetingDay)}`;
    const toOffice = async () => (await outbox()).filter((message) => message.subject === subject);

    // Before the half hour, nobody is told.
    await stillCheckedInAt(new Date(endedAt + 29 * 60_000));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await toOffice()).toEqual([]);

    expect((await stillCheckedInAt(new Date(endedAt + 31 * 60_000))).told).toBeGreaterThanOrEqual(1);
    const alarm = await waitForMail('help@mountainschool.example', subject);
    expect(alarm.text).toContain('is still checked in 30 minutes after the meeting ended. The last check-in was on ');
    expect(alarm.text).toContain(`by ${teacher.email}.`);
    // A run again tells nobody twice.
    await stillCheckedInAt(new Date(endedAt + 36 * 60_000));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await toOffice()).toHaveLength(1);
  });

  test("the office's report of a class, the family's own view and the child's sheet hold each meeting's record, and a family sees only its own", async () => {
    const { family: own, ada } = await familyWithAda('records');
    const [checkedInAt, presentAt, checkedOutAt] = [0, 1, 2].map((minutes) =>
      new Date(Date.now() + minutes * 60_000).toISOString(),
    );
    const marks = [
      mark(cls.id, ada.id, 'checkIn', { at: checkedInAt }),
      mark(cls.id, ada.id, 'present', { at: presentAt }),
      mark(cls.id, ada.id, 'checkOut', { at: checkedOutAt, pickedUpBy: 'Uncle Bob', reason: 'The aunt is ill' }),
    ];
    await data('recordAttendance', { marks }, teacher.accessToken);
    const meeting = {
      date: meetingDay,
      attended: 'present',
      checkedInAt,
      checkedOutAt,
      pickedUpBy: 'Uncle Bob',
      flagged: true,
    };

    const report = await data<FunctionResult<'classAttendance'>>('classAttendance', { classId: cls.id }, await admin());
    expect(report.days).toEqual([meetingDay]);
    expect(report.children.find((entry) => entry.studentId === ada.id)).toEqual({
      studentId: ada.id,
      name: 'Ada Tester',
      meetings: [meeting],
    });
    const mine = await data<FunctionResult<'myAttendance'>>('myAttendance', {}, own.accessToken);
    expect(mine.children).toEqual([
      {
        studentId: ada.id,
        name: 'Ada Tester',
        classes: [{ classId: cls.id, className: cls.name, meetings: [meeting] }],
      },
    ]);
    const theirs = await data<FunctionResult<'myAttendance'>>('myAttendance', {}, family.accessToken);
    expect(theirs.children.map((entry) => entry.studentId)).toEqual([child.id]);
    expect(theirs.children[0]!.classes[0]!.meetings[0]!.absence).toMatchObject({ note: 'Ben is sick today' });

    // The child's sheet holds the marks themselves, not what they come to: each one, by whom, in the order made.
    const sheet = await data<FunctionResult<'studentAttendance'>>(
      'studentAttendance',
      { studentId: ada.id, classIds: [cls.id] },
      await admin(),
    );
    expect(sheet.classes).toEqual([
      {
        classId: cls.id,
        className: cls.name,
        meetings: [
          {
            date: meetingDay,
            events: marks.map((sent) => ({
              ...sent,
              by: teacher.sub,
              byEmail: teacher.email,
              recordedAt: expect.any(String),
              ...(sent.kind === 'checkOut' && { flagged: true }),
            })),
          },
        ],
      },
    ]);
    const bens = await data<FunctionResult<'studentAttendance'>>(
      'studentAttendance',
      { studentId: child.id, classIds: [cls.id] },
      await admin(),
    );
    expect(bens.classes[0]!.meetings[0]!.absence).toMatchObject({ studentId: child.id, note: 'Ben is sick today' });
    expect(
      (await call('studentAttendance', { studentId: ada.id, classIds: [cls.id, 'no-such-class'] }, await admin()))
        .status,
    ).toBe(404);
  });

  test("the office's view of the day lists each class meeting today and who is checked in now, since when", async () => {
    const today = dayOf(new Date().toISOString(), LOCAL_TIME_ZONE);
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const semester = await openSemester({ name: 'Class day today', startDate: today, endDate: inAMonth });
    const todays = await newClass(semester.id, { meetings: [{ date: today, start: '00:00', end: '23:59' }] });
    const parent = await signUpFamily('today');
    const kid = await addStudent(parent, {
      firstName: 'Kit',
      pickupAdults: [{ name: 'Dana Tester', relationship: 'aunt', phone: '+1 555 010 0101' }],
    });
    expect((await enrollAndWait({ studentId: kid.id, classId: todays.id }, parent.accessToken)).status).toBe(200);
    const teaching = await instructorOf([todays.id]);
    const checkIn = { ...mark(todays.id, kid.id, 'checkIn'), date: today };
    await data('recordAttendance', { marks: [checkIn] }, teaching.accessToken);

    const office = async () =>
      (await data<FunctionResult<'checkedInNow'>>('checkedInNow', {}, await admin())).classes.find(
        (entry) => entry.classId === todays.id,
      );
    expect(await office()).toEqual({
      classId: todays.id,
      className: todays.name,
      meetings: [{ start: '00:00', end: '23:59' }],
      enrolled: 1,
      marked: 1,
      checkedIn: [{ studentId: kid.id, name: 'Kit Tester', since: checkIn.at }],
    });
    const checkOut = { ...mark(todays.id, kid.id, 'checkOut', { pickedUpBy: 'Dana Tester' }), date: today };
    await data('recordAttendance', { marks: [checkOut] }, teaching.accessToken);
    expect((await office())!.checkedIn).toEqual([]);
  });

  test('malformed marks get a clear 400 and change nothing; a mark the day refuses is answered on its own, with why, and holds back none of the others', async () => {
    const refusals: Array<[unknown, string]> = [
      [{ marks: [] }, 'marks: must hold at least one mark'],
      [
        { marks: Array.from({ length: MAX_MARKS_PER_CALL + 1 }, () => mark(cls.id, child.id, 'present')) },
        `marks: must hold at most ${MAX_MARKS_PER_CALL} marks: send the rest in another call`,
      ],
      [
        { marks: [mark(cls.id, child.id, 'present', { key: 'k1' })] },
        'marks[0].key: must be a uuid made on the device',
      ],
    ];
    for (const [payload, message] of refusals) {
      const refused = await call('recordAttendance', payload, teacher.accessToken);
      expect([refused.status, refused.body.error?.message]).toEqual([400, message]);
    }
    // Made while the phone was out of signal: a child whose enrollment went, a meeting that was cancelled, a class
    // taken off the instructor. Each is refused with its reason, recorded nowhere; the good mark beside them is.
    const good = mark(cls.id, child.id, 'present');
    const stale = [
      mark(cls.id, 'nobody', 'present'),
      mark(cls.id, child.id, 'present', { date: '2020-01-01' }),
      mark(other.id, child.id, 'present'),
    ];
    expect(await data('recordAttendance', { marks: [...stale, good] }, teacher.accessToken)).toEqual({
      marks: [
        { key: stale[0]!.key, outcome: 'refused', reason: 'The child is not enrolled in the class.' },
        { key: stale[1]!.key, outcome: 'refused', reason: 'The class does not meet on 2020-01-01.' },
        { key: stale[2]!.key, outcome: 'refused', reason: 'You do not teach this class (any more).' },
        { key: good.key, outcome: 'recorded' },
      ],
    });
    const notTheirs = mark(cls.id, child.id, 'present');
    expect(await data('recordAttendance', { marks: [notTheirs] }, otherTeacher.accessToken)).toEqual({
      marks: [{ key: notTheirs.key, outcome: 'refused', reason: 'You do not teach this class (any more).' }],
    });
    const [day] = (
      await data<{ children: ChildAttendance[] }>(
        'meetingAttendance',
        { classId: cls.id, date: meetingDay },
        await admin(),
      )
    ).children;
    const refusedKeys = new Set<string>([...stale, notTheirs].map((refused) => refused.key));
    expect(day!.events.filter((event) => refusedKeys.has(event.key))).toEqual([]);
  });
});

describe('a change of assignment', () => {
  test('takes effect at the next call: a class unassigned is 404, a removed instructor is refused at once with the token they hold', async () => {
    const instructor = await instructorOf([cls.id, other.id]);
    expect((await call('classDayRoster', { classId: other.id }, instructor.accessToken)).status).toBe(200);

    await data('assignInstructor', { sub: instructor.sub, classIds: [cls.id] }, await admin());
    expect((await call('classDayRoster', { classId: other.id }, instructor.accessToken)).status).toBe(404);
    expect((await call('classDayRoster', { classId: cls.id }, instructor.accessToken)).status).toBe(200);

    await data('removeInstructor', { sub: instructor.sub }, await admin());
    for (const name of ['instructorClasses', 'classDayRoster', 'recordAttendance'] as const) {
      const payload =
        name === 'classDayRoster'
          ? { classId: cls.id }
          : name === 'recordAttendance'
            ? { marks: [mark(cls.id, child.id, 'present')] }
            : {};
      const refused = await call(name, payload, instructor.accessToken);
      expect([name, refused.status]).toEqual([name, 403]);
    }
    expect((await call('removeInstructor', { sub: instructor.sub }, await admin())).status).toBe(404);
    expect((await call('assignInstructor', { sub: instructor.sub, classIds: [] }, await admin())).status).toBe(404);
  });
});
