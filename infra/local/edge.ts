// What stands in front of the functions in AWS and the local gateway plays only when asked (settings of
// `npm start`): API Gateway's throttling (PORTAL_API_THROTTLE=1) and CloudFront's cache of the cached
// catalogue reads (PORTAL_CATALOGUE_CACHE=1). Both are off by default: the tests' many calls from one
// machine are not registration day, and an administrator's change shows at once.
import { cachedReadPolicy, CACHED_PATH_PREFIX, STAGE_NAME } from '../routes';
import { routeThrottle } from '../throttles';

export interface EdgeSettings {
  apiThrottle: boolean;
  catalogueCache: boolean;
}

function onOrOff(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`${name} must be 1 (on) or 0 (off), got "${value}".`);
}

export function edgeSettings(env: NodeJS.ProcessEnv): EdgeSettings {
  return {
    apiThrottle: onOrOff('PORTAL_API_THROTTLE', env.PORTAL_API_THROTTLE),
    catalogueCache: onOrOff('PORTAL_CATALOGUE_CACHE', env.PORTAL_CATALOGUE_CACHE),
  };
}

/** The lines of the start banner that say which of them is on. */
export function edgeBanner(settings: EdgeSettings): string[] {
  const limits = (Object.entries(routeThrottle) as Array<[string, { rateLimit: number; burstLimit: number }]>)
    .map(([access, { rateLimit, burstLimit }]) => `${access} ${rateLimit}/s burst ${burstLimit}`)
    .join(', ');
  return [
    ...(settings.apiThrottle
      ? [
          `  API throttle ON     each route as API Gateway throttles it (${limits}); 429 {"message":"Too Many Requests"}`,
        ]
      : []),
    ...(settings.catalogueCache
      ? [
          `  catalogue cache ON  GET /${STAGE_NAME}${CACHED_PATH_PREFIX}{name} kept as CloudFront keeps it (its max-age, ${cachedReadPolicy.maxSeconds} s at most); counts at /_local/edge-stats`,
        ]
      : []),
  ];
}

/** A cached answer: only successful ones are kept. */
export interface CachedAnswer {
  headers: Record<string, string>;
  body: string;
}

export interface CacheStats {
  /** Calls answered from the cache. */
  hits: number;
  /** Calls that went on to the function (misses, and answers that may not be kept). */
  originCalls: number;
}

/**
 * CloudFront's cache for the cached reads, by the stack's cache policy: keyed by path and query string,
 * a 200 kept for its `max-age` (within the policy's bounds; the policy's default without one), nothing
 * kept that says `no-store`, `no-cache` or `private`, and no other status kept at all.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, CachedAnswer & { storedAt: number; expiresAt: number }>();
  private readonly counts: CacheStats = { hits: 0, originCalls: 0 };
  /** The origin calls under way, by key. */
  private readonly calls = new Map<string, Promise<unknown>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The fresh answer for this path and query, with its age in seconds, counted as a hit; otherwise undefined. */
  lookup(key: string): (CachedAnswer & { ageSeconds: number }) | undefined {
    const entry = this.entries.get(key);
    const now = this.now();
    if (!entry || entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    this.counts.hits += 1;
    return { headers: entry.headers, body: entry.body, ageSeconds: Math.floor((now - entry.storedAt) / 1000) };
  }

  /** Whether an origin call for this key is under way. */
  underWay(key: string): boolean {
    return this.calls.has(key);
  }

  /**
   * The origin's answer to a miss, with CloudFront's request collapsing: calls for the same key that come while
   * its origin call is under way wait for that call's answer (counted as hits) instead of reaching the origin;
   * so the moment an answer expires, a crowd asking for it costs the origin one call, not one each.
   */
  fromOrigin<T extends { statusCode: number; headers?: Record<string, string>; body?: string }>(
    key: string,
    call: () => Promise<T>,
  ): { answer: Promise<T>; collapsed: boolean } {
    const underWay = this.calls.get(key) as Promise<T> | undefined;
    if (underWay) {
      this.counts.hits += 1;
      return { answer: underWay, collapsed: true };
    }
    const answer = call()
      .then((result) => {
        this.store(key, result.statusCode, { headers: result.headers ?? {}, body: result.body ?? '' });
        return result;
      })
      .finally(() => this.calls.delete(key));
    this.calls.set(key, answer);
    return { answer, collapsed: false };
  }

  /** The function's answer to a miss: counted as an origin call, and kept when the policy keeps it. */
  store(key: string, statusCode: number, answer: CachedAnswer): void {
    this.counts.originCalls += 1;
    const seconds = statusCode === 200 ? keptSeconds(answer.headers) : 0;
    if (seconds > 0) this.entries.set(key, { ...answer, storedAt: this.now(), expiresAt: this.now() + seconds * 1000 });
  }

  stats(): CacheStats {
    return { ...this.counts };
  }
}

function keptSeconds(headers: Record<string, string>): number {
  const cacheControl = Object.entries(headers).find(([header]) => header.toLowerCase() === 'cache-control')?.[1] ?? '';
  if (/\b(no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl)?.[1];
  const seconds = maxAge === undefined ? cachedReadPolicy.defaultSeconds : Number(maxAge);
  return Math.min(cachedReadPolicy.maxSeconds, Math.max(cachedReadPolicy.minSeconds, seconds));
}
