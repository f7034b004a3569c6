// What a family must have done before a child takes a place in a semester, besides the seats: the yearly
// check of the child's details, and every required policy of the semester accepted in its current version.
// Enrolling and a lottery request refuse a child that is not ready (with what to do, and the policies to read);
// a lottery's publication leaves such a child unplaced, with the same words. Administrators are not held to it.
import { detailsConfirmedLabel, detailsConfirmedSinceOf, detailsNeedChecking } from '../contract/configNames';
import type { ConfigValues, PolicyAcceptance, PolicyToAccept, Semester } from '../contract/records';
import { failedPrecondition, type PortalError } from '../contract/errors';
import { optional } from '../platform/entity';
import {
  acceptancesOf,
  currentPolicies,
  notAccepted,
  policiesToAcceptDetails,
  policyTexts,
  type CurrentPolicy,
} from '../families/policies';
import { recentSemester } from '../catalogue/semesters';
import { programmeTimeZoneOf, readConfigValues } from '../catalogue/settings';
import { getStudent, type StoredStudent } from '../families/students';

/** A child's acceptances: which policy, which version, for which semester. */
export type AcceptedPolicies = Array<Pick<PolicyAcceptance, 'policyId' | 'version' | 'semesterId'>>;

/** The day details must be confirmed since, and the programme's zone: its clock tells the day of a confirmation. */
interface DetailsSince {
  day: string;
  timeZone: string;
}

/** What a child's readiness is judged on: the policies' current versions, and the day details must be confirmed since. */
export interface ReadinessRules {
  policies: CurrentPolicy[];
  detailsSince?: DetailsSince;
}

/** The yearly check the configuration sets (undefined: none). */
function detailsSinceOf(config: ConfigValues): DetailsSince | undefined {
  const day = detailsConfirmedSinceOf(config);
  return day ? { day, timeZone: programmeTimeZoneOf(config) } : undefined;
}

/** The rules as they are now (policies strongly consistent), with the configuration as read. */
export async function readinessRules(config: ConfigValues): Promise<ReadinessRules> {
  return { policies: await currentPolicies(), ...optional('detailsSince', detailsSinceOf(config)) };
}

/** Why the child must confirm their details first, with what to do (undefined: no check is due). */
export function uncheckedDetails(
  student: Pick<StoredStudent, 'id' | 'firstName' | 'detailsConfirmedAt'>,
  since: DetailsSince | undefined,
): PortalError | undefined {
  if (!since || !detailsNeedChecking(student.detailsConfirmedAt, since.day, since.timeZone)) return undefined;
  const confirmed = student.detailsConfirmedAt
    ? `they were last confirmed on ${detailsConfirmedLabel(student.detailsConfirmedAt, since.timeZone)}`
    : 'they have never been confirmed';
  return failedPrecondition(
    `Please check that ${student.firstName}'s details are still right before enrolling: ${confirmed}. ` +
      `Open ${student.firstName}'s details, check the health notes, contacts and pick-up adults, and press ` +
      '"These details are right" (or save them with your changes).',
    { detailsToCheck: { studentId: student.id, ...optional('detailsConfirmedAt', student.detailsConfirmedAt) } },
  );
}

/** The required policies of the semester the child has not accepted in their current version. */
export function requiredNotAccepted(
  policies: CurrentPolicy[],
  accepted: AcceptedPolicies,
  semesterId: string,
): CurrentPolicy[] {
  const forSemester = accepted.filter((acceptance) => acceptance.semesterId === semesterId);
  return notAccepted(policies, forSemester, semesterId).filter((policy) => policy.required);
}

/** The refusal's words for policies not accepted, by their titles. */
export function policiesMessage(firstName: string, semester: Pick<Semester, 'name'> | undefined, titles: string[]) {
  return (
    `Before ${firstName} can be enrolled${semester ? ` for ${semester.name}` : ''}, please read and accept ` +
    `${titles.length === 1 ? 'this policy' : 'these policies'}: ${titles.join(', ')}.`
  );
}

/** The policies' current versions and what the child accepted, to read beside other checks. */
export interface PolicyReads {
  policies: CurrentPolicy[];
  accepted: AcceptedPolicies;
}

export async function policyReads(familyId: string, studentId: string): Promise<PolicyReads> {
  const [policies, accepted] = await Promise.all([currentPolicies(), acceptancesOf(familyId, studentId)]);
  return { policies, accepted };
}

/**
 * Refuses a child whose family has not accepted, for the semester, the current version of each required policy
 * that applies to it; the refusal carries every policy of the semester the child has not accepted (the optional
 * ones too), whole, to read and accept. The versions are those current when `reads` were made.
 */
export async function refuseUnacceptedPolicies(
  reads: PolicyReads,
  familyId: string,
  studentId: string,
  semesterId: string,
): Promise<void> {
  if (!requiredNotAccepted(reads.policies, reads.accepted, semesterId).length) return;
  // A student that is not the family's is refused later (by the allocator, or as not found), as without the check.
  const [student, semester, texts] = await Promise.all([
    getStudent(familyId, studentId),
    recentSemester(semesterId),
    policiesToRead(reads, semesterId),
  ]);
  if (!student) return;
  const titles = texts.filter((policy) => policy.required).map((policy) => policy.title);
  throw failedPrecondition(
    policiesMessage(student.firstName, semester, titles),
    policiesToAcceptDetails(student.id, semesterId, texts),
  );
}

/**
 * The policies a guardian is to read and accept for the child before it takes a place in the semester: every one
 * of the semester not accepted in its current version (the optional ones too), whole, when a required one is
 * among them; none otherwise. What the refusal carries, and what the enroll dialog asks before sending.
 */
export async function policiesToRead(reads: PolicyReads, semesterId: string): Promise<PolicyToAccept[]> {
  if (!requiredNotAccepted(reads.policies, reads.accepted, semesterId).length) return [];
  const forSemester = reads.accepted.filter((acceptance) => acceptance.semesterId === semesterId);
  return policyTexts(notAccepted(reads.policies, forSemester, semesterId));
}

/** Refuses a child whose details were not confirmed since the day the administrators set (unset: no check). */
export async function refuseUncheckedDetails(familyId: string, studentId: string): Promise<void> {
  const since = detailsSinceOf(await readConfigValues());
  if (!since) return;
  const student = await getStudent(familyId, studentId);
  const refusal = student && uncheckedDetails(student, since);
  if (refusal) throw refusal;
}
