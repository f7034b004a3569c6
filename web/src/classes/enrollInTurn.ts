// An enrollment as the portal decides it on a busy day: in the order the requests arrived. When the
// answer says the request is still in line, the page follows its place (or, in a fair start's draw, waits for
// the draw, then finds its place in the line the draw put in order) until it is decided (lambdas/contract/waitingInLine.ts). Stopping (the dialog closed) leaves the request in
// line: it is decided all the same.
import type { AnswerInput, Enrollment } from '@contract/records';
import { waitInLine, type Waiting } from '@contract/waitingInLine';
import { ApiError, callFunction, readCatalogue } from '../api/client';

export type EnrollPayload = { studentId: string; answers?: AnswerInput[] } & (
  | { classId: string }
  | { groupId: string }
);

/** Where a request waits: its place in line and estimated turn, or the fair start's draw that will give it one. */
export type InLine = Waiting;

export async function enrollInTurn(
  payload: EnrollPayload,
  semesterId: string,
  onInLine: (waiting: InLine) => void,
  signal: AbortSignal,
): Promise<Enrollment[] | undefined> {
  const { studentId: _studentId, answers: _answers, ...target } = payload;
  const answer = await waitInLine(
    await callFunction('enroll', payload),
    {
      askAgain: (requestId) => callFunction('enrollmentRequest', { requestId, ...target }),
      progress: async () => (await readCatalogue('lineProgress', { semesterId })).lines,
      drawnLine: (line) => readCatalogue('drawnLine', { line }),
      // By its code: the server writes the message in the reader's language (lambdas/platform/errorLanguage.ts).
      busy: (error) => error instanceof ApiError && error.code === 'resource-exhausted',
    },
    onInLine,
    signal,
  );
  return answer?.enrollments;
}
