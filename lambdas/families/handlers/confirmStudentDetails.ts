import { accountDeleted, familyChangeItem, profileEntity } from '../families';
import { studentDetailsConfirmed, studentForCaller, toStudent } from '../students';
import type { ParsedInput } from '../../contract/manifest';
import type { Student } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { notFound } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';
import { transactWrite } from '../../platform/transact';

/**
 * The family says a child's details (health notes, contacts, pick-up adults) are still right: they count as
 * confirmed now, nothing else changes. An administrator may say it for a family (after asking them).
 */
export async function confirmStudentDetails(
  input: ParsedInput<'confirmStudentDetails'>,
  caller: FamilyCaller,
): Promise<{ student: Student }> {
  const student = await studentForCaller(caller, input.id);
  const now = new Date().toISOString();
  const outcome = await transactWrite([
    studentDetailsConfirmed(student.familyId, student.id, now),
    familyChangeItem(student.familyId, { refuseDeleted: true }),
  ]);
  if (!outcome.committed) {
    if (profileEntity.readIf(outcome.failed.get(1))?.deletedAt) throw accountDeleted();
    // The student was deleted meanwhile.
    throw notFound('There is no such student on your account.');
  }
  return { student: toStudent({ ...student, detailsConfirmedAt: now }) };
}

export const handler = limitedHandler('confirmStudentDetails', confirmStudentDetails);
