// An enrollment as the portal decides it on a busy day: in the order the requests arrived. When the
// answer says the request is still in line, the page asks again until it is decided, telling the family
// its place meanwhile. Stopping (the dialog closed) leaves the request in line: it is decided all the same.
import { ASK_AGAIN_MS, type AnswerInput, type Enrollment } from '../../../lambdas/records';
import { callFunction } from '../api/client';

export type EnrollPayload = { studentId: string; answers?: AnswerInput[] } & (
  | { classId: string }
  | { groupId: string }
);

export async function enrollInTurn(
  payload: EnrollPayload,
  onInLine: (place: number) => void,
  signal: AbortSignal,
): Promise<Enrollment[] | undefined> {
  let answer = await callFunction('enroll', payload);
  const { studentId: _studentId, answers: _answers, ...target } = payload;
  while (answer.pending) {
    onInLine(answer.pending.place);
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
    if (signal.aborted) return undefined;
    answer = await callFunction('enrollmentRequest', { requestId: answer.requestId, ...target });
  }
  return answer.enrollments;
}
