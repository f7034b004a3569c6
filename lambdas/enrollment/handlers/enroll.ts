import { recentClasses, type LinedClass } from '../../catalogue/classes';
import { lineQueue, newRequestId, putRequest, type EnrollmentRequest } from '../enrollmentRequests';
import { getGroups } from '../../catalogue/groups';
import { answersByClass, questionsForClasses } from '../questions';
import { enrollGate, hasFairStart } from '../allocationSettings';
import { drawOfFamily } from '../fairStart';
import { recentSemester } from '../../catalogue/semesters';
import { policyReads, refuseUncheckedDetails, refuseUnacceptedPolicies } from '../childReadiness';
import { studentForCaller } from '../../families/students';
import type { ParsedInput } from '../../contract/manifest';
import type { EnrollmentAnswer } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { answerInTurn } from '../enrollmentAnswer';
import { failedPrecondition, notFound } from '../../contract/errors';
import type { Call } from '../../platform/handler';
import { limitedHandler } from '../../platform/limitedHandler';

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
  // Administrators are not held to the family's readiness (details checked, policies accepted).
  const policies = caller.isAdmin ? undefined : policyReads(caller.familyId, input.studentId);
  // The questions are read beside the details check, so registration day waits for no extra read.
  const [{ classes, opensAt, draw, fairStart }, asked] = await refusalsInOrder(
    refuseAtOnce(classIds, caller, call.arrivedAt).then(
      async (atOnce) => [atOnce, await questionsForClasses(atOnce.classes)] as const,
    ),
    caller.isAdmin ? undefined : refuseUncheckedDetails(caller.familyId, input.studentId),
    policies,
  );
  if (policies)
    await refuseUnacceptedPolicies(await policies, caller.familyId, input.studentId, classes[0]!.semesterId);
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
    ...(draw && { draw: await drawOfFamily(classes[0]!.semesterId, student.familyId, draw) }),
    ...(fairStart && { fairStart: { semesterId: classes[0]!.semesterId, line: classes[0]!.line } }),
    by: { sub: caller.sub, isAdmin: caller.isAdmin },
  };
  // The child's request for these classes already in line, when there is one, is the one answered.
  return answerInTurn(await putRequest(request), call);
}

/**
 * What the classes as this instance saw them lately already refuse, without taking a place in line: a
 * class that does not exist or is closed, registration not open for the family (its priority windows
 * included; in a lottery semester, not before the seats left after the draw open; administrators may enroll
 * outside the registration window). The allocator checks the classes and the window again as they are. The
 * classes, in order, when none refuses, when the family's priority window opened if it is early, whether the
 * semester has a fair start, and the fair start's draw the request is in, if any.
 */
async function refuseAtOnce(
  classIds: string[],
  caller: FamilyCaller,
  arrivedAt: number,
): Promise<{ classes: LinedClass[]; opensAt?: string; fairStart: boolean; draw?: { opening: string; at: number } }> {
  const classes = await recentClasses(classIds);
  const ordered = classIds.map((classId) => classes.get(classId) ?? raise(notFound(`There is no class ${classId}.`)));
  for (const cls of ordered) {
    if (cls.status !== 'open') throw failedPrecondition(`${cls.name} is closed to new enrollments.`);
  }
  const semester = await recentSemester(ordered[0]!.semesterId);
  if (!semester) throw notFound('This class belongs to no semester.');
  const fairStart = await hasFairStart(semester.id);
  if (caller.isAdmin) return { classes: ordered, fairStart };
  // Judged at the call's arrival, the moment that orders it: a call that reached the API inside a fair start's
  // window is in its draw however late its checks run (else it would stand by its arrival, ahead of the draw).
  const gate = await enrollGate(semester, caller.familyId, new Date(arrivedAt));
  if (!gate.open) throw failedPrecondition(gate.message);
  return {
    classes: ordered,
    fairStart,
    ...(gate.opensAt && { opensAt: gate.opensAt }),
    ...(gate.draw && { draw: gate.draw }),
  };
}

/** The checks side by side; when several refuse, the first one's reason (the same whichever answers first). */
async function refusalsInOrder<T>(first: Promise<T>, ...others: Array<Promise<unknown> | undefined>): Promise<T> {
  const [a, ...rest] = await Promise.allSettled([first, ...others]);
  if (a!.status === 'rejected') throw a!.reason;
  for (const other of rest) if (other.status === 'rejected') throw other.reason;
  return (a as PromiseFulfilledResult<T>).value;
}

function raise(error: Error): never {
  throw error;
}

export const handler = limitedHandler('enroll', enroll);
