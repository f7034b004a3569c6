import { classesOfSemester } from '../classes';
import { semesterEnrollmentsPage, type StoredEnrollment } from '../../enrollment/enrollments';
import { semesterOrCurrent } from '../semesters';
import { readTshirtSizes } from '../settings';
import { studentsByKey } from '../../families/students';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

const PAGE = 500;

/** Shirts to order: enrolled students by size, per class and for the semester (each student once). */
export async function tshirtCounts({ semesterId }: ParsedInput<'tshirtCounts'>) {
  const semester = await semesterOrCurrent(semesterId);
  const enrolled: StoredEnrollment[] = [];
  let cursor: string | undefined;
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
  // Size codes are the administrators' words ("toString" is one): counted in a Map, never on an object.
  const count = (studentIds: string[]) => {
    const counts = new Map<string, number>();
    for (const size of studentIds.map(sizeOf)) counts.set(size, (counts.get(size) ?? 0) + 1);
    return Object.fromEntries(counts);
  };
  return {
    semester,
    sizes,
    classes: classes.map((cls) => ({
      classId: cls.id,
      className: cls.name,
      counts: count(enrolled.filter((e) => e.classId === cls.id).map((e) => e.studentId)),
    })),
    semesterCounts: count([...new Set(enrolled.map((e) => e.studentId))]),
  };
}

export const handler = portalHandler('tshirtCounts', tshirtCounts);
