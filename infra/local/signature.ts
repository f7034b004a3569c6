// Checks an AWS Signature Version 4 on a request to the local user pool, as AWS checks the signature of an
// admin call: the same canonical request signed again with the local stack's own secret must give the
// same signature, within minutes of the signing time.
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** The path the client signed (before the gateway strips its mount point). */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const MAX_SKEW_MS = 5 * 60 * 1000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Whether the request carries a valid signature made with these credentials. */
export async function signedWith(
  credentials: LocalCredentials,
  request: SignedRequest,
  now = Date.now(),
): Promise<boolean> {
  const match = AUTHORIZATION.exec(String(request.headers.authorization ?? ''));
  if (!match) return false;
  const [, accessKeyId, , region, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return false;
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(request.headers['x-amz-date'] ?? ''));
  if (!date) return false;
  const signingDate = new Date(Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!));
  if (Math.abs(now - signingDate.getTime()) > MAX_SKEW_MS) return false;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    const value = request.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // A payload hash header stands in for the body in the signature: it must be the body's.
  const payloadHash = headers['x-amz-content-sha256'];
  if (payloadHash !== undefined && payloadHash !== createHash('sha256').update(request.body).digest('hex'))
    return false;
  // No checksum of its own: the signed headers are exactly those the client sent.
  const signer = new SignatureV4({
    credentials,
    region: region!,
    service: service!,
    sha256: Sha256,
    applyChecksum: false,
  });
  const expected = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: headers.host ?? '',
      path: request.path,
      headers,
      body: request.body,
      query: {},
    },
    { signingDate },
  );
  const expectedSignature = /Signature=([0-9a-f]{64})$/.exec(expected.headers.authorization ?? '')?.[1] ?? '';
  return (
    expectedSignature.length === signature!.length &&
    timingSafeEqual(Buffer.from(expectedSignature), Buffer.from(signature!))
  );
}
