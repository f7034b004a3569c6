import { studentMeetings } from '../attendanceRecords';
import { getClasses } from '../../catalogue/classes';
import { notFound } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/**
 * A child's attendance for its student sheet: in each class named (those it is enrolled in), each meeting with
 * every mark in the order made, by whom and when, and its family's absence report. Nothing is merged: the sheet is
 * the record of what happened. One call for the sheet, where reading each meeting would take one a meeting.
 */
export async function studentAttendance({ studentId, classIds }: ParsedInput<'studentAttendance'>) {
  const classes = await getClasses(classIds);
  if (classes.length < classIds.length) throw notFound('There is no such class.');
  const attendance = await Promise.all(
    classes.map(async (cls) => ({
      classId: cls.id,
      className: cls.name,
      meetings: await studentMeetings(cls, studentId),
    })),
  );
  return { classes: attendance.sort((a, b) => a.className.localeCompare(b.className)) };
}

export const handler = portalHandler('studentAttendance', studentAttendance);
