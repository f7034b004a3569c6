import { policiesToRead, policyReads } from '../childReadiness';
import { getStudent } from '../../families/students';
import { notFound } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { familyHandler } from '../../platform/familyHandler';

/**
 * The policies of the semester a guardian is to accept for the family's child before enrolling it, asked when the
 * child is chosen: the enroll dialog shows them first, instead of learning of them from a refused request.
 */
export async function policiesToAccept(
  { studentId, semesterId }: ParsedInput<'policiesToAccept'>,
  caller: FamilyCaller,
) {
  const [student, reads] = await Promise.all([
    getStudent(caller.familyId, studentId),
    policyReads(caller.familyId, studentId),
  ]);
  if (!student) throw notFound('There is no such student on your account.');
  return { policies: await policiesToRead(reads, semesterId) };
}

export const handler = familyHandler('policiesToAccept', policiesToAccept);
