// The limits the stack deploys on the HTTP API and at the edge, without the CDK, so the local gateway
// applies the same ones (infra/local/apiThrottle.ts). Route throttles are computed by the capacity plan.
import type { Access } from '../lambdas/contract/manifest';
import { addressLimit, REGISTRATION_DAY, routeThrottles, type ThrottleLimits } from './capacity';

export type { ThrottleLimits } from './capacity';

/**
 * The stage's throttle. In API Gateway it is only the default of each route without settings of its own;
 * every route the stack deploys has its own (routeThrottle), so it caps neither a route nor the routes
 * together. What caps them together is the account's throttle per Region (ACCOUNT_THROTTLE).
 */
export const stageThrottle: ThrottleLimits = { rateLimit: 100, burstLimit: 200 };

/**
 * Each route's own limits by its access level, from the capacity plan at its default size: what the local
 * gateway applies. The stack computes its own from the deploy's size (`-c families`, PortalApi).
 */
export const routeThrottle: Record<Access, ThrottleLimits> = routeThrottles(REGISTRATION_DAY);

/** API Gateway's default account-level throttle per Region (a quota AWS raises on request), shared by every API of the account. */
export const ACCOUNT_THROTTLE: ThrottleLimits = { rateLimit: 10_000, burstLimit: 5_000 };

/** The web ACL's rate-based rule on CloudFront: API requests one client address may send per window. */
export const ADDRESS_LIMIT = addressLimit(REGISTRATION_DAY);

/** API Gateway's own answer to a throttled call (and the edge's, by the web ACL): no `error` object, so the web client knows no function ran. */
export const TOO_MANY_REQUESTS = { message: 'Too Many Requests' } as const;
