// Calls a named function: `POST {apiBaseUrl}/fn/{name}` with the signed-in user's access token, or, for a
// public catalogue read, `GET {apiBaseUrl}/get/{name}?payload=…` without it, which CloudFront answers from
// its cache for every visitor alike. Names, payloads and results are typed from the function manifest.
import type { CachedFunctionName, FunctionInput, FunctionName, FunctionResult } from '@contract/manifest';
import type { ErrorCode } from '@contract/errors';
// Lingui's one instance, which web/src/i18n/i18n.ts activates (imported from there, it would be an import cycle).
import { i18n } from '@lingui/core';
import { runtimeConfig } from '../runtimeConfig';
import { accessToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Any failure as the ApiError a screen shows: the client's own, or "Something went wrong". */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal', 'Something went wrong. Please try again.', 0);
}

/** API Gateway's own throttling answers 429 before any function ran: such a call is sent again after a short pause. */
const THROTTLED_RETRIES = 4;
const THROTTLED_PAUSE_MS = 250;

type AnswerBody = { data?: unknown; error?: { code: ErrorCode; message: string; details?: unknown } } | undefined;

type Payload<N extends FunctionName> =
  Record<never, never> extends FunctionInput<N> ? [FunctionInput<N>?] : [FunctionInput<N>];

/**
 * The language the person reads the portal in, on every call (a CORS-safelisted header): the server says a
 * refusal's message in it (lambdas/platform/errorLanguage.ts). Read at each call, so a switch counts at once;
 * English before any language is active.
 */
const languageHeader = () => ({ 'accept-language': i18n.locale || 'en' });

export async function callFunction<N extends FunctionName>(
  name: N,
  ...payload: Payload<N>
): Promise<FunctionResult<N>> {
  const token = await accessToken();
  return answerOf<N>(() =>
    fetch(`${runtimeConfig().apiBaseUrl}/fn/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...languageHeader(),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(payload[0] ?? {}),
    }),
  );
}

/** Longer addresses than this go as a POST: some proxies and older browsers cut long URLs. */
const MAX_GET_URL = 2000;

/**
 * A public catalogue read as a cacheable GET (the same data as its POST, possibly as old as the manifest's
 * cacheSeconds). No token goes with it: the answer is everyone's. A payload too long for an address is POSTed.
 */
export async function readCatalogue<N extends CachedFunctionName>(
  name: N,
  ...payload: Payload<N>
): Promise<FunctionResult<N>> {
  const query =
    payload[0] && Object.keys(payload[0]).length > 0
      ? `?payload=${encodeURIComponent(JSON.stringify(payload[0]))}`
      : '';
  const url = `${runtimeConfig().apiBaseUrl}/get/${name}${query}`;
  if (url.length > MAX_GET_URL) return callFunction(name, ...payload);
  // CloudFront forwards the language to the function without keying its cache on it: a success is everyone's, a
  // refusal (in the caller's language) is never kept (infra/site.ts).
  return answerOf<N>(() => fetch(url, { headers: languageHeader() }));
}

/** Sends a call (again after API Gateway's throttling) and reads its answer: the data, or an ApiError. */
async function answerOf<N extends FunctionName>(send: () => Promise<Response>): Promise<FunctionResult<N>> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await send();
    } catch {
      throw new ApiError('internal', 'The portal could not be reached. Check your connection and try again.', 0);
    }
    const body = (await response.json().catch(() => undefined)) as AnswerBody;
    if (response.ok && body && 'data' in body) return body.data as FunctionResult<N>;
    if (body?.error) throw new ApiError(body.error.code, body.error.message, response.status, body.error.details);
    // The portal's own limit (above) tells the user how long to wait; the gateway's throttling passes in a moment.
    if (response.status === 429 && attempt < THROTTLED_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THROTTLED_PAUSE_MS * 2 ** attempt));
      continue;
    }
    // API Gateway's own answers (its authorizer, throttling) carry no error code: read the status.
    const code: ErrorCode =
      response.status === 401
        ? 'unauthenticated'
        : response.status === 403
          ? 'permission-denied'
          : response.status === 429
            ? 'resource-exhausted'
            : 'internal';
    throw new ApiError(
      code,
      response.status === 429
        ? 'Too many requests right now. Please wait a moment and try again.'
        : 'Something went wrong. Please try again.',
      response.status,
    );
  }
}
