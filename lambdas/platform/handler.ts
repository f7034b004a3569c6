// The one handler pattern: `portalHandler(name, run)` wraps a plain business function in Middy with the
// portal's middleware: JSON body, caller identity, input validation against the manifest, and the
// mapping of failures onto the wire contract: `{ data }` on success, `{ error: { code, message } }` otherwise
// (docs/wire-contract.md).
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { CallLimit } from '../contract/records';
import { deployment } from './deployment';
import { manifest, type Access, type FunctionName, type FunctionResult, type ParsedInput } from '../contract/manifest';
import { withAdminStanding } from './adminStanding';
import {
  bearerToken,
  callerFromClaims,
  verifyAccessToken,
  type Caller,
  type FamilyCaller,
  type InstructorCaller,
} from './caller';
import { isTransientAwsError } from './awsErrors';
import { logCallContext, loggedError, logger } from './logger';
import { originCheck } from './originCheck';
import { callerLanguage, detailsIn, messageIn } from './errorLanguage';
import {
  BUSY_MESSAGE,
  invalidArgument,
  permissionDenied,
  PortalError,
  unauthenticated,
  type ErrorBody,
} from '../contract/errors';

/**
 * The event as API Gateway (or the local gateway) delivers it, the authorizer's claims present on user
 * and admin routes; the middleware adds the parsed payload and the caller.
 */
export type PortalEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, unknown> } };
  };
  payload?: unknown;
  caller?: Caller;
};

type Result = APIGatewayProxyStructuredResultV2;
export type Middleware = MiddlewareObj<PortalEvent, Result, Error, Context>;
type Request = middy.Request<PortalEvent, Result, Error, Context>;

/**
 * Who calls a function: anyone on public ones; on family functions that use the table, a caller with its family;
 * on instructor functions, a caller with the classes they teach.
 */
type CallerOf<N extends FunctionName> = (typeof manifest)[N] extends { access: 'public' }
  ? Caller | undefined
  : (typeof manifest)[N] extends { access: 'user' }
    ? (typeof deployment)[N] extends { table: 'read' | 'write' }
      ? FamilyCaller
      : Caller
    : (typeof manifest)[N] extends { access: 'instructor' }
      ? InstructorCaller
      : Caller;
/** The call itself: when it reached the API, and how long the function may still run. */
export interface Call {
  arrivedAt: number;
  remainingMs(): number;
}
export type Run<N extends FunctionName> = (
  input: ParsedInput<N>,
  caller: CallerOf<N>,
  call: Call,
) => Promise<FunctionResult<N>>;

const MAX_BODY_BYTES = 256 * 1024;
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function jsonResponse(statusCode: number, body: unknown): Result {
  return { statusCode, headers: jsonHeaders, body: JSON.stringify(body) };
}

/** Parses the body as JSON; an empty body is the empty payload `{}`. */
export function jsonBody(): Middleware {
  return {
    before: async (request: Request) => {
      const { body, isBase64Encoded } = request.event;
      const raw = body === undefined ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      if (Buffer.byteLength(raw) > MAX_BODY_BYTES)
        throw invalidArgument(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
      if (raw.trim() === '') {
        request.event.payload = {};
        return;
      }
      try {
        request.event.payload = JSON.parse(raw);
      } catch {
        throw invalidArgument('The request body is not valid JSON.');
      }
    },
  };
}

/**
 * A public catalogue read served as `GET /get/{name}?payload=<JSON>` (the manifest's `cacheSeconds`): the
 * payload comes from the query string, a token is ignored (the answer is the same for every visitor, and
 * CloudFront shares it between them), and a success may be cached for cacheSeconds. A POST is untouched.
 */
export function cachedRead(cacheSeconds: number): Middleware {
  const isGet = (request: Request) => request.event.requestContext?.http?.method === 'GET';
  return {
    before: async (request: Request) => {
      if (!isGet(request)) return;
      const { headers, queryStringParameters } = request.event;
      request.event.body = queryStringParameters?.payload ?? '';
      request.event.isBase64Encoded = false;
      if (headers)
        request.event.headers = Object.fromEntries(
          Object.entries(headers).filter(([header]) => header.toLowerCase() !== 'authorization'),
        );
    },
    after: async (request: Request) => {
      if (isGet(request) && request.response?.statusCode === 200) {
        request.response.headers = { ...request.response.headers, 'cache-control': `public, max-age=${cacheSeconds}` };
      }
    },
  };
}

/**
 * Finds out who calls, and refuses callers the function's access does not admit. A token that says admin is
 * only a claim: the user pool says whether its holder is an administrator now (adminStanding.ts).
 */
export function callerIdentity(access: Access): Middleware {
  return {
    before: async (request: Request) => {
      const authorizerClaims = request.event.requestContext.authorizer?.jwt?.claims;
      const token = bearerToken(request.event.headers?.authorization ?? request.event.headers?.Authorization);
      let caller: Caller | undefined;
      if (authorizerClaims) {
        caller = callerFromClaims(authorizerClaims);
      } else {
        if (token) {
          const claims = await verifyAccessToken(token);
          caller = claims && callerFromClaims(claims);
          if (!caller) throw unauthenticated('Your sign-in has expired or is not valid: sign in again.');
        }
      }
      if (access !== 'public' && !caller) throw unauthenticated();
      if (caller?.isAdmin) caller = await withAdminStanding(caller, access);
      if (access === 'admin' && !caller?.isAdmin) throw permissionDenied();
      const language = callerLanguage(
        request.event.headers?.['accept-language'] ?? request.event.headers?.['Accept-Language'],
      );
      request.event.caller = caller && {
        ...caller,
        ...(token && { accessToken: token }),
        ...(language !== 'en' && { language }),
      };
    },
  };
}

/** Validates the payload against the manifest's schema; the message names the first field at fault. */
export function validInput(schema: z.ZodMiniType): Middleware {
  return {
    before: async (request: Request) => {
      const body = request.event.payload;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw invalidArgument('The payload must be a JSON object.');
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues.flatMap((issue) =>
          issue.code === 'unrecognized_keys'
            ? issue.keys.map((key) => ({ field: fieldName([...issue.path, key]), message: 'is not a known field' }))
            : [{ field: fieldName(issue.path), message: issue.message }],
        );
        const first = issues[0]!;
        throw invalidArgument(first.field ? `${first.field}: ${first.message}` : first.message, { issues });
      }
      request.event.payload = parsed.data;
    },
  };
}

function fieldName(path: PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}

/**
 * Typed failures become their status and code; anything else is a 500 whose detail stays in the log. The message
 * is said in the caller's language (`Accept-Language`, errorLanguage.ts), and so are the details' problems
 * (`issues[].message`); the code and every other detail never change.
 */
export function errorMapping(name: string): Middleware {
  return {
    onError: async (request: Request) => {
      const error = request.error;
      const headers = request.event.headers ?? {};
      const language = callerLanguage(headers['accept-language'] ?? headers['Accept-Language']);
      if (error instanceof PortalError) {
        if (error.why)
          logger.warn('Out of attempts or time: answered 429 resource-exhausted.', {
            function: name,
            error: error.why,
          });
        const body: ErrorBody = {
          error: {
            code: error.code,
            message: messageIn(language, error.message),
            ...(error.details === undefined ? {} : { details: detailsIn(language, error.details) }),
          },
        };
        request.response = jsonResponse(error.status, body);
        return;
      }
      if (isTransientAwsError(error)) {
        // The SDK already retried; the caller may try again in a moment.
        logger.warn('AWS was busy past the SDK retries: answered 429 resource-exhausted.', {
          function: name,
          error: (error as Error).name,
          detail: (error as Error).message,
        });
        request.response = jsonResponse(429, {
          error: { code: 'resource-exhausted', message: messageIn(language, BUSY_MESSAGE) },
        } satisfies ErrorBody);
        return;
      }
      logger.error('An unexpected failure: answered 500 internal.', { function: name, error: loggedError(error) });
      const body: ErrorBody = {
        error: { code: 'internal', message: messageIn(language, INTERNAL_MESSAGE) },
      };
      request.response = jsonResponse(500, body);
    },
  };
}

/** The manifest's call limit of a function, if it has one. */
export function rateLimitOf(name: FunctionName): CallLimit | undefined {
  const spec = deployment[name];
  return 'rateLimit' in spec ? spec.rateLimit : undefined;
}

/** Whether a function is a family function that uses the table, whose caller comes with their family. */
export function readsCallerFamily(name: FunctionName): boolean {
  return manifest[name].access === 'user' && deployment[name].table !== 'none';
}

/**
 * The modules that build handlers: each adds middleware of its own, with the clients it needs, which the
 * functions built by the others do not bundle. The manifest decides which one a function is built with.
 */
export type HandlerBuilder = 'portalHandler' | 'familyHandler' | 'limitedHandler' | 'instructorHandler';

const BUILDER_REASONS: Record<HandlerBuilder, string> = {
  instructorHandler: 'is an instructor function',
  limitedHandler: 'has a call limit in the manifest',
  familyHandler: 'is a family function on the table',
  portalHandler: 'needs none of the other builders in the manifest',
};

function builderOf(name: FunctionName): HandlerBuilder {
  if (manifest[name].access === 'instructor') return 'instructorHandler';
  if (rateLimitOf(name)) return 'limitedHandler';
  return readsCallerFamily(name) ? 'familyHandler' : 'portalHandler';
}

/** The handler of a function the manifest sets no call limit and no family for. */
export function portalHandler<N extends FunctionName>(name: N, run: Run<N>) {
  return handlerChain('portalHandler', name, run);
}

/**
 * The portal's middleware around a business function, built by `builder` if the manifest says so;
 * familyHandler and limitedHandler add the caller's family after validation (bad input is refused without
 * reading the table), and limitedHandler its counter after it all.
 */
export function handlerChain<N extends FunctionName>(builder: HandlerBuilder, name: N, run: Run<N>) {
  const expected = builderOf(name);
  if (builder !== expected)
    throw new Error(`${name} ${BUILDER_REASONS[expected]}: build its handler with ${expected}.`);
  const spec = manifest[name];
  const handler = middy<PortalEvent, Result, Error, Context>()
    .use(logCallContext())
    .use(errorMapping(name))
    .use(originCheck());
  if ('cacheSeconds' in spec) handler.use(cachedRead(spec.cacheSeconds));
  return handler
    .use(jsonBody())
    .use(callerIdentity(spec.access))
    .use(validInput(spec.input))
    .handler(async (event, context) => {
      const call: Call = {
        arrivedAt: event.requestContext.timeEpoch ?? Date.now(),
        remainingMs: () => context.getRemainingTimeInMillis(),
      };
      return jsonResponse(200, {
        data: await run(event.payload as ParsedInput<N>, event.caller as CallerOf<N>, call),
      });
    });
}
