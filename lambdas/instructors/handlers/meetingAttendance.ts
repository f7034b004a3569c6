import { seatedChildren } from '../classDay';
import { classAbsences, meetingEvents } from '../attendance';
import { getStoredClass, toClass } from '../../catalogue/classes';
import { studentName, studentsByKey } from '../../families/students';
import { checkedInNow, inOrderMade, type ChildAttendance } from '../../contract/classDay';
import { notFound } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/**
 * A meeting's attendance for the office: each enrolled child's events in the order made (every instructor's),
 * the absence its family reported, and whether it is checked in now. A child marked but no longer enrolled is
 * listed too: the record of the day is what happened.
 */
export async function meetingAttendance({ classId, date }: ParsedInput<'meetingAttendance'>) {
  const [cls, seated, events, absences] = await Promise.all([
    getStoredClass(classId),
    seatedChildren(classId),
    meetingEvents(classId, date),
    classAbsences(classId),
  ]);
  if (!cls) throw notFound('There is no such class.');
  const students = await studentsByKey(seated.map((e) => ({ familyId: e.familyId, studentId: e.studentId })));
  const ordered = inOrderMade(events);
  const studentIds = [...new Set([...seated.map((e) => e.studentId), ...ordered.map((event) => event.studentId)])];
  const children = studentIds.map((studentId): ChildAttendance => {
    const own = ordered.filter((event) => event.studentId === studentId);
    const student = students.get(studentId);
    const absence = absences.find((entry) => entry.studentId === studentId && entry.date === date);
    return {
      studentId,
      name: student ? studentName(student) : 'A child no longer enrolled',
      events: own,
      ...(absence && { absence }),
      checkedIn: checkedInNow(own),
    };
  });
  return { class: toClass(cls), date, children };
}

export const handler = portalHandler('meetingAttendance', meetingAttendance);
