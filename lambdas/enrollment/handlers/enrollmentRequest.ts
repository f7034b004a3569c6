import { getRequestRecord, isDecided } from '../enrollmentRequests';
import type { ParsedInput } from '../../contract/manifest';
import type { EnrollmentAnswer } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { answerInTurn } from '../enrollmentAnswer';
import { notFound } from '../../contract/errors';
import type { Call } from '../../platform/handler';
import { limitedHandler } from '../../platform/limitedHandler';

/**
 * A pending enrollment request's answer, for the page that was told it is in line: its decision as `enroll` would
 * have answered it, or its place in line now. Only the one who asked (or an administrator) may read it. While it
 * waits, the call decides the queue itself if nobody does, as `enroll` does; far from its line's front, it is
 * answered its place at once (FAR_PLACE). The request's id alone finds it (the class or group it names is kept in
 * the payload for compatibility).
 */
export async function enrollmentRequest(
  input: ParsedInput<'enrollmentRequest'>,
  caller: FamilyCaller,
  call: Call,
): Promise<EnrollmentAnswer> {
  const asked = await getRequestRecord(input.requestId);
  if (!asked || (asked.familyId !== caller.familyId && !caller.isAdmin))
    throw notFound('There is no such enrollment request.');
  const request = { id: input.requestId, queue: asked.queue, ...(asked.draw && { draw: asked.draw }) };
  return answerInTurn(request, call, SHORT_WAIT_MS, { askedAgain: !isDecided(asked) });
}

/** Asked again every few seconds: a short wait keeps the page's calls short. */
const SHORT_WAIT_MS = 2000;

export const handler = limitedHandler('enrollmentRequest', enrollmentRequest);
