import { recentClasses, type LinedClass } from '../data/classes';
import { lineQueue, newRequestId, putRequest, type EnrollmentRequest } from '../data/enrollmentRequests';
import { getGroups } from '../data/groups';
import { answersByClass, questionsForClasses } from '../data/questions';
import { enrollGate } from '../data/allocationSettings';
import { recentSemester } from '../data/semesters';
import { readConfigValues } from '../data/settings';
import { optional } from '../data/entity';
import { getStudent, studentForCaller } from '../data/students';
import {
  acceptancesOf,
  currentPolicies,
  notAccepted,
  policiesToAcceptDetails,
  policyTexts,
  type CurrentPolicy,
} from '../data/policies';
import { detailsConfirmedSinceOf, detailsNeedChecking } from '../configNames';
import { dateLabel } from '../moments';
import type { ParsedInput } from '../manifest';
import type { EnrollmentAnswer } from '../records';
import type { FamilyCaller } from '../shared/caller';
import { answerInTurn } from '../data/enrollmentAnswer';
import { failedPrecondition, notFound } from '../shared/errors';
import type { Call } from '../shared/handler';
import { limitedHandler } from '../shared/limitedHandler';

/**
 * Enrolls one of the caller's students in a class or a class group, or puts them on the waitlist: records
 * the request with the moment the call reached the API, and waits for the allocator to decide it in its
 * turn (taking the queue's lease itself when nobody decides it). When that takes longer than a few
 * seconds, the answer says the request is in line, and at which place.
 */
export async function enroll(
  input: ParsedInput<'enroll'>,
  caller: FamilyCaller,
  call: Call,
): Promise<EnrollmentAnswer> {
  const group = input.groupId ? (await getGroups([input.groupId]))[0] : undefined;
  if (input.groupId && !group) throw notFound('There is no such class group.');
  const classIds = group ? group.classIds : [input.classId!];
  // A family's student is the family's by key (the allocator's transaction checks it); an administrator's may be anyone's.
  const student = caller.isAdmin
    ? await studentForCaller(caller, input.studentId)
    : { id: input.studentId, familyId: caller.familyId };
  const policies = policiesAndAcceptances(input.studentId, caller);
  // The questions are read beside the details check, so registration day waits for no extra read.
  const [{ classes, opensAt, gatedWith }, asked] = await refusalsInOrder(
    refuseAtOnce(classIds, caller).then(async (atOnce) => [atOnce, await questionsForClasses(atOnce.classes)] as const),
    refuseUncheckedDetails(input.studentId, caller),
    policies,
  );
  await refuseUnacceptedPolicies(await policies, input.studentId, classes[0]!.semesterId, caller);
  // Checked here, never again: the answers travel with the request and are written with its enrollments.
  const answers = answersByClass(classIds, asked, input.answers);

  const request: EnrollmentRequest = {
    id: newRequestId(call.arrivedAt),
    // A group's classes share one line (the allocator decides them together in arrival order).
    queue: lineQueue(classes[0]!.line),
    studentId: student.id,
    familyId: student.familyId,
    classIds,
    ...(group && { group: { id: group.id, classIds: group.classIds } }),
    ...(Object.values(answers).some((given) => given.length) && { answers }),
    arrivedAt: call.arrivedAt,
    ...(opensAt && { opensAt }),
    ...(gatedWith && { gatedWith }),
    by: { sub: caller.sub, isAdmin: caller.isAdmin },
  };
  await putRequest(request);
  return answerInTurn(request, call);
}

/**
 * What the classes as this instance saw them lately already refuse, without taking a place in line: a
 * class that does not exist or is closed, registration not open for the family (its priority windows
 * included; in a lottery semester, not before the seats left after the draw open; administrators may enroll
 * outside the registration window). The allocator checks the classes and the window again as they are. The
 * classes, in order, when none refuses, and when the family's priority window opened if it is early.
 */
async function refuseAtOnce(
  classIds: string[],
  caller: FamilyCaller,
): Promise<{ classes: LinedClass[]; opensAt?: string; gatedWith?: string }> {
  const classes = await recentClasses(classIds);
  const ordered = classIds.map((classId) => classes.get(classId) ?? raise(notFound(`There is no class ${classId}.`)));
  for (const cls of ordered) {
    if (cls.status !== 'open') throw failedPrecondition(`${cls.name} is closed to new enrollments.`);
  }
  const semester = await recentSemester(ordered[0]!.semesterId);
  if (!semester) throw notFound('This class belongs to no semester.');
  if (caller.isAdmin) return { classes: ordered };
  const { gate, gatedWith } = await enrollGate(semester, caller.familyId);
  if (!gate.open) throw failedPrecondition(gate.message);
  return { classes: ordered, ...(gate.opensAt && { opensAt: gate.opensAt }), ...(gatedWith && { gatedWith }) };
}

/**
 * A family enrolls a child only once their details were confirmed on or after the day the administrators
 * set (unset: no check). Administrators are not refused. Only the family's own confirmation changes this,
 * so the allocator does not check it again.
 */
async function refuseUncheckedDetails(studentId: string, caller: FamilyCaller): Promise<void> {
  if (caller.isAdmin) return;
  const since = detailsConfirmedSinceOf(await readConfigValues());
  if (!since) return;
  // A student that is not the family's is refused by the allocator, as without the check.
  const student = await getStudent(caller.familyId, studentId);
  if (!student || !detailsNeedChecking(student.detailsConfirmedAt, since)) return;
  const confirmed = student.detailsConfirmedAt
    ? `they were last confirmed on ${dateLabel(student.detailsConfirmedAt.slice(0, 10))}`
    : 'they have never been confirmed';
  throw failedPrecondition(
    `Please check that ${student.firstName}'s details are still right before enrolling: ${confirmed}. ` +
      `Open ${student.firstName}'s details, check the health notes, contacts and pick-up adults, and press ` +
      '"These details are right" (or save them with your changes).',
    { detailsToCheck: { studentId: student.id, ...optional('detailsConfirmedAt', student.detailsConfirmedAt) } },
  );
}

type PolicyReads = {
  policies: CurrentPolicy[];
  accepted: Array<{ policyId: string; version: number; semesterId: string }>;
};

/** The policies' current versions and what the child accepted, read beside the other checks (families only). */
async function policiesAndAcceptances(studentId: string, caller: FamilyCaller): Promise<PolicyReads> {
  if (caller.isAdmin) return { policies: [], accepted: [] };
  const [policies, accepted] = await Promise.all([currentPolicies(), acceptancesOf(caller.familyId, studentId)]);
  return { policies, accepted };
}

/**
 * A family enrolls a child in a semester's class only once a guardian accepted, for that semester, the
 * current version of each required policy that applies to it; the refusal carries every policy of the
 * semester the child has not accepted (the optional ones too), whole, to read and accept. The versions are
 * those current when this call read them: one published after that read counts from the next call on.
 * Administrators are not refused.
 */
async function refuseUnacceptedPolicies(
  reads: PolicyReads,
  studentId: string,
  semesterId: string,
  caller: FamilyCaller,
) {
  const accepted = reads.accepted.filter((a) => a.semesterId === semesterId);
  const missing = notAccepted(reads.policies, accepted, semesterId);
  if (!missing.some((policy) => policy.required)) return;
  // A student that is not the family's is refused by the allocator, as without the check.
  const [student, semester, texts] = await Promise.all([
    getStudent(caller.familyId, studentId),
    recentSemester(semesterId),
    policyTexts(missing),
  ]);
  if (!student) return;
  const titles = texts.filter((policy) => policy.required).map((policy) => policy.title);
  throw failedPrecondition(
    `Before ${student.firstName} can be enrolled${semester ? ` for ${semester.name}` : ''}, please read and accept ` +
      `${titles.length === 1 ? 'this policy' : 'these policies'}: ${titles.join(', ')}.`,
    policiesToAcceptDetails(student.id, semesterId, texts),
  );
}

/** The checks side by side; when several refuse, the first one's reason (the same whichever answers first). */
async function refusalsInOrder<T>(first: Promise<T>, ...others: Promise<unknown>[]): Promise<T> {
  const [a, ...rest] = await Promise.allSettled([first, ...others]);
  if (a!.status === 'rejected') throw a!.reason;
  for (const other of rest) if (other.status === 'rejected') throw other.reason;
  return (a as PromiseFulfilledResult<T>).value;
}

function raise(error: Error): never {
  throw error;
}

export const handler = limitedHandler('enroll', enroll);
