import { getClasses } from '../../catalogue/classes';
import { enrollmentsOfFamily, toEnrollment, waitlistPositions, type StoredEnrollment } from '../enrollments';
import { optional } from '../../platform/entity';
import { gradeMessage, inGrades } from '../seatRules';
import { getGroups } from '../../catalogue/groups';
import { classesAsking, classStartsOn } from '../questions';
import { getSemester } from '../../catalogue/semesters';
import { studentName, studentsOfFamily } from '../../families/students';
import type { NamedEnrollment } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { familyHandler } from '../../platform/familyHandler';

/**
 * The family's enrollments, cancelled ones included, with class, student and group names, waitlist positions,
 * the answers given and the day each class starts (answers change until then), and why a waiting child is passed
 * over when it is.
 */
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
  const [semesterList, asking] = await Promise.all([
    Promise.all([...new Set(classes.map((cls) => cls.semesterId))].map(getSemester)),
    classesAsking(classes),
  ]);
  const semesters = new Map(
    semesterList.flatMap((semester) => (semester ? [[semester.id, semester.startDate] as const] : [])),
  );
  const startDays = new Map(
    classes.flatMap((cls) =>
      semesters.has(cls.semesterId) ? [[cls.id, classStartsOn(cls, semesters.get(cls.semesterId)!)] as const] : [],
    ),
  );
  const classNames = new Map(classes.map((cls) => [cls.id, cls.name]));
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const studentNames = new Map(students.map((student) => [student.id, studentName(student)]));
  const studentsById = new Map(students.map((student) => [student.id, student]));
  const classesById = new Map(classes.map((cls) => [cls.id, cls]));
  // The seat planner passes over a waiting child no longer in the class's grades: the family reads why here.
  const passedOver = (e: StoredEnrollment) => {
    const cls = classesById.get(e.classId);
    const student = studentsById.get(e.studentId);
    return e.status === 'waitlisted' && cls && student && !inGrades(student, [cls])
      ? gradeMessage(student, [cls])
      : undefined;
  };
  const named: NamedEnrollment[] = enrollments
    .filter((e) => studentNames.has(e.studentId))
    .map((e) => ({
      ...toEnrollment(e, positions.get(e.id)),
      className: classNames.get(e.classId) ?? 'A class no longer offered',
      studentName: studentNames.get(e.studentId)!,
      ...(e.groupId && groupNames.has(e.groupId) && { groupName: groupNames.get(e.groupId) }),
      ...(e.answers && { answers: e.answers }),
      ...(asking.has(e.classId) && { asksQuestions: true as const }),
      ...(startDays.has(e.classId) && { startsOn: startDays.get(e.classId) }),
      ...optional('passedOverBecause', passedOver(e)),
    }))
    .sort((a, b) => a.studentName.localeCompare(b.studentName) || a.createdAt.localeCompare(b.createdAt));
  return { enrollments: named };
}

export const handler = familyHandler('myEnrollments', myEnrollments);
