// How an enrollment's outcome reads to a parent, in the enroll dialog (its words load with the dialog).
import type { Enrollment, Student } from '@contract/records';
import { i18n } from '../i18n/enroll';
import { targetName, type EnrollTarget } from './enrollTarget';

/** `offerHours`: the semester offers a seat that opens, to accept within those hours. */
export function outcomeText(
  target: EnrollTarget,
  student: Student,
  enrollments: Enrollment[],
  offerHours?: number,
): string {
  const name = targetName(target);
  if (enrollments.every((enrollment) => enrollment.status === 'enrolled'))
    return i18n._('enroll.outcome.enrolled', { child: student.firstName, name });
  const positions = enrollments
    .map((enrollment) => enrollment.waitlistPosition)
    .filter((position): position is number => position !== undefined);
  const where = { name, child: student.firstName, count: positions.length, positions: positions.join(', ') };
  return offerHours
    ? i18n._('enroll.outcome.waitlistedOffer', { ...where, hours: offerHours })
    : i18n._('enroll.outcome.waitlistedAuto', where);
}
