// The whole body of a request to one of the local servers, up to the size the AWS service it plays takes.
import type { IncomingMessage } from 'node:http';

/** The largest body the local servers read: API Gateway's and Cognito's limits are below it. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The body, or undefined when it is larger than `maxBytes`. */
export async function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
