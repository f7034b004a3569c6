// One family's visit on registration day, as the web app makes it in a browser (browserHttp.ts) to the local gateway:
// the enrollment page's catalogue GETs (CloudFront's cache answers most), the sign-in at the user pool,
// roles with the family's students and enrollments (where each child stands), then for each enrollment the
// enroll itself (asking again every second while the request is in line, as web/src/classes/enrollInTurn.ts
// does) and the seats and the family's enrollments read again afterwards, the seats past the caches
// (web/src/api/catalogue.ts, once web/src/api/changes.ts has marked the seats changed). API Gateway's
// throttling answer is sent again as web/src/api/client.ts does; every call's final answer is kept for the
// figures.
import { COGNITO_PATH } from '../../infra/local/cognito';
import { Browser, type BrowserAnswer, type BrowserInit } from './browserHttp';
import type { CachedFunctionName, FunctionName } from '../../lambdas/contract/manifest';
import { BUSY_MESSAGE } from '../../lambdas/contract/errors';
import type { DrawnLine, Enrollment, EnrollmentAnswer, LineProgress } from '../../lambdas/contract/records';
import type { EnrollPayload } from '../support/portal';
import { enrollInTurn, GIVE_UP_MS, type EnrollClient, type InTurn } from './enrollInTurn';

/** web/src/api/client.ts: a call API Gateway throttled goes again after a random pause, up to four times. */
const THROTTLED_RETRIES = 4;
const THROTTLED_PAUSE_MS = 250;

/** A call's final answer, after any resends. */
/** The portal's error code; for a 429, whether the per-user limit said it or the portal was busy. */
function errorKind(error: { code: string; message: string }): string {
  if (error.code !== 'resource-exhausted') return error.code;
  return `${error.code} (${error.message.startsWith('You are doing this too often') ? 'per-user limit' : 'very busy'})`;
}

export interface CallRecord {
  /** `GET config`, `POST enroll`, `InitiateAuth`. */
  call: string;
  /** When it was sent (ms on this process's clock), its resends included. */
  at: number;
  status: number;
  /** The portal's error code, when it answered with one (API Gateway's own answers have none); status 0: why no answer (or no decision) came. */
  code?: string;
  /** API Gateway's 429s this call got before its final answer (or as it). */
  throttled: number;
  /** A sign-in: the user pool's TooManyRequestsException answers it got (PORTAL_COGNITO_QUOTAS=on), before its final answer or as it. */
  poolThrottled?: number;
}

/** What a family means to do: one enroll per entry, in order. */
export interface EnrollPlan {
  studentId: string;
  /** The semester of its classes: the page reads its lines' progress while the request waits. */
  semesterId: string;
  classId?: string;
  groupId?: string;
  /** The classes the enroll asks a seat in (the group's, for a group). */
  classIds: string[];
}

export interface EnrollRecord extends EnrollPlan {
  /** When the family clicked Enroll (ms on this process's clock): the order of the clicks. */
  clickedAt: number;
  /** When the decided answer (or a refusal) came: asks again and resends included. */
  answeredAt: number;
  /** That answer: the enroll's, or the last ask again's. */
  answer: CallRecord;
  /** The request's id when an answer told it: its first part is when the call reached the API (the order the allocator keeps). */
  requestId?: string;
  /** The request's place in line when the enroll answered that it was still in line (pending). */
  firstPlace?: number;
  /** In a fair start's draw: when the draw came (ms on this process's clock). */
  drawAt?: number;
  /** The enrollmentRequest calls made until the decision. */
  askedAgain: number;
  /** The lineProgress reads made meanwhile. */
  progressReads: number;
  /** No decision came: the bench stopped asking after GIVE_UP_MS. */
  stillInLine?: true;
  /** The enrollments of a decided 200 answer, one per class. */
  enrollments?: Enrollment[];
}

export interface FamilyAccount {
  email: string;
  password: string;
}

export interface VisitRecord {
  family: number;
  calls: CallRecord[];
  enrolls: EnrollRecord[];
}

interface Answer {
  record: CallRecord;
  body: { data?: unknown; error?: { code: string; message: string } } | undefined;
}

async function send(browser: Browser, call: string, url: string, init?: BrowserInit): Promise<Answer> {
  const at = performance.now();
  let throttled = 0;
  for (let attempt = 0; ; attempt += 1) {
    let response: BrowserAnswer;
    try {
      response = await browser.send(url, init);
    } catch (error) {
      // No answer at all (the connection refused or closed): the socket's error code says which.
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return { record: { call, at, status: 0, code, throttled }, body: undefined };
    }
    const body = parsed(response.body);
    // Only API Gateway's own 429 (no error object: no function ran) is sent again; the portal's is final.
    const gatewayThrottled = response.status === 429 && !body?.error;
    if (gatewayThrottled) throttled += 1;
    if (gatewayThrottled && attempt < THROTTLED_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THROTTLED_PAUSE_MS * 2 ** attempt));
      continue;
    }
    return {
      record: { call, at, status: response.status, ...(body?.error && { code: errorKind(body.error) }), throttled },
      body,
    };
  }
}

function parsed(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return undefined;
  }
}

/** A public catalogue read as readCatalogue sends it: a GET CloudFront may answer. */
const catalogueGet = (browser: Browser, base: string, name: CachedFunctionName, payload?: unknown) =>
  send(
    browser,
    `GET ${name}`,
    `${base}/api/get/${name}${payload === undefined ? '' : `?payload=${encodeURIComponent(JSON.stringify(payload))}`}`,
  );

const post = (browser: Browser, base: string, name: FunctionName, token: string, payload: unknown = {}) =>
  send(browser, `POST ${name}`, `${base}/api/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });

/** This client as enrollInTurn calls it, for a signed-in family; its reads of the lines' progress and order go to `calls`. */
const enrollClient = (browser: Browser, base: string, token: string, calls: CallRecord[]): EnrollClient<Answer> => ({
  call: (name, payload) => post(browser, base, name, token, payload),
  lineProgress: async (semesterId) => {
    const answer = await catalogueGet(browser, base, 'lineProgress', { semesterId });
    calls.push(answer.record);
    return answer.record.status === 200
      ? (answer.body?.data as { lines: Record<string, LineProgress> } | undefined)?.lines
      : undefined;
  },
  drawnLine: async (line) => {
    const answer = await catalogueGet(browser, base, 'drawnLine', { line });
    calls.push(answer.record);
    return answer.record.status === 200 ? (answer.body?.data as DrawnLine | undefined) : undefined;
  },
  data: (answer) => (answer.record.status === 200 ? (answer.body?.data as EnrollmentAnswer) : undefined),
  busy: (answer) => answer.record.status === 429 && answer.body?.error?.message === BUSY_MESSAGE,
});

/** A moment the portal told (ISO) on this process's clock, as clickedAt and answeredAt are. */
const onThisClock = (moment: string) => performance.now() + (Date.parse(moment) - Date.now());

const enrollPayload = ({ studentId, classId, groupId }: EnrollPlan): EnrollPayload =>
  groupId ? { studentId, groupId } : { studentId, classId: classId! };

/** Every call's record; when the bench gave up on a request still in line, the last one says so: no decision came. */
function recordsOf({ answers, stillInLine }: InTurn<Answer>): CallRecord[] {
  const records = answers.map((answer) => answer.record);
  if (stillInLine) records.push({ ...records.pop()!, status: 0, code: `still in line after ${GIVE_UP_MS / 1000} s` });
  return records;
}

/** Amplify's retry middleware: a call the user pool throttled goes again, 3 attempts in all, after 2^attempt × 100 ms and up to 100 ms of jitter. */
export const SIGN_IN_ATTEMPTS = 3;
const throttledByPool = (answer: Answer) =>
  answer.record.status === 400 &&
  (answer.body as { __type?: string } | undefined)?.__type === 'TooManyRequestsException';

/** The web app's sign-in: InitiateAuth USER_PASSWORD_AUTH at the user pool, through the portal's own origin. */
async function signIn(
  browser: Browser,
  base: string,
  clientId: string,
  account: FamilyAccount,
): Promise<Answer & { accessToken?: string }> {
  let answer: Answer;
  let poolThrottled = 0;
  for (let attempt = 1; ; attempt += 1) {
    answer = await send(browser, 'InitiateAuth', `${base}${COGNITO_PATH}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    });
    if (!throttledByPool(answer)) break;
    poolThrottled += 1;
    if (attempt === SIGN_IN_ATTEMPTS) break;
    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100 + Math.random() * 100));
  }
  if (throttledByPool(answer)) answer.record.code = 'TooManyRequestsException';
  if (poolThrottled) answer.record.poolThrottled = poolThrottled;
  const accessToken = (answer.body as { AuthenticationResult?: { AccessToken?: string } } | undefined)
    ?.AuthenticationResult?.AccessToken;
  return { ...answer, ...(accessToken && { accessToken }) };
}

/**
 * The visit: Class Registration as a visitor (the app's remote configuration, the semesters and what is
 * open, read at once), signing in, Class Registration again on the way back, the roles, then each planned
 * enrollment. A family that cannot sign in stops there, as it would in the browser.
 */
export async function visit(
  base: string,
  clientId: string,
  family: number,
  account: FamilyAccount,
  plans: EnrollPlan[],
): Promise<VisitRecord> {
  const browser = new Browser();
  try {
    return await visitIn(browser, base, clientId, family, account, plans);
  } finally {
    browser.close();
  }
}

async function visitIn(
  browser: Browser,
  base: string,
  clientId: string,
  family: number,
  account: FamilyAccount,
  plans: EnrollPlan[],
): Promise<VisitRecord> {
  const calls: CallRecord[] = [];
  const enrolls: EnrollRecord[] = [];
  const keep = (answers: Answer[]) => calls.push(...answers.map((answer) => answer.record));

  keep(
    await Promise.all([
      catalogueGet(browser, base, 'config'),
      catalogueGet(browser, base, 'semesters'),
      catalogueGet(browser, base, 'availableEnrollmentClasses'),
      catalogueGet(browser, base, 'lotteries'),
    ]),
  );
  const session = await signIn(browser, base, clientId, account);
  keep([session]);
  if (!session.accessToken) return { family, calls, enrolls };
  const token = session.accessToken;
  keep(
    await Promise.all([
      catalogueGet(browser, base, 'semesters'),
      catalogueGet(browser, base, 'availableEnrollmentClasses'),
      catalogueGet(browser, base, 'lotteries'),
      post(browser, base, 'roles', token),
      post(browser, base, 'students', token),
      post(browser, base, 'myEnrollments', token),
    ]),
  );

  const client = enrollClient(browser, base, token, calls);
  const inDraw: Array<Promise<void>> = [];
  for (const plan of plans) {
    // The enroll dialog's reads before its Enroll: the questions asked, and the policies the child is to accept first.
    const { studentId, classId, groupId } = plan;
    keep(
      await Promise.all([
        post(browser, base, 'enrollmentQuestions', token, groupId ? { groupId } : { classId }),
        post(browser, base, 'policiesToAccept', token, { studentId, semesterId: plan.semesterId }),
      ]),
    );
    const clickedAt = performance.now();
    let heard!: (drawAt: number | undefined) => void;
    const toldDraw = new Promise<number | undefined>((resolve) => (heard = resolve));
    const decided = enrollInTurn(client, enrollPayload(plan), plan.semesterId, (first) =>
      heard(first?.pending && 'drawAt' in first.pending ? onThisClock(first.pending.drawAt) : undefined),
    ).then(async (inTurn) => {
      const answeredAt = performance.now();
      const records = recordsOf(inTurn);
      calls.push(...records);
      const answer = records.at(-1)!;
      const enrollments = answer.status === 200 ? client.data(inTurn.answers.at(-1)!)?.enrollments : undefined;
      const { requestId, firstPlace, askedAgain, progressReads, stillInLine } = inTurn;
      const drawAt = await toldDraw;
      enrolls.push({
        ...plan,
        clickedAt,
        answeredAt,
        answer,
        askedAgain,
        progressReads,
        ...(requestId && { requestId }),
        ...(firstPlace !== undefined && { firstPlace }),
        ...(drawAt !== undefined && { drawAt }),
        ...(stillInLine && { stillInLine }),
        ...(enrollments && { enrollments }),
      });
      if (enrollments)
        keep(
          await Promise.all([
            post(browser, base, 'availableEnrollmentClasses', token),
            post(browser, base, 'myEnrollments', token),
          ]),
        );
    });
    // A request in a fair start's draw: the dialog says it may be closed, and the family goes on to its next child.
    if ((await Promise.race([toldDraw, decided.then(() => undefined)])) !== undefined) inDraw.push(decided);
    else await decided;
  }
  await Promise.all(inDraw);
  return { family, calls, enrolls };
}
