// Where each child of the family stands with a class or a class group: enrolled, waitlisted at a position,
// unable to enroll (and why), or free to enroll. Read from the family's own enrollments and children, so the
// cards and the enroll dialog say it before anyone presses Enroll.
import { admitsGrade } from '@contract/grades';
import type { Class, EnrollmentCaps, NamedEnrollment, Student } from '@contract/records';
import { targetClasses, type EnrollTarget } from './enrollTarget';
import { i18n } from '../i18n/classes';
import { gradesLabel } from '../layout/schedule';
import { gradeText } from '../layout/schedule';

export type Standing =
  | { kind: 'enrolled' }
  | { kind: 'waitlisted'; positions: number[] }
  /** Cannot enroll: `reason` says why, in a few words ("Grade 4; this class is for grades 6–8"). */
  | { kind: 'unable'; reason: string }
  | { kind: 'free' };

const limitsGrades = (cls: Class) => cls.minGrade !== undefined || cls.maxGrade !== undefined;

/** Why the child's grade keeps them out of one of the classes, if it does. */
function gradeReason(student: Student, classes: Class[], target: EnrollTarget): string | undefined {
  const misfit = classes.find(
    (cls) => limitsGrades(cls) && (student.grade === undefined || !admitsGrade(cls, student.grade)),
  );
  if (!misfit) return undefined;
  const which = { target: target.kind, name: misfit.name, range: gradesLabel(misfit).toLowerCase() };
  return student.grade === undefined
    ? i18n._('classes.standing.noGrade', which)
    : i18n._('classes.standing.wrongGrade', { ...which, grade: gradeText(student.grade) });
}

export function standingOf(student: Student, target: EnrollTarget, enrollments: NamedEnrollment[]): Standing {
  const classes = targetClasses(target);
  const held = enrollments.filter(
    (enrollment) =>
      enrollment.studentId === student.id &&
      enrollment.status !== 'cancelled' &&
      classes.some((cls) => cls.id === enrollment.classId),
  );
  // For a class, any enrollment in it counts (also one through a group); for a group, the group's own.
  const own = target.kind === 'group' ? held.filter((enrollment) => enrollment.groupId === target.group.id) : held;
  if (own.length > 0) {
    const waiting = own.filter((enrollment) => enrollment.status === 'waitlisted');
    if (waiting.length === 0) return { kind: 'enrolled' };
    return { kind: 'waitlisted', positions: waiting.flatMap(({ waitlistPosition: at }) => (at ? [at] : [])) };
  }
  if (held[0]) return { kind: 'unable', reason: i18n._('classes.standing.alreadyIn', { name: held[0].className }) };
  const grade = gradeReason(student, classes, target);
  return grade ? { kind: 'unable', reason: grade } : { kind: 'free' };
}

/** "Enrolled", "Waitlisted – position 3", "Not eligible – Grade 4; this class is for grades 6–8". */
export function standingLabel(standing: Standing): string {
  switch (standing.kind) {
    case 'enrolled':
      return i18n._('classes.standing.enrolled');
    case 'waitlisted':
      return standing.positions.length === 0
        ? i18n._('classes.standing.waitlisted')
        : i18n._('classes.standing.waitlistedAt', {
            count: standing.positions.length,
            positions: standing.positions.join(', '),
          });
    case 'unable':
      return i18n._('classes.standing.notEligible', { reason: standing.reason });
    case 'free':
      return i18n._('classes.standing.notEnrolled');
  }
}

/**
 * Why no further child of the family may enroll, when one of its caps is reached (children per class,
 * enrollments per semester: docs/product-rules.md#caps): the server would refuse it, so the dialog says so first.
 */
export function capReason(
  target: EnrollTarget,
  enrollments: NamedEnrollment[],
  caps: EnrollmentCaps,
): string | undefined {
  const active = enrollments.filter((enrollment) => enrollment.status !== 'cancelled');
  const classes = targetClasses(target);
  for (const cls of classes) {
    const children = new Set(active.filter((e) => e.classId === cls.id).map((e) => e.studentId)).size;
    if (children >= caps.childrenPerClass)
      return i18n._('classes.standing.capChildren', { count: children, name: cls.name });
  }
  const semesterId = classes[0]?.semesterId;
  const inSemester = active.filter((enrollment) => enrollment.semesterId === semesterId).length;
  if (inSemester + classes.length > caps.enrollmentsPerSemester)
    return i18n._('classes.standing.capSemester', { count: inSemester, most: caps.enrollmentsPerSemester });
  return undefined;
}
