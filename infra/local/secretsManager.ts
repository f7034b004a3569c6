// Secrets Manager, for the one secret the local stack has: the header CloudFront adds to every call it sends
// the API (the gateway adds it here). GetSecretValue answers calls signed with the stack's credentials only,
// as IAM would, with the current value; no other stage exists between rotations that never happen locally.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './requestBody';
import { signedWith, type LocalCredentials } from './signature';

/** Where the gateway answers for Secrets Manager, and the id of the secret (ORIGIN_SECRET_ID of the functions). */
export const SECRETS_MANAGER_PATH = '/_local/secrets-manager';
export const LOCAL_ORIGIN_SECRET_ID = 'registration-portal-origin';

export async function serveOriginSecret(
  req: IncomingMessage,
  res: ServerResponse,
  secret: { reader: LocalCredentials | undefined; value: string },
): Promise<void> {
  const body = (await readBody(req)) ?? Buffer.from('');
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const signed =
    secret.reader && (await signedWith(secret.reader, { method: 'POST', path, headers: req.headers, body }));
  if (!signed)
    return answer(res, 403, {
      __type: 'AccessDeniedException',
      message: "Sign the call with the local stack's credentials.",
    });
  let request: { SecretId?: unknown; VersionStage?: unknown };
  try {
    request = JSON.parse(body.toString('utf8') || '{}') as typeof request;
  } catch {
    return answer(res, 400, { __type: 'InvalidRequestException', message: 'The body is not JSON.' });
  }
  const stage = request.VersionStage ?? 'AWSCURRENT';
  if (request.SecretId !== LOCAL_ORIGIN_SECRET_ID || stage !== 'AWSCURRENT')
    return answer(res, 400, {
      __type: 'ResourceNotFoundException',
      message: `Secrets Manager can't find the specified secret value for staging label: ${String(stage)}`,
    });
  answer(res, 200, { Name: LOCAL_ORIGIN_SECRET_ID, SecretString: secret.value, VersionStages: ['AWSCURRENT'] });
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    ...(status >= 400 && { 'x-amzn-errortype': String(body.__type) }),
  });
  res.end(JSON.stringify(body));
}
