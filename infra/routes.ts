// The HTTP API's routes as the stack deploys them and the local gateway serves them, without the CDK: the
// stage, each manifest function's paths and their route keys (what API Gateway throttles by).
import { manifest, type CachedFunctionName, type FunctionName } from '../lambdas/contract/manifest';

/** The stage, and so the site's path to the API (`apiBaseUrl`): CloudFront forwards `/api/…` as it is. */
export const STAGE_NAME = 'api';

/** Every named function: `POST /fn/{name}`, the payload as the body. */
export const functionPath = (name: FunctionName) => `/fn/${name}`;

/**
 * The public catalogue reads also as `GET /get/{name}?payload=<JSON>`: a path of their own, so CloudFront
 * caches them by a policy that forwards no header (no token) while `/api/*` passes every call on uncached.
 */
export const CACHED_PATH_PREFIX = '/get/';
export const cachedReadPath = (name: FunctionName) => `${CACHED_PATH_PREFIX}${name}`;

/** The functions the manifest serves as cacheable GETs, with their seconds. */
export const cachedFunctions = (Object.keys(manifest) as FunctionName[]).flatMap((name) => {
  const spec = manifest[name];
  return 'cacheSeconds' in spec ? [{ name: name as CachedFunctionName, cacheSeconds: spec.cacheSeconds }] : [];
});

export function isCachedFunctionName(name: string): name is CachedFunctionName {
  return cachedFunctions.some((cached) => cached.name === name);
}

/** API Gateway's route key, e.g. `POST /fn/enroll`: the name a route's throttling settings go by. */
export const routeKey = (route: { method: 'GET' | 'POST'; path: string }) => `${route.method} ${route.path}`;

/**
 * CloudFront's cache policy for the cached reads, which the local gateway applies too: an answer is kept as
 * long as its `max-age` says, within these bounds, keyed by its path and query string.
 */
export const cachedReadPolicy = {
  minSeconds: 0,
  defaultSeconds: Math.min(...cachedFunctions.map((cached) => cached.cacheSeconds)),
  maxSeconds: Math.max(...cachedFunctions.map((cached) => cached.cacheSeconds)),
};
