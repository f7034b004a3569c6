// Typed failures and the wire contract's statuses and codes: each code answers with one HTTP status
// (docs/wire-contract.md#errors).
const errorStatus = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 409,
  'resource-exhausted': 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class PortalError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Why the call failed, for the log only (see portalBusy). */
    readonly why?: string,
  ) {
    super(message);
    this.name = 'PortalError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const invalidArgument = (message: string, details?: unknown) =>
  new PortalError('invalid-argument', message, details);
export const unauthenticated = (message = 'Sign in to do this.') => new PortalError('unauthenticated', message);
export const permissionDenied = (message = 'Only administrators may do this.') =>
  new PortalError('permission-denied', message);
export const notFound = (message: string) => new PortalError('not-found', message);
export const alreadyExists = (message: string) => new PortalError('already-exists', message);
export const failedPrecondition = (message: string, details?: unknown) =>
  new PortalError('failed-precondition', message, details);
export const resourceExhausted = (message: string) => new PortalError('resource-exhausted', message);

export const BUSY_MESSAGE = 'The portal is very busy right now and could not save this. Please try again in a moment.';

/**
 * "Very busy, nothing changed" for a call that ran out of attempts or time. `why` is not told to the
 * caller: the handler logs it (a warning), so a busy day can be told apart by cause.
 */
export const portalBusy = (why: string) => new PortalError('resource-exhausted', BUSY_MESSAGE, undefined, why);

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
