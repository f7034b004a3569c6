// API Gateway's throttling of the HTTP API, for the local gateway, which otherwise never throttles. AWS
// throttles with token buckets (a token per request, refilled continuously at the rate limit, holding at
// most the burst limit), for all callers together, and answers a throttled call itself: 429, no function runs.
//
// Which buckets, as AWS documents them: a stage's throttle (`stageThrottle`) is only the default limit of
// each of its routes, and a route's own settings (`routeThrottle`) override it; every route the stack
// deploys has its own, so each route has a bucket of its access level's limits. What caps the routes
// together is the account's limit per Region (shared by every API of the account), not the stage's.
// The limits come from infra/throttles.ts, which the stack reads too, and which loads no CDK.
import type { ServerResponse } from 'node:http';
import type { Access } from '../../lambdas/contract/manifest';
import { ACCOUNT_THROTTLE, routeThrottle, TOO_MANY_REQUESTS, type ThrottleLimits } from '../throttles';

export interface RouteThrottleStats {
  admitted: number;
  throttled: number;
}

class TokenBucket {
  private tokens: number;
  private filledAt: number;

  constructor(
    private readonly limits: ThrottleLimits,
    now: number,
  ) {
    this.tokens = limits.burstLimit;
    this.filledAt = now;
  }

  take(now: number): boolean {
    const elapsedMs = Math.max(0, now - this.filledAt);
    this.tokens = Math.min(this.limits.burstLimit, this.tokens + (elapsedMs * this.limits.rateLimit) / 1000);
    this.filledAt = Math.max(this.filledAt, now);
    // A token refilled in many small steps may add up to a hair under 1 in floating point: it is whole.
    if (this.tokens < 1 - 1e-9) return false;
    this.tokens = Math.max(0, this.tokens - 1);
    return true;
  }
}

export class ApiThrottle {
  private readonly routeBuckets = new Map<string, TokenBucket>();
  private accountBucket: TokenBucket | undefined;
  private readonly counts = new Map<string, RouteThrottleStats>();

  constructor(
    private readonly limits: { routes: Record<Access, ThrottleLimits>; account: ThrottleLimits } = {
      routes: routeThrottle,
      account: ACCOUNT_THROTTLE,
    },
  ) {}

  /**
   * Whether API Gateway lets a call of the route through (`POST /fn/enroll`, the route key the stack deploys).
   * The limits apply in AWS's order, route then account, and each bucket counts the calls that reach it: a
   * call its route refuses takes no account token, and one the account refuses has spent its route token.
   */
  admit(routeKey: string, access: Access, now = Date.now()): boolean {
    let route = this.routeBuckets.get(routeKey);
    if (!route) this.routeBuckets.set(routeKey, (route = new TokenBucket(this.limits.routes[access], now)));
    this.accountBucket ??= new TokenBucket(this.limits.account, now);
    const admitted = route.take(now) && this.accountBucket.take(now);
    const counts = this.counts.get(routeKey) ?? { admitted: 0, throttled: 0 };
    counts[admitted ? 'admitted' : 'throttled'] += 1;
    this.counts.set(routeKey, counts);
    return admitted;
  }

  /** Calls admitted and throttled, by route key. */
  stats(): Record<string, RouteThrottleStats> {
    return Object.fromEntries([...this.counts].map(([routeKey, counts]) => [routeKey, { ...counts }]));
  }
}

/** API Gateway's own answer to a throttled call: no `error` object, which tells the web client no function ran. */
export function sendTooManyRequests(res: ServerResponse): void {
  const body = JSON.stringify(TOO_MANY_REQUESTS);
  res.writeHead(429, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
