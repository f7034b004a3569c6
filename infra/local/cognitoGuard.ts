// What stands in front of the user pool in AWS, in front of cognito-local: its admin and management calls
// need a SigV4 signature made with the local stack's own credentials (the public calls a browser makes stay
// open, as in AWS), no web page of another origin may call it (cognito-local itself allows any origin), and
// one client address may start only so many sign-ups, as the pool's WAF rule allows in AWS. When asked
// (PORTAL_COGNITO_QUOTAS=on), the account's request-rate quotas too: over a category's calls a second, Cognito
// answers TooManyRequestsException, and so does the local pool (infra/cognitoQuotas.ts).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { categoryOf, COGNITO_QUOTAS, type CognitoCategory } from '../cognitoQuotas';
import { SIGN_UP_LIMIT, SIGN_UP_TARGET } from '../signUpLimit';
import { signedWith, type LocalCredentials } from './signature';
import { readBody } from './requestBody';

/** The calls Cognito takes without IAM credentials: anonymous, or authorized by the user's own token. */
const PUBLIC_TARGETS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Sign-ups per client address within the last window, as a WAF rate-based rule counts them. */
class SignUpLimiter {
  private readonly starts = new Map<string, number[]>();

  /** Counts a sign-up from the address; false once the address has had its share of the window. */
  allow(address: string, now = Date.now()): boolean {
    const since = now - SIGN_UP_LIMIT.windowSeconds * 1000;
    const recent = (this.starts.get(address) ?? []).filter((at) => at > since);
    const allowed = recent.length < SIGN_UP_LIMIT.signUps;
    if (allowed) recent.push(now);
    if (recent.length) this.starts.set(address, recent);
    else this.starts.delete(address);
    return allowed;
  }
}

/**
 * Each quota category's calls within the last second, as Cognito counts them against its requests-a-second
 * quota: a call over the category's share of the second is refused.
 */
class RequestRateQuotas {
  private readonly calls = new Map<CognitoCategory, number[]>();

  allow(operation: string, now = Date.now()): boolean {
    const category = categoryOf(operation);
    if (!category) return true;
    const recent = (this.calls.get(category) ?? []).filter((at) => at > now - 1000);
    const allowed = recent.length < COGNITO_QUOTAS[category].perSecond;
    if (allowed) recent.push(now);
    this.calls.set(category, recent);
    return allowed;
  }
}

function refuse(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ __type: type, message }));
}

/** cognito-local's answers keep no CORS header: only pages of the portal's own origin use it. */
function withoutCors(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value));
}

export interface GuardOptions {
  credentials: LocalCredentials;
  /** Where the gateway mounts the user pool: part of the path the clients sign. */
  mountPath: string;
  /** Cognito's default request-rate quotas enforced (PORTAL_COGNITO_QUOTAS=on); otherwise none. */
  quotas?: boolean;
  /** The clock the quotas count seconds by (a test's own, so its calls fall in the second it means). */
  clock?: () => number;
}

/** cognito-local's request handler behind the checks AWS makes before a call reaches Cognito. */
export function guardedUserPool(
  userPool: RequestListener,
  { credentials, mountPath, quotas = false, clock = Date.now }: GuardOptions,
): RequestListener {
  const signUps = new SignUpLimiter();
  const rates = quotas ? new RequestRateQuotas() : undefined;
  const guard = async (req: IncomingMessage, res: ServerResponse) => {
    withoutCors(res);
    if (req.method !== 'POST' || req.url !== '/') return userPool(req, res);
    const body = await readBody(req);
    if (!body) return refuse(res, 413, 'RequestEntityTooLargeException', 'The request body is too large.');
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (!PUBLIC_TARGETS.has(operation)) {
      const signed = await signedWith(credentials, {
        method: 'POST',
        path: `${mountPath}${req.url}`,
        headers: req.headers,
        body,
      });
      if (!signed)
        return refuse(
          res,
          403,
          'UnrecognizedClientException',
          `${operation || 'This call'} needs a request signed with the local stack's credentials (see <data dir>/stack.json).`,
        );
    }
    if (rates && !rates.allow(operation, clock()))
      return refuse(res, 400, 'TooManyRequestsException', 'Too many requests');
    if (target === SIGN_UP_TARGET && !signUps.allow(req.socket.remoteAddress ?? '')) {
      return refuse(res, 403, 'ForbiddenException', 'Request not allowed due to WAF block.');
    }
    let parsed: unknown;
    try {
      parsed = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return refuse(res, 400, 'SerializationException', 'The request body is not valid JSON.');
    }
    // Handed to cognito-local's Express app as its JSON body parser would: that parser skips a read body.
    Object.assign(req, { body: parsed, _body: true });
    userPool(req, res);
  };
  return (req, res) => {
    guard(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, 'InternalErrorException', (error as Error).message);
      else res.end();
    });
  };
}
