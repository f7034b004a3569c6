// A class's attendance as records per child and meeting (contract/classDay.ts, meetingRecord): for the office's
// report of a class and for a family's view of its children; and one child's marks unmerged, for its student sheet.
// Every meeting not cancelled counts, the ones to come too (they hold the absences reported ahead).
import {
  inOrderMade,
  meetingRecord,
  type AttendanceEvent,
  type MeetingRecord,
  type ReportedAbsence,
} from '../contract/classDay';
import type { Class } from '../contract/records';
import { classAbsences, classEvents } from './attendance';

/** The days the class meets (meetings not cancelled), in order. */
export const meetingDays = (cls: Pick<Class, 'meetings'>) =>
  [...new Set(cls.meetings.filter((meeting) => !meeting.cancelled).map((meeting) => meeting.date))].sort();

/** Each child's record of each day, by student id, for the children named (all who were marked, without). */
export async function recordsOfClass(
  classId: string,
  days: string[],
  studentIds?: string[],
): Promise<Map<string, MeetingRecord[]>> {
  const [events, absences] = await Promise.all([classEvents(classId), classAbsences(classId)]);
  const children = studentIds ?? [...new Set(events.map((event) => event.studentId))];
  return new Map(
    children.map((studentId) => [
      studentId,
      days.map((date) =>
        meetingRecord(
          date,
          events.filter((event) => event.studentId === studentId && event.date === date),
          absences.find((absence) => absence.studentId === studentId && absence.date === date),
        ),
      ),
    ]),
  );
}

/** One meeting of a child: every mark made of it, in the order made, and the absence its family reported. */
interface StudentMeeting {
  date: string;
  events: AttendanceEvent[];
  absence?: ReportedAbsence;
}

/**
 * A child's meetings of a class for its sheet: each day the class meets, and any other day the child was marked or
 * reported on (a meeting cancelled after it), so no mark is left out.
 */
export async function studentMeetings(
  cls: Pick<Class, 'id' | 'meetings'>,
  studentId: string,
): Promise<StudentMeeting[]> {
  const [events, absences] = await Promise.all([classEvents(cls.id), classAbsences(cls.id)]);
  const own = inOrderMade(events.filter((event) => event.studentId === studentId));
  const reported = absences.filter((absence) => absence.studentId === studentId);
  const days = [...new Set([...meetingDays(cls), ...own.map((e) => e.date), ...reported.map((a) => a.date)])].sort();
  return days.map((date) => {
    const absence = reported.find((entry) => entry.date === date);
    return { date, events: own.filter((event) => event.date === date), ...(absence && { absence }) };
  });
}
