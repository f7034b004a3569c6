import { classesOfSemester } from '../../catalogue/classes';
import { semesterEnrollmentsPage, toEnrollment, waitlistPositions } from '../enrollments';
import { familyAddresses, guardianContact } from '../../families/families';
import { acceptancesOfStudents } from '../../families/policies';
import { semesterOrCurrent } from '../../catalogue/semesters';
import { studentsByKey, toStudent } from '../../families/students';
import type { ParsedInput } from '../../contract/manifest';
import type { SemesterEnrollment } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

const ENROLLMENT_PAGE = 250;

/**
 * A semester's enrollments with each student's sheet, the family's e-mail and the policies accepted for it, a page at a time (follow
 * `nextCursor`): the source of the student sheets, the enrollment list and the t-shirt counts.
 */
export async function semesterEnrollments({
  semesterId,
  cursor,
  limit = ENROLLMENT_PAGE,
}: ParsedInput<'semesterEnrollments'>) {
  const semester = await semesterOrCurrent(semesterId);
  const [{ enrollments, next }, classes] = await Promise.all([
    semesterEnrollmentsPage(semester.id, limit, cursor),
    classesOfSemester(semester.id),
  ]);
  const keys = enrollments.map((e) => ({ familyId: e.familyId, studentId: e.studentId }));
  const [students, emails, positions, acceptances] = await Promise.all([
    studentsByKey(keys),
    familyAddresses(enrollments.map((e) => e.familyId)),
    waitlistPositions(enrollments.filter((e) => e.status === 'waitlisted')),
    acceptancesOfStudents(keys, semester.id),
  ]);
  const classNames = new Map(classes.map((cls) => [cls.id, cls.name]));
  const page: SemesterEnrollment[] = enrollments.flatMap((e) => {
    const student = students.get(e.studentId);
    if (!student) return [];
    return [
      {
        ...toEnrollment(e, positions.get(e.id)),
        className: classNames.get(e.classId) ?? e.classId,
        student: toStudent(student),
        ...guardianContact(emails.get(e.familyId)),
        ...(e.answers && { answers: e.answers }),
        acceptances: acceptances.get(e.studentId) ?? [],
      },
    ];
  });
  return { semester, enrollments: page, ...(next && { nextCursor: next }) };
}

export const handler = portalHandler('semesterEnrollments', semesterEnrollments);
