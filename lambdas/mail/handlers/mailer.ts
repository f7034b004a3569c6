// The mailer: run by the table's change stream for each new mail request (the filter in the manifest). A
// child's request is one family's e-mail, to each of its addresses on its own; a class's request becomes a
// message to each family in the class, sent at SES's pace while the run has time, then handed on to the next
// run by a new request. A failed send is reported for that record alone, so the stream tries it again (for
// the addresses SES refused alone); a request already done (a record delivered twice) is skipped. A request
// SES refused for good (refusedForGood), or that fails MAX_SEND_ATTEMPTS times, stays in the table, noted as
// failed, for an administrator's "Send again" (failedMail, resendFailedMail).
import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { sendNotice, type NoticeOutcome } from '../enrollmentMail';
import { sendInvitation } from '../invitationMail';
import { sendAbsenceConfirmation, sendCheckOut, sendInstructorInvitation, sendStillCheckedIn } from '../classDayMail';
import { sendLotteryResults } from '../lotteryMail';
import {
  isClassRequest,
  isStudentRequest,
  mailRequestEntity,
  mailRequestExists,
  mailRequestId,
  noteMailFailure,
  removeMailRequest,
  type MailRequest,
} from '../../platform/mailRequests';
import { messageOfClassRequest } from '../messages';
import { continueMessage, sendMessage, sendMessageAgain } from '../messageSending';
import type { Key } from '../../platform/dynamo';
import { logCallContext, logger } from '../../platform/logger';
import { countMail } from '../../platform/metrics';

/** What a run keeps back from its time for the writes after the last send. */
const MARGIN_MS = 2000;
/** A run's time when it is called without a Lambda context (in process, from a test). */
const DEFAULT_TIME_MS = 10_000;

/** The run could not send in its time (SES's pace): the stream hands the record over again. */
class NotYet extends Error {
  override name = 'NotYet';
}

async function runMessage(key: Key, messageId: string, timeLeftMs: () => number) {
  if ((await sendMessage(messageId, timeLeftMs)) === 'more') await continueMessage(key, messageId);
  else await removeMailRequest(key);
}

/** A request for one family's e-mail, sent; undefined for a request to many families. */
function familyMail(key: Key, request: MailRequest, timeLeftMs: () => number): Promise<NoticeOutcome> | undefined {
  if (isStudentRequest(request)) return sendNotice(key, request, timeLeftMs);
  if (request.kind === 'invitation') return sendInvitation(key, request, timeLeftMs);
  if (request.kind === 'lotteryResults') return sendLotteryResults(key, request, timeLeftMs);
  if (request.kind === 'absenceReported') return sendAbsenceConfirmation(key, request, timeLeftMs);
  if (request.kind === 'checkedOut') return sendCheckOut(key, request, timeLeftMs);
  if (request.kind === 'stillCheckedIn') return sendStillCheckedIn(key, request, timeLeftMs);
  if (request.kind === 'instructorInvitation') return sendInstructorInvitation(key, request, timeLeftMs);
  if (request.kind === 'message' && request.recipient)
    return sendMessageAgain(key, request.messageId, request.recipient, timeLeftMs);
  return undefined;
}

async function handle(key: Key, request: MailRequest, timeLeftMs: () => number) {
  const sending = familyMail(key, request, timeLeftMs);
  if (sending) {
    const outcome = await sending;
    if (outcome === 'no turn') throw new NotYet('No turn to send within this run.');
    if (outcome !== 'already sent') await removeMailRequest(key);
    return;
  }
  if (!(await mailRequestExists(key))) return;
  if (request.kind === 'message') return runMessage(key, request.messageId, timeLeftMs);
  const messageId = mailRequestId(key);
  if (isClassRequest(request) && (await messageOfClassRequest(messageId, request)))
    return runMessage(key, messageId, timeLeftMs);
  await removeMailRequest(key);
}

export async function mailer(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const deadline = Date.now() + (context?.getRemainingTimeInMillis?.() ?? DEFAULT_TIME_MS) - MARGIN_MS;
  const timeLeftMs = () => deadline - Date.now();
  // A processor of this run's own; one record after another, as each send waits its turn at SES's pace. A
  // batch that failed whole is answered like any other (every record failed), not thrown.
  return processPartialResponse(
    event,
    (record: DynamoDBRecord) => mailRecord(record, timeLeftMs),
    new BatchProcessor(EventType.DynamoDBStreams),
    { processInParallel: false, throwOnFullBatchFailure: false },
  );
}

/** One record's request handled; a failure thrown is the stream's to hand over again. */
async function mailRecord(record: DynamoDBRecord, timeLeftMs: () => number): Promise<void> {
  const { PK, SK } = unmarshall((record.dynamodb?.Keys ?? {}) as never) as Key;
  try {
    const request = mailRequestEntity.read(unmarshall((record.dynamodb?.NewImage ?? {}) as never));
    // Written refused for good (a message's address, in the run that sent the message): it waits for "Send again".
    if (request.refusedForGood) return;
    await handle({ PK, SK }, request, timeLeftMs);
  } catch (error) {
    if (!(error instanceof NotYet)) countMail('failed');
    // Failures are noted on the request; refused for good, or after MAX_SEND_ATTEMPTS, the table keeps it for
    // "Send again".
    const givenUp = !(error instanceof NotYet) && (await noteMailFailure({ PK, SK }, error).catch(() => false));
    if (givenUp) countMail('givenUp');
    logger.error(
      givenUp
        ? 'A mail request SES refused, or that failed too often: it is kept for an administrator to send again.'
        : 'A mail request could not be sent; the stream tries it again.',
      { request: PK, error: String(error) },
    );
    // Given up, the request is the administrator's: the stream is done with its record.
    if (!givenUp) throw error;
  }
}

export const handler = middy(mailer).use(logCallContext());
