// What `enroll` and `enrollmentRequest` answer for a request: its decision as the wire contract's
// enrollments (with waitlist positions) or its refusal, or its place in line while it is undecided.
import { awaitDecision } from './allocator';
import { awaitsDraw, placeInQueue, queueLine, type Decision, type EnrollmentRequest } from './enrollmentRequests';
import { toEnrollment, waitlistPositions } from './enrollments';
import type { EnrollmentAnswer } from '../contract/records';
import { FAR_PLACE } from '../contract/waitingInLine';
import { readDespiteTransientFailures } from '../platform/awsErrors';
import { byDeadline } from '../platform/deadline';
import { portalBusy, PortalError } from '../contract/errors';
import type { Call } from '../platform/handler';
import { optionalEnv } from '../platform/env';

/** How long a call waits for its request's decision before it answers that the request is in line. */
const DECISION_WAIT_MS = Number(optionalEnv('ENROLLMENT_WAIT_MS') ?? 6000);
/**
 * Time the function keeps for answering after the wait (its timeout ends the call otherwise): a read of
 * the place in line, and the send margin below.
 */
const ANSWER_MARGIN_MS = 3000;

/**
 * When a call stops waiting for a decision: `wait` after it reached the API, and in time to answer. Counted
 * from its arrival, not from the end of its checks: on a busy day the checks take seconds, and a wait
 * counted after them ran on to the timeout's margin, leaving the answer's read of the place in line 1.5 s
 * (registration day's benchmark: 2 and 9 of 1,000 families answered "very busy" that way).
 */
export function waitUntil(call: Call, wait = DECISION_WAIT_MS): number {
  return Math.min(call.arrivedAt + wait, Date.now() + call.remainingMs() - ANSWER_MARGIN_MS);
}

/**
 * How long before its wait ends a call still undecided starts reading its place in line: on a table or a
 * CPU so slow that the read takes seconds, the read has this head start besides the answer's margin (with
 * the margin alone, 1 of 1,000 families in the day benchmark was answered "very busy" with its request in
 * line). The place answered is then as it was at most this long before.
 */
const PLACE_HEAD_START_MS = 1500;

/**
 * Waits for a request's decision, `wait` after the call arrived at most, and answers it: the decision, or
 * the place in line. A request of a fair start's draw is answered at once before the draw, with its moment;
 * `askedAgain` (a request known to be in line), one far from its line's front (FAR_PLACE) with its place.
 */
export async function answerInTurn(
  request: Pick<EnrollmentRequest, 'id' | 'queue' | 'draw'>,
  call: Call,
  wait = DECISION_WAIT_MS,
  { askedAgain = false } = {},
): Promise<EnrollmentAnswer> {
  if (awaitsDraw(request))
    return {
      enrollments: [],
      requestId: request.id,
      pending: { drawAt: new Date(request.draw!.at).toISOString(), line: queueLine(request.queue) },
    };
  const until = waitUntil(call, wait);
  // An ask's place is read first; the answer, if still undecided at the wait's end, tells it as read then.
  let placeRead: ReturnType<typeof placeInQueue> | undefined = askedAgain ? placeInQueue(request) : undefined;
  if (placeRead) {
    placeRead.catch(() => undefined);
    const far = await placeRead.then(({ place }) => place > FAR_PLACE).catch(() => false);
    if (far) return enrollmentAnswer(request, undefined, call, () => placeRead!);
  }
  const headStart = setTimeout(
    () => {
      placeRead ??= placeInQueue(request);
      placeRead.catch(() => undefined);
    },
    Math.max(0, until - PLACE_HEAD_START_MS - Date.now()),
  );
  const decision = await awaitDecision(request, until).finally(() => clearTimeout(headStart));
  // The read started ahead first; after a transient failure, a read of its own.
  const place = () => {
    const read = placeRead ?? placeInQueue(request);
    placeRead = undefined;
    return read;
  };
  return enrollmentAnswer(request, decision, call, place);
}

/**
 * Time a call keeps, at the end, to send its answer. Its timers fire late when the CPU is taken (with
 * 500 ms, 2 of the day benchmark's 2,829 enrolls ran past the timeout on a loaded machine), and a call past
 * its timeout is answered "very busy" although its request is in line.
 */
const SEND_MARGIN_MS = 1500;

/**
 * The answer for a request in line or decided. The request is written by now, so a read that fails for a
 * moment is read again while the call has time: "very busy, nothing changed" would not be true. A
 * decision brings the places in line it gave; only an older kind of decision needs them read.
 */
async function enrollmentAnswer(
  request: Pick<EnrollmentRequest, 'id' | 'queue'>,
  decision: Decision | undefined,
  call: Call,
  place: () => ReturnType<typeof placeInQueue>,
): Promise<EnrollmentAnswer> {
  const deadline = Date.now() + call.remainingMs() - SEND_MARGIN_MS;
  const readInTime = <T>(read: () => Promise<T>) =>
    byDeadline(readDespiteTransientFailures(read, deadline), deadline, () => {
      throw portalBusy("the answer's read ran past the function's time");
    });
  if (!decision) {
    const { place: number, decided } = await readInTime(place);
    return {
      enrollments: [],
      requestId: request.id,
      pending: { place: number, line: { id: queueLine(request.queue), decided } },
    };
  }
  if ('error' in decision) throw new PortalError(decision.error.code, decision.error.message);
  const waitlisted = decision.enrollments.filter((enrollment) => enrollment.status === 'waitlisted');
  const places = decision.places
    ? new Map(Object.entries(decision.places))
    : await readInTime(() => waitlistPositions(waitlisted));
  return {
    enrollments: decision.enrollments.map((enrollment) => toEnrollment(enrollment, places.get(enrollment.id))),
    requestId: request.id,
  };
}
