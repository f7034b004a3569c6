// What `enroll` and `enrollmentRequest` answer for a request: its decision as the wire contract's
// enrollments (with waitlist positions) or its refusal, or its place in line while it is undecided.
import { placeInQueue, type Decision, type EnrollmentRequest } from './enrollmentRequests';
import { toEnrollment, waitlistPositions } from './enrollments';
import type { EnrollmentAnswer } from '../records';
import { PortalError } from '../shared/errors';
import type { Call } from '../shared/handler';
import { optionalEnv } from '../shared/env';

/** How long a call waits for its request's decision before it answers that the request is in line. */
export const DECISION_WAIT_MS = Number(optionalEnv('ENROLLMENT_WAIT_MS') ?? 6000);
/** Time the function keeps for answering after the wait (its timeout ends the call otherwise). */
const ANSWER_MARGIN_MS = 2000;

/** When a call stops waiting for a decision: `wait` after it arrived, and in time to answer. */
export function waitUntil(call: Call, wait = DECISION_WAIT_MS): number {
  return Math.min(Date.now() + wait, Date.now() + call.remainingMs() - ANSWER_MARGIN_MS);
}

export async function enrollmentAnswer(
  request: Pick<EnrollmentRequest, 'id' | 'queue'>,
  decision: Decision | undefined,
): Promise<EnrollmentAnswer> {
  if (!decision)
    return {
      enrollments: [],
      requestId: request.id,
      pending: { place: await placeInQueue(request.queue, request.id) },
    };
  if ('error' in decision) throw new PortalError(decision.error.code, decision.error.message);
  const positions = await waitlistPositions(
    decision.enrollments.filter((enrollment) => enrollment.status === 'waitlisted'),
  );
  return {
    enrollments: decision.enrollments.map((enrollment) => toEnrollment(enrollment, positions.get(enrollment.id))),
    requestId: request.id,
  };
}
