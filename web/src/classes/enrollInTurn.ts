// An enrollment as the portal decides it on a busy day: in the order the requests arrived. When the
// answer says the request is still in line, the page asks again until it is decided, telling the family
// its place meanwhile (or, in a fair start's draw, when the draw is). Stopping (the dialog closed) leaves the
// request in line: it is decided all the same.
import { askAgainInMs, type AnswerInput, type Enrollment, type EnrollmentAnswer } from '../../../lambdas/records';
import { callFunction } from '../api/client';

export type EnrollPayload = { studentId: string; answers?: AnswerInput[] } & (
  | { classId: string }
  | { groupId: string }
);

/** Where a request waits: its place in line, or the fair start's draw that will give it one. */
export type InLine = NonNullable<EnrollmentAnswer['pending']>;

export async function enrollInTurn(
  payload: EnrollPayload,
  onInLine: (pending: InLine) => void,
  signal: AbortSignal,
): Promise<Enrollment[] | undefined> {
  let answer = await callFunction('enroll', payload);
  const { studentId: _studentId, answers: _answers, ...target } = payload;
  while (answer.pending) {
    onInLine(answer.pending);
    await new Promise((resolve) => setTimeout(resolve, askAgainInMs(answer.pending!)));
    if (signal.aborted) return undefined;
    answer = await callFunction('enrollmentRequest', { requestId: answer.requestId, ...target });
  }
  return answer.enrollments;
}
