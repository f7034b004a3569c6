// Talking to the local stack as a client would: named functions over HTTP, real users in cognito-local.
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from '../../infra/local/outbox';
import type { ScheduleName } from '../../lambdas/platform/deployment';
import { currentCode } from '../../infra/local/secondFactor';
import type { FunctionName } from '../../lambdas/contract/manifest';
import { ASK_AGAIN_MS, askAgainInMs, type AnswerInput, type EnrollmentAnswer } from '../../lambdas/contract/records';
import { BUSY_ASKS } from '../../lambdas/contract/waitingInLine';
import { BUSY_MESSAGE } from '../../lambdas/contract/errors';
import { TEST_ADMIN } from './stack-info';

export function portalUrl(): string {
  const url = process.env.PORTAL_TEST_URL;
  if (!url)
    throw new Error(
      'PORTAL_TEST_URL is not set: run this test in the integration or e2e project, whose global setup starts the stack.',
    );
  return url;
}

export interface CallResult<T = unknown> {
  status: number;
  body: { data?: T; error?: { code: string; message: string; details?: unknown }; message?: string };
}

/** POST /api/fn/{name} with a raw body and headers. */
export async function post(name: string, body: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const response = await fetch(`${portalUrl()}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  let parsed: CallResult['body'];
  try {
    parsed = JSON.parse(text) as CallResult['body'];
  } catch {
    throw new Error(`${name} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed };
}

/** Calls a named function with a payload, as the user whose access token is given (or anonymously). */
export async function call<T = unknown>(
  name: FunctionName,
  payload: unknown = {},
  token?: string,
): Promise<CallResult<T>> {
  return post(name, JSON.stringify(payload), token ? { authorization: `Bearer ${token}` } : {}) as Promise<
    CallResult<T>
  >;
}

/** Like call, but the data of a 200 answer, failing loudly otherwise. */
export async function data<T = unknown>(name: FunctionName, payload: unknown = {}, token?: string): Promise<T> {
  const result = await call<T>(name, payload, token);
  if (result.status !== 200) throw new Error(`${name} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body.data as T;
}

export type EnrollPayload = { studentId: string; answers?: AnswerInput[] } & (
  | { classId: string }
  | { groupId: string }
);

/** How long enrollAndWait asks again at most: a request still in line then is a failure the test shows, not a test that never ends. */
const GIVE_UP_MS = 90_000;

/** Presses again on a 429 "very busy" at most this often, a second apart, as the message asks a family to. */
const PRESSES_AGAIN = 4;

/** A 429 that says the portal was busy (not the per-user limit): nothing was saved, and the family presses again. */
const veryBusy = (result: CallResult) => result.status === 429 && result.body.error?.message === BUSY_MESSAGE;

/**
 * An enrollment as a family makes it with the web app: on a 429 "very busy" it presses Enroll again (up
 * to PRESSES_AGAIN times); while the answer says the request is still in line, it asks `enrollmentRequest`
 * again until the request is decided (or GIVE_UP_MS passed: the last answer is then still `pending`). The
 * last answer, how often it pressed again, and how often it asked again.
 */
export async function enrollAndWait(
  payload: EnrollPayload,
  token: string,
): Promise<CallResult<EnrollmentAnswer> & { pressedAgain: number; askedAgain: number }> {
  const giveUpAt = Date.now() + GIVE_UP_MS;
  let result = await call<EnrollmentAnswer>('enroll', payload, token);
  let pressedAgain = 0;
  for (; veryBusy(result) && pressedAgain < PRESSES_AGAIN; pressedAgain += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    result = await call<EnrollmentAnswer>('enroll', payload, token);
  }
  let askedAgain = 0;
  while (result.status === 200 && result.body.data?.pending && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, askAgainInMs(result.body.data!.pending!)));
    const { studentId: _studentId, ...target } = payload;
    const ask = { requestId: result.body.data.requestId, ...target };
    askedAgain += 1;
    let asked = await call<EnrollmentAnswer>('enrollmentRequest', ask, token);
    // An ask answered "very busy" is asked again after a pause, as the web app does (waitingInLine.ts).
    for (let busyAsks = 1; veryBusy(asked) && busyAsks < BUSY_ASKS; busyAsks += 1) {
      await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS * busyAsks));
      askedAgain += 1;
      asked = await call<EnrollmentAnswer>('enrollmentRequest', ask, token);
    }
    result = asked;
  }
  return { ...result, pressedAgain, askedAgain };
}

/** An enrollAndWait's outcome for an assertion: its status, or 'still in line' when it gave up waiting. */
export const outcomeOf = (answer: CallResult<EnrollmentAnswer>) =>
  answer.body.data?.pending ? 'still in line' : answer.status;

/** When a request's call reached the API (its id starts with that moment, in epoch ms). */
export const arrivalOf = (requestId: string) => Number(requestId.split('-')[0]);

let cognito: CognitoIdentityProviderClient | undefined;
/** The local user pool, its admin calls signed with the stack's credentials (in the environment). */
export function userPool(): CognitoIdentityProviderClient {
  cognito ??= new CognitoIdentityProviderClient({
    endpoint: `${portalUrl()}/_cognito`,
    region: 'local',
    credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY! },
  });
  return cognito;
}

export interface SignedIn {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
  sub: string;
}

/** The second factor keys of the tests' accounts that have one, by e-mail: the tests' authenticator app. */
const secondFactors = new Map<string, string>();

/** The code the account's authenticator app would show now. */
export function secondFactorCode(email: string): string {
  const secret =
    secondFactors.get(email.toLowerCase()) ??
    (email === TEST_ADMIN.email ? process.env.PORTAL_TEST_ADMIN_SECOND_FACTOR : undefined);
  if (!secret) throw new Error(`${email} has no second factor the tests know of.`);
  return currentCode(secret);
}

/** Turns the account's second factor on as Manage Account does, keeping its key for the account's next sign-ins. */
export async function turnOnSecondFactor(session: SignedIn): Promise<string> {
  const { SecretCode } = await userPool().send(new AssociateSoftwareTokenCommand({ AccessToken: session.accessToken }));
  await userPool().send(
    new VerifySoftwareTokenCommand({ AccessToken: session.accessToken, UserCode: currentCode(SecretCode!) }),
  );
  await userPool().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: session.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  secondFactors.set(session.email.toLowerCase(), SecretCode!);
  return SecretCode!;
}

/** The sign-in's first step, the password: tokens, or the challenge that asks for a code. */
export function passwordStep(email: string, password: string) {
  return userPool().send(
    new InitiateAuthCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

/** Signs in with the password, and the code of the account's authenticator app when its second factor is on. */
export async function signIn(email: string, password: string): Promise<SignedIn> {
  const started = await passwordStep(email, password);
  const { AuthenticationResult } =
    started.ChallengeName === 'SOFTWARE_TOKEN_MFA'
      ? await userPool().send(
          new RespondToAuthChallengeCommand({
            ClientId: process.env.USER_POOL_CLIENT_ID,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: started.Session,
            ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: secondFactorCode(email) },
          }),
        )
      : started;
  const accessToken = AuthenticationResult!.AccessToken!;
  return {
    email,
    password,
    accessToken,
    idToken: AuthenticationResult!.IdToken!,
    refreshToken: AuthenticationResult!.RefreshToken!,
    sub: tokenClaims(accessToken).sub,
  };
}

/** The session with new tokens from its refresh token, as the web app gets them when its access token expires. */
export async function refreshed(session: SignedIn): Promise<SignedIn> {
  const { AuthenticationResult } = await userPool().send(
    new GetTokensFromRefreshTokenCommand({
      ClientId: process.env.USER_POOL_CLIENT_ID,
      RefreshToken: session.refreshToken,
    }),
  );
  return { ...session, accessToken: AuthenticationResult!.AccessToken!, idToken: AuthenticationResult!.IdToken! };
}

export interface TokenClaims extends Record<string, unknown> {
  sub: string;
  iat: number;
  exp: number;
  token_use: string;
  'cognito:groups'?: string[];
}

/** The claims of a token, unverified (the test only reads what the user pool issued). */
export function tokenClaims(token: string): TokenClaims {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as TokenClaims;
}

/**
 * A new family account, confirmed with a proven address, and signed in. Made with the pool's admin calls:
 * the sign-up itself (a code e-mailed, then confirmed) is tested on its own, and the pool lets one address
 * start only so many sign-ups in a few minutes.
 */
export async function signUpFamily(
  name = 'family',
  email = `${name}-${randomUUID().slice(0, 8)}@example.com`,
): Promise<SignedIn> {
  const password = `Pw-${randomUUID()}`;
  await userPool().send(
    new AdminCreateUserCommand({
      UserPoolId: process.env.USER_POOL_ID,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await userPool().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: process.env.USER_POOL_ID,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return signIn(email, password);
}

export function signInAdmin(): Promise<SignedIn> {
  return signIn(TEST_ADMIN.email, TEST_ADMIN.password);
}

export async function outbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${portalUrl()}/_local/outbox`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * The first message to `to` whose subject matches, waiting for it: the mailer sends after the change commits,
 * and on the test run's shared stack after whatever an earlier test left it to send (the large lottery's 500
 * families' results take it about half a minute), hence the generous wait.
 */
export async function waitForMail(to: string, subject: string | RegExp, timeoutMs = 60_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await outbox()).find(
      (message) =>
        message.to === to &&
        (typeof subject === 'string' ? message.subject === subject : subject.test(message.subject)),
    );
    if (message) return message;
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${to} with subject ${String(subject)} within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A scheduled function run at `time`, as EventBridge runs it (through the local gateway's Lambda invoke): its
 * answer. Each takes "now" from the event, so a test moves the clock this way.
 */
export async function runScheduleAt<T>(name: ScheduleName, time: Date | string): Promise<T> {
  const answer = await fetch(`${portalUrl()}/2015-03-31/functions/${name}/invocations`, {
    method: 'POST',
    body: JSON.stringify({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: typeof time === 'string' ? time : time.toISOString(),
    }),
  });
  return (await answer.json()) as T;
}

/** The code of the newest sign-up e-mail to the address, waiting for it (the outbox keeps the case it was sent with). */
export async function signUpCode(email: string): Promise<string> {
  await waitForMail(email, /confirm your e-mail/);
  const mail = (await outbox())
    .filter(
      (message) => message.to.toLowerCase() === email.toLowerCase() && /confirm your e-mail/.test(message.subject),
    )
    .at(-1)!;
  const code = /Your code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`the sign-up e-mail to ${email} holds no code`);
  return code;
}
