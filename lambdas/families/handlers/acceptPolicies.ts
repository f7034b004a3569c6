import { accountDeleted, familyChangeItem, profileEntity } from '../families';
import {
  acceptanceItems,
  acceptancesOf,
  appliesTo,
  currentPolicies,
  notAccepted,
  policiesToAcceptDetails,
  policyTexts,
  type CurrentPolicy,
} from '../policies';
import { getSemester } from '../../catalogue/semesters';
import { keepingRecordsItem, studentForCaller } from '../students';
import type { ParsedInput } from '../../contract/manifest';
import type { PolicyAcceptance, Semester } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { failedPrecondition, notFound, portalBusy } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';
import { callerEmail } from '../ownAccount';
import { transactWrite } from '../../platform/transact';

/** How many times an acceptance is planned again after the same one was recorded meanwhile (a double press). */
const MAX_PLANS = 3;

/**
 * A guardian accepts policy versions for a child for a semester: each is recorded (who, when, which version)
 * while it is the current version, once. A version no longer current is refused with the policies to read
 * now, and nothing is recorded.
 */
export async function acceptPolicies(
  input: ParsedInput<'acceptPolicies'>,
  caller: FamilyCaller,
): Promise<{ acceptances: PolicyAcceptance[] }> {
  const [student, semester] = await Promise.all([
    studentForCaller(caller, input.studentId),
    getSemester(input.semesterId),
  ]);
  if (!semester) throw notFound('There is no such semester.');
  const email = await callerEmail(caller);
  const acceptedBy = { sub: caller.sub, ...(email && { email }) };
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const [policies, accepted] = await Promise.all([
      currentPolicies(),
      acceptancesOf(student.familyId, student.id, semester.id),
    ]);
    await refuseStale(input.accepted, policies, accepted, semester, student);
    const now = new Date().toISOString();
    const fresh = input.accepted
      .filter((a) => !accepted.some((done) => done.policyId === a.policyId && done.version === a.version))
      .map((a) => ({
        familyId: student.familyId,
        studentId: student.id,
        semesterId: semester.id,
        policyId: a.policyId,
        version: a.version,
        title: policies.find((p) => p.policyId === a.policyId)!.title,
        acceptedAt: now,
        acceptedBy,
      }));
    if (fresh.length === 0) return { acceptances: accepted };
    const outcome = await transactWrite([
      ...fresh.flatMap(acceptanceItems),
      // Counted on the student, who must still be on file: the retention removal sees it (students.ts).
      keepingRecordsItem(student.familyId, student.id, fresh.length),
      familyChangeItem(student.familyId, { refuseDeleted: true }),
    ]);
    if (outcome.committed) {
      const written = fresh.map(({ familyId: _family, ...acceptance }) => acceptance);
      return { acceptances: [...accepted, ...written] };
    }
    // After the acceptances' items: the student's check, then the family's.
    const studentAt = fresh.length * 3;
    if (profileEntity.readIf(outcome.failed.get(studentAt + 1))?.deletedAt) throw accountDeleted();
    if (outcome.failed.has(studentAt)) throw notFound('There is no such student on your account.');
    // An acceptance recorded meanwhile, or a version published meanwhile: read again (the next plan refuses a stale one).
  }
  throw portalBusy('the acceptances kept changing while they were written');
}

/** Refuses versions that are not the current version of a policy of this semester, with what to read now. */
async function refuseStale(
  asked: Array<{ policyId: string; version: number }>,
  policies: CurrentPolicy[],
  accepted: PolicyAcceptance[],
  semester: Semester,
  student: { id: string; firstName: string },
) {
  const stale = asked.filter(
    (a) => !policies.some((p) => p.policyId === a.policyId && p.version === a.version && appliesTo(p, semester.id)),
  );
  if (stale.length === 0) return;
  const toAccept = await policyTexts(notAccepted(policies, accepted, semester.id));
  throw failedPrecondition(
    'A policy changed while you were reading it, or no longer applies: please read the policies as they are now and accept them again.',
    policiesToAcceptDetails(student.id, semester.id, toAccept),
  );
}

export const handler = limitedHandler('acceptPolicies', acceptPolicies);
