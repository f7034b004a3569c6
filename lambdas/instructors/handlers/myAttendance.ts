import { meetingDays, recordsOfClass } from '../attendanceRecords';
import { getClasses } from '../../catalogue/classes';
import { enrollmentsOfFamily } from '../../enrollment/enrollments';
import { studentName, studentsOfFamily } from '../../families/students';
import type { ClassAttendanceRecord } from '../../contract/classDay';
import type { FamilyCaller } from '../../platform/caller';
import { familyHandler } from '../../platform/familyHandler';

/** The attendance of the family's children in the classes they are enrolled in, meeting by meeting. */
export async function myAttendance(_input: object, caller: FamilyCaller) {
  const [students, enrollments] = await Promise.all([
    studentsOfFamily(caller.familyId),
    enrollmentsOfFamily(caller.familyId),
  ]);
  const enrolled = enrollments.filter((enrollment) => enrollment.status === 'enrolled');
  const classes = new Map(
    (await getClasses([...new Set(enrolled.map((enrollment) => enrollment.classId))])).map((cls) => [cls.id, cls]),
  );
  const records = new Map(
    await Promise.all(
      [...classes.values()].map(async (cls) => {
        const studentIds = enrolled.filter((e) => e.classId === cls.id).map((e) => e.studentId);
        return [cls.id, await recordsOfClass(cls.id, meetingDays(cls), studentIds)] as const;
      }),
    ),
  );
  const children = students.map((student) => ({
    studentId: student.id,
    name: studentName(student),
    classes: enrolled
      .filter((enrollment) => enrollment.studentId === student.id && classes.has(enrollment.classId))
      .map(
        (enrollment): ClassAttendanceRecord => ({
          classId: enrollment.classId,
          className: classes.get(enrollment.classId)!.name,
          meetings: records.get(enrollment.classId)!.get(student.id)!,
        }),
      ),
  }));
  return { children };
}

export const handler = familyHandler('myAttendance', myAttendance);
