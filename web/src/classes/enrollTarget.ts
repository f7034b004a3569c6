// What an enrollment is for (a class or a class group) and how its outcome reads to a parent.
import type { Class, ClassGroup, Enrollment, Student } from '@contract/records';

export type EnrollTarget = { kind: 'class'; cls: Class } | { kind: 'group'; group: ClassGroup; classes: Class[] };

export const targetName = (target: EnrollTarget) => (target.kind === 'class' ? target.cls.name : target.group.name);
export const targetClasses = (target: EnrollTarget) => (target.kind === 'class' ? [target.cls] : target.classes);

/** `offerHours`: the semester offers a seat that opens, to accept within those hours. */
export function outcomeText(
  target: EnrollTarget,
  student: Student,
  enrollments: Enrollment[],
  offerHours?: number,
): string {
  const name = targetName(target);
  if (enrollments.every((enrollment) => enrollment.status === 'enrolled'))
    return `${student.firstName} is enrolled in ${name}.`;
  const positions = enrollments
    .map((enrollment) => enrollment.waitlistPosition)
    .filter((position): position is number => position !== undefined);
  const where = positions.length === 1 ? `position ${positions[0]}` : `positions ${positions.join(', ')}`;
  const next = offerHours
    ? `When a seat opens it is held for ${student.firstName}: you will get an e-mail and have ${offerHours} hours to accept it on My Enrollments.`
    : `${student.firstName} will be enrolled automatically when a seat opens, and you will get an e-mail.`;
  return `${name} is full, so ${student.firstName} is on the waitlist at ${where}. ${next}`;
}
