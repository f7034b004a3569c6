// An enroll as the web app's dialog makes it (web/src/classes/enrollInTurn.ts), for the benchmarks' own
// HTTP clients, with the web app's own way of waiting (lambdas/contract/waitingInLine.ts): while the answer says the
// request is still in line, follow the line's progress (the cached `lineProgress`; after a fair start's draw, from
// the place its cached `drawnLine` tells) and ask `enrollmentRequest` when the turn is near, until it is decided. The benchmarks time and count what the family lives through, so
// they keep every answer. test/support/portal.ts's enrollAndWait asks again every second instead, for the
// tests; the day's visit has a client of its own (test/bench/dayVisit.ts).
import type { DrawnLine, EnrollmentAnswer, LineProgress } from '../../lambdas/contract/records';
import { waitInLine } from '../../lambdas/contract/waitingInLine';
import { arrivalOf, type EnrollPayload } from '../support/portal';

/**
 * The web app asks for as long as the dialog is open. A benchmark stops somewhere, so that a request never decided
 * shows as a failure rather than a run that never ends: this long after the enroll, or after its fair start's draw.
 */
export const GIVE_UP_MS = 600_000;

/** How a benchmark's HTTP client calls the two functions and reads the line's progress, and reads the data of a 200 answer. */
export interface EnrollClient<Answer> {
  call(name: 'enroll' | 'enrollmentRequest', payload: object): Promise<Answer>;
  /** The data of the cached GET `lineProgress` as the web app reads it, undefined when it was not a 200. */
  lineProgress(semesterId: string): Promise<Record<string, LineProgress> | undefined>;
  /** The data of the cached GET `drawnLine`, undefined when it was not a 200 (a client with no fair start has none). */
  drawnLine?(line: string): Promise<DrawnLine | undefined>;
  /** The answer's data when it is a 200, else undefined (a refusal, a 429, no answer). */
  data(answer: Answer): EnrollmentAnswer | undefined;
  /** Whether the answer is the portal's 429 "very busy": the web app asks again (waitingInLine.ts). */
  busy(answer: Answer): boolean;
}

export interface InTurn<Answer> {
  /** The enroll's answer, then every ask again's, in order: the last one is the decision or a refusal. */
  answers: Answer[];
  /** The request's place in line when the enroll answered that it was still in line. */
  firstPlace?: number;
  /** The enrollmentRequest calls made: answers.length - 1. */
  askedAgain: number;
  /** The reads of the line's progress made meanwhile (the edge answers them in AWS). */
  progressReads: number;
  /** The request's id, when an answer told it: it starts with the moment the call reached the API (arrivalOf). */
  requestId?: string;
  /** The last answer still said "in line": asked again for GIVE_UP_MS without a decision. */
  stillInLine: boolean;
}

/** An ask answered with no decision to read (a refusal, a 429, no answer): that answer is the last. */
class AnsweredWithout extends Error {}
/** An ask answered "very busy": asked again as the web app does, the last answer when it stays so. */
class AnsweredBusy extends AnsweredWithout {}

/** `onFirst` hears the enroll's own answer before any wait in line (a family may close the dialog then). */
export async function enrollInTurn<Answer>(
  client: EnrollClient<Answer>,
  payload: EnrollPayload,
  semesterId: string,
  onFirst: (first: EnrollmentAnswer | undefined) => void = () => undefined,
): Promise<InTurn<Answer>> {
  const answers = [await client.call('enroll', payload)];
  const first = client.data(answers[0]!);
  onFirst(first);
  const untilDraw = first?.pending && 'drawAt' in first.pending ? Date.parse(first.pending.drawAt) - Date.now() : 0;
  // The request is asked about by its queue: the class or the group of the enroll, without the student.
  const { studentId: _studentId, ...queue } = payload;
  let progressReads = 0;
  let stillInLine = false;
  if (first?.pending) {
    const decided = await waitInLine(
      first,
      {
        askAgain: async (requestId) => {
          const answer = await client.call('enrollmentRequest', { requestId, ...queue });
          answers.push(answer);
          return (
            client.data(answer) ?? Promise.reject(client.busy(answer) ? new AnsweredBusy() : new AnsweredWithout())
          );
        },
        busy: (error) => error instanceof AnsweredBusy,
        progress: async () => {
          progressReads += 1;
          return (await client.lineProgress(semesterId)) ?? Promise.reject(new Error('lineProgress was not answered'));
        },
        ...(client.drawnLine && {
          drawnLine: async (line: string) =>
            (await client.drawnLine!(line)) ?? Promise.reject(new Error('drawnLine was not answered')),
        }),
      },
      () => undefined,
      AbortSignal.timeout(GIVE_UP_MS + Math.max(0, untilDraw)),
    ).catch((error: unknown) => {
      if (error instanceof AnsweredWithout) return 'answered';
      throw error;
    });
    stillInLine = decided === undefined;
  }
  return {
    answers,
    askedAgain: answers.length - 1,
    progressReads,
    ...(first?.pending && 'place' in first.pending && { firstPlace: first.pending.place }),
    ...(first && { requestId: first.requestId }),
    stillInLine,
  };
}

/** What a set of enrolls went through in line: how many were first told a place, how many asks again they made. */
export function inLineCounts(
  enrolls: Pick<InTurn<unknown>, 'firstPlace' | 'askedAgain' | 'progressReads'>[],
): InLineCounts {
  return {
    firstPending: enrolls.filter((enroll) => enroll.firstPlace !== undefined).length,
    askedAgain: enrolls.reduce((sum, enroll) => sum + enroll.askedAgain, 0),
    progressReads: enrolls.reduce((sum, enroll) => sum + enroll.progressReads, 0),
  };
}

export interface InLineCounts {
  /** Enroll calls first answered with a place in line (pending). */
  firstPending: number;
  /** enrollmentRequest calls made while waiting. */
  askedAgain: number;
  /** lineProgress reads made while waiting. */
  progressReads: number;
}

/**
 * When a request reached the API (epoch ms), from its id: the order the allocator promises to keep. A call
 * refused before its request was recorded (or whose refusal came without the id) has none: it never stood in line.
 */
export const apiArrival = (requestId: string | undefined) =>
  requestId === undefined ? undefined : arrivalOf(requestId);
