import { meetingDays, recordsOfClass } from '../attendanceRecords';
import { seatedChildren } from '../classDay';
import { getStoredClass, toClass } from '../../catalogue/classes';
import { studentName, studentsByKey } from '../../families/students';
import { notFound } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/**
 * A class's attendance for the office's report (printed, or as CSV): each child enrolled, and each child marked
 * though no longer enrolled, with a record of each meeting.
 */
export async function classAttendance({ classId }: ParsedInput<'classAttendance'>) {
  const [stored, seated] = await Promise.all([getStoredClass(classId), seatedChildren(classId)]);
  if (!stored) throw notFound('There is no such class.');
  const cls = toClass(stored);
  const days = meetingDays(cls);
  const [records, students] = await Promise.all([
    recordsOfClass(classId, days),
    studentsByKey(seated.map((e) => ({ familyId: e.familyId, studentId: e.studentId }))),
  ]);
  const studentIds = [...new Set([...seated.map((e) => e.studentId), ...records.keys()])];
  const children = studentIds.map((studentId) => {
    const student = students.get(studentId);
    return {
      studentId,
      name: student ? studentName(student) : 'A child no longer enrolled',
      meetings: records.get(studentId) ?? days.map((date) => ({ date })),
    };
  });
  return { class: cls, days, children: children.sort((a, b) => a.name.localeCompare(b.name)) };
}

export const handler = portalHandler('classAttendance', classAttendance);
