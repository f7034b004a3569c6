// The mailer: run by the table's change stream for each new mail request (the filter in the manifest),
// it sends the e-mail and removes the request. A failed send is reported for that record alone, so the
// stream tries it again; a request already sent (a record delivered twice) is skipped.
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { removeMailRequest, type MailRequest } from '../data/mailRequests';
import type { Key } from '../shared/dynamo';
import { sendNotice } from '../data/enrollmentMail';
import { countMail } from '../shared/metrics';

export async function mailer(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { PK, SK } = unmarshall((record.dynamodb?.Keys ?? {}) as never) as Key;
      const request = unmarshall((record.dynamodb?.NewImage ?? {}) as never) as MailRequest;
      if ((await sendNotice({ PK, SK }, request)) !== 'already sent') await removeMailRequest({ PK, SK });
    } catch (error) {
      countMail('failed');
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'A mail request could not be sent; the stream tries it again.',
          error: String(error),
        }),
      );
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures };
}

export const handler = middy(mailer);
