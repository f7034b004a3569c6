import { classesOfSemester } from '../data/classes';
import { semesterEnrollmentsPage, type StoredEnrollment } from '../data/enrollments';
import { semesterOrCurrent } from '../data/semesters';
import { readTshirtSizes } from '../data/settings';
import { studentsByKey } from '../data/students';
import type { ParsedInput } from '../manifest';
import { portalHandler } from '../shared/handler';

const PAGE = 500;

/** Shirts to order: enrolled students by size, per class and for the semester (each student once). */
export async function tshirtCounts({ semesterId }: ParsedInput<'tshirtCounts'>) {
  const semester = await semesterOrCurrent(semesterId);
  const enrolled: StoredEnrollment[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await semesterEnrollmentsPage(semester.id, PAGE, cursor);
    enrolled.push(...page.enrollments.filter((e) => e.status === 'enrolled'));
    cursor = page.next;
  } while (cursor);
  const [classes, sizes, students] = await Promise.all([
    classesOfSemester(semester.id),
    readTshirtSizes(),
    studentsByKey(enrolled.map((e) => ({ familyId: e.familyId, studentId: e.studentId }))),
  ]);
  const sizeOf = (studentId: string) => students.get(studentId)?.tshirtSize ?? 'unknown';
  const count = (studentIds: string[]) => {
    const counts: Record<string, number> = {};
    for (const studentId of studentIds) counts[sizeOf(studentId)] = (counts[sizeOf(studentId)] ?? 0) + 1;
    return counts;
  };
  return {
    semester,
    sizes,
    classes: classes.map((found) => ({ classId: found.id, className: found.name, counts: count(enrolled.filter((e) => e.classId === found.id).map((e) => e.studentId)) })),
    semesterCounts: count([...new Set(enrolled.map((e) => e.studentId))]),
  };
}

export const handler = portalHandler('tshirtCounts', tshirtCounts);
