// A class's attendance as records per child and meeting (contract/classDay.ts, meetingRecord): for the office's
// report of a class and for a family's view of its children. Every meeting not cancelled counts, the ones to come
// too (they hold the absences reported ahead).
import { meetingRecord, type MeetingRecord } from '../contract/classDay';
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
