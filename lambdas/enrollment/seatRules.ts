// The rules a change of seats is judged by besides the seats, and its refusals in a parent's words: the
// family's caps, the classes' grades, a child already there. Shared by the planner (seatPlan/), the
// transaction it is written in (seatTransaction.ts) and the allocator, which reads a refusal from the item
// whose condition failed.
import { admitsGrade, gradeName, gradeRange } from '../contract/grades';
import type { Class } from '../contract/records';
import { failedPrecondition, type PortalError } from '../contract/errors';
import type { StoredEnrollment } from './enrollments';
import { classCount, type FamilyChange } from '../families/families';
import type { EnrollmentCaps } from '../catalogue/settings';
import type { StoredStudent } from '../families/students';

/** The caps each count of an enrollment is held to. */
export function capsOf(counts: Record<string, number>, caps: EnrollmentCaps): Record<string, number> {
  return Object.fromEntries(
    Object.keys(counts).map((name) => [
      name,
      name.startsWith(classCount('')) ? caps.childrenPerClass : caps.enrollmentsPerSemester,
    ]),
  );
}

/** The refusal, in a parent's words, of a change that takes a count of `profile` past its cap (see capsOf). */
export function capRefusal(
  change: Pick<FamilyChange, 'counts' | 'caps'>,
  profile: Record<string, unknown>,
): PortalError | undefined {
  const { counts = {}, caps = {} } = change;
  const over = Object.keys(counts).filter(
    (name) => caps[name] !== undefined && Number(profile[name] ?? 0) + counts[name]! > caps[name]!,
  );
  const perClass = over.find((name) => name.startsWith(classCount('')));
  if (perClass) {
    const cap = caps[perClass]!;
    return failedPrecondition(`A family can enroll at most ${cap} ${cap === 1 ? 'child' : 'children'} in one class.`);
  }
  if (over.length)
    return failedPrecondition(
      `A family can hold at most ${caps[over[0]!]} enrollments (enrolled or waitlisted) in one semester.`,
    );
  return undefined;
}

interface GradeRange {
  min?: number;
  max?: number;
}

/** The grades every one of the classes admits, if any limits them. */
export function gradesAdmitted(classes: Class[]): GradeRange | undefined {
  const mins = classes.flatMap((cls) => (cls.minGrade === undefined ? [] : [cls.minGrade]));
  const maxes = classes.flatMap((cls) => (cls.maxGrade === undefined ? [] : [cls.maxGrade]));
  if (!mins.length && !maxes.length) return undefined;
  return { ...(mins.length && { min: Math.max(...mins) }), ...(maxes.length && { max: Math.min(...maxes) }) };
}

/** Whether the student is in the grades of every class (a limited class needs the student's grade). */
export function inGrades(student: Pick<StoredStudent, 'grade'>, classes: Class[]): boolean {
  const range = gradesAdmitted(classes);
  if (!range) return true;
  return student.grade !== undefined && admitsGrade({ minGrade: range.min, maxGrade: range.max }, student.grade);
}

/** Why the student is not in a class's grades, in a parent's words. */
export function gradeMessage(student: Pick<StoredStudent, 'firstName' | 'grade'>, classes: Class[]): string {
  const misfit =
    classes.find(
      (cls) =>
        gradeRange(cls.minGrade, cls.maxGrade) && (student.grade === undefined || !admitsGrade(cls, student.grade)),
    ) ?? classes[0]!;
  const range = gradeRange(misfit.minGrade, misfit.maxGrade);
  if (student.grade === undefined)
    return `${misfit.name} is for ${range}: add ${student.firstName}'s school grade to their details first.`;
  return `${misfit.name} is for ${range}, and ${student.firstName} is in grade ${gradeName(student.grade)}.`;
}

export function alreadyMessage(name: string, enrollment: StoredEnrollment, cls: Class): string {
  return enrollment.status === 'waitlisted'
    ? `${name} is already on the waitlist for ${cls.name}.`
    : `${name} is already enrolled in ${cls.name}.`;
}
