import { getClasses } from '../data/classes';
import { enrollmentsOfFamily, toEnrollment, waitlistPositions } from '../data/enrollments';
import { getGroups } from '../data/groups';
import { studentName, studentsOfFamily } from '../data/students';
import type { NamedEnrollment } from '../records';
import type { FamilyCaller } from '../shared/caller';
import { portalHandler } from '../shared/handler';

/** The family's enrollments, cancelled ones included, with class, student and group names and waitlist positions. */
export async function myEnrollments(_input: object, caller: FamilyCaller) {
  const [enrollments, students] = await Promise.all([
    enrollmentsOfFamily(caller.familyId),
    studentsOfFamily(caller.familyId),
  ]);
  const groupIds = [...new Set(enrollments.flatMap((e) => (e.groupId ? [e.groupId] : [])))];
  const [classes, groups, positions] = await Promise.all([
    getClasses([...new Set(enrollments.map((e) => e.classId))]),
    groupIds.length ? getGroups(groupIds) : [],
    waitlistPositions(enrollments.filter((e) => e.status === 'waitlisted')),
  ]);
  const classNames = new Map(classes.map((cls) => [cls.id, cls.name]));
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const studentNames = new Map(students.map((student) => [student.id, studentName(student)]));
  const named: NamedEnrollment[] = enrollments
    .filter((e) => studentNames.has(e.studentId))
    .map((e) => ({
      ...toEnrollment(e, positions.get(e.id)),
      className: classNames.get(e.classId) ?? 'A class no longer offered',
      studentName: studentNames.get(e.studentId)!,
      ...(e.groupId && groupNames.has(e.groupId) && { groupName: groupNames.get(e.groupId) }),
    }))
    .sort((a, b) => a.studentName.localeCompare(b.studentName) || a.createdAt.localeCompare(b.createdAt));
  return { enrollments: named };
}

export const handler = portalHandler('myEnrollments', myEnrollments);
