import { accountDeleted, familyChangeItem, getProfile, studentCount } from '../families';
import { enrollmentsOfFamily, familyEnrollmentEntity, isActive } from '../../enrollment/enrollments';
import { nameMarkerDelete, studentDeleteIfInactive, studentForCaller, studentName } from '../students';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { deleteAll } from '../../platform/dynamo';
import { failedPrecondition, notFound } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';
import { transactWrite } from '../../platform/transact';

/**
 * Removes a student, refused while they hold a seat or a waitlist place; one transaction removes them, their
 * name marker and one from the family's count. Their cancelled history goes too.
 */
export async function deleteStudent({ id }: ParsedInput<'deleteStudent'>, caller: FamilyCaller) {
  const student = await studentForCaller(caller, id);
  const [history, profile] = await Promise.all([enrollmentsOfFamily(student.familyId), getProfile(student.familyId)]);
  // A family counted before the count existed keeps no count until its next add counts it.
  const counted = profile?.counts[studentCount] !== undefined;
  const outcome = await transactWrite([
    studentDeleteIfInactive(student.familyId, id),
    nameMarkerDelete(student.familyId, student),
    familyChangeItem(student.familyId, {
      ...(counted ? { counts: { [studentCount]: -1 } } : { absent: [studentCount] }),
      refuseDeleted: true,
    }),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.get(2)?.deletedAt) throw accountDeleted();
    if (outcome.failed.has(0) && !outcome.failed.get(0)) throw notFound('There is no such student on your account.');
    if (outcome.failed.has(0)) {
      const active =
        history.filter((enrollment) => enrollment.studentId === id && isActive(enrollment.status)).length || 'some';
      throw failedPrecondition(
        `${studentName(student)} is enrolled or waitlisted in ${active} class${active === 1 ? '' : 'es'}: cancel those enrollments first.`,
      );
    }
    throw failedPrecondition('The family changed meanwhile. Please try again.');
  }
  await deleteAll(
    history
      .filter((enrollment) => enrollment.studentId === id)
      .map((enrollment) => familyEnrollmentEntity.key({ familyId: student.familyId, enrollmentId: enrollment.id })),
  );
  return {};
}

export const handler = limitedHandler('deleteStudent', deleteStudent);
