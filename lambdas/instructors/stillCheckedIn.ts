// The office's alarm for a child nobody checked out: STILL_OUT_MINUTES after a meeting ends (on the programme's
// clock), each child whose last check-in or check-out of the day is a check-in is told to the office by e-mail,
// once per child and meeting. Meetings that ended more than LOOK_BACK_HOURS ago are not looked at.
import { checkedInNow } from '../contract/classDay';
import { dayOf, momentOfWallClock } from '../contract/moments';
import { readProgrammeTimeZone } from '../catalogue/settings';
import { meetingEvents, tellOfficeStillCheckedIn } from './attendance';
import { seatedChildren } from './classDay';
import { meetingsOn } from './meetingsOn';

export const STILL_OUT_MINUTES = 30;
const LOOK_BACK_HOURS = 12;
const MINUTE_MS = 60_000;

/** Asks for the office's e-mail about each child still checked in after a meeting at `now`: how many it asked for. */
export async function tellOfChildrenStillCheckedIn(now: Date): Promise<number> {
  const timeZone = await readProgrammeTimeZone();
  const days = [now.getTime() - LOOK_BACK_HOURS * 60 * MINUTE_MS, now.getTime()].map((at) =>
    dayOf(new Date(at).toISOString(), timeZone),
  );
  const due = (await meetingsOn(days)).filter(({ meeting }) => {
    const endedAt = Date.parse(momentOfWallClock(`${meeting.date}T${meeting.end}`, timeZone) ?? '');
    const sinceEnd = now.getTime() - endedAt;
    return sinceEnd >= STILL_OUT_MINUTES * MINUTE_MS && sinceEnd <= LOOK_BACK_HOURS * 60 * MINUTE_MS;
  });
  // A class that meets twice a day is looked at once for that day.
  const classDays = new Map(
    due.map(({ cls, meeting }) => [`${cls.id}/${meeting.date}`, { classId: cls.id, date: meeting.date }]),
  );
  let told = 0;
  for (const { classId, date } of classDays.values()) told += await tellOfMeeting(classId, date, now);
  return told;
}

/** The children of one meeting still checked in, each told once. */
async function tellOfMeeting(classId: string, date: string, now: Date): Promise<number> {
  const events = await meetingEvents(classId, date);
  const studentIds = [...new Set(events.map((event) => event.studentId))].filter((studentId) =>
    checkedInNow(events.filter((event) => event.studentId === studentId)),
  );
  if (studentIds.length === 0) return 0;
  const families = new Map((await seatedChildren(classId)).map((seated) => [seated.studentId, seated.familyId]));
  let told = 0;
  for (const studentId of studentIds) {
    const familyId = families.get(studentId);
    const notice = { classId, date, studentId, ...(familyId && { familyId }) };
    if (await tellOfficeStillCheckedIn(notice, now.toISOString())) told += 1;
  }
  return told;
}
