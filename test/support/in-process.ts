// Runs a function's handler inside the test process, against the local stack's DynamoDB Local, as API
// Gateway would invoke it after its authorizer: for tests that reach into the handlers' AWS clients.
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { FunctionName } from '../../lambdas/contract/manifest';
import { handlerModule } from '../../lambdas/platform/deployment';
import type { PortalEvent } from '../../lambdas/platform/handler';
import { tokenClaims, type SignedIn } from './portal';

export interface Invocation {
  statusCode: number;
  body: { data?: any; error?: { code: string; message: string } };
}

/** The claims API Gateway's authorizer passes on for a signed-in user (arrays flattened to "[a b]"). */
export function claimsOf(user: SignedIn): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tokenClaims(user.accessToken)).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}

/** A raw body, as the authorizer's claims say (none: an anonymous call). */
export async function invokeRaw(
  name: FunctionName,
  body: string,
  claims?: Record<string, string>,
): Promise<Invocation> {
  const module = (await import(`../../${handlerModule(name)}`)) as {
    handler: (event: PortalEvent, context: Context) => Promise<{ statusCode: number; body: string }>;
  };
  const event = {
    version: '2.0',
    routeKey: 'POST /fn/{name}',
    rawPath: `/api/fn/${name}`,
    headers: {},
    body,
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), ...(claims && { authorizer: { jwt: { claims } } }) },
  } as unknown as PortalEvent;
  const context = { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
  const result = await module.handler(event, context);
  return { statusCode: result.statusCode, body: JSON.parse(result.body) };
}

export function invoke(name: FunctionName, payload: unknown, user: SignedIn): Promise<Invocation> {
  return invokeRaw(name, JSON.stringify(payload), claimsOf(user));
}
