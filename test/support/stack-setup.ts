// Starts the local stack the way `npm start` does, on a free port with a new data dir, and hands its
// addresses to the tests through the environment. The integration and e2e projects share one stack.
// The settings of `npm start` in this process's environment reach it too: with
// PORTAL_DYNAMODB_CONFLICTS_HOLD_MS=20 the tests run against DynamoDB with transaction conflicts on.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/ports';
import { TEST_ADMIN, type StackInfo } from './stack-info';

declare global {
  var portalStacks: Array<{ stop(): Promise<void> }> | undefined;
}

export interface RunningStack {
  info: StackInfo;
  dataDir: string;
  /** Everything the stack printed so far (its banner among it). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `infra/local/start.ts` in a child process on a free port with a new data dir, ready when it says so.
 * `settings` are environment variables of `npm start` over this process's own (an empty one unsets it).
 */
export async function startStack(settings: Record<string, string> = {}): Promise<RunningStack> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      PORTAL_ADMIN_EMAIL: TEST_ADMIN.email,
      PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password,
      PORTAL_LOG_CALLS: '0',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: stopping the stack stops what it started (DynamoDB Local) with it.
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the local stack did not start within 90 s:\n${output}`)), 90_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('is ready at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local stack exited with ${code}:\n${output}`));
    });
  });
  return {
    info: JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as StackInfo,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // Whatever of the group outlived the stack (an engine it had no time to stop) goes with it, and so does
        // its data dir (tens of MB a stack: a machine that runs the suite often would fill its disk).
        const killGroup = () => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // The group is gone already.
          }
          rmSync(dataDir, { recursive: true, force: true });
        };
        if (child.exitCode !== null) {
          killGroup();
          return resolve();
        }
        child.once('exit', () => {
          killGroup();
          resolve();
        });
        child.kill('SIGTERM');
        setTimeout(killGroup, 10_000).unref();
      }),
  };
}

/** What the tests' helpers read to talk to a stack, and to load a handler in process against its table. */
export function stackEnvironment({ info, dataDir }: Pick<RunningStack, 'info' | 'dataDir'>): Record<string, string> {
  return {
    PORTAL_TEST_URL: info.url,
    PORTAL_TEST_DATA_DIR: dataDir,
    // The stack's own settings, so a test can also load a handler in process against the same tables.
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamoDbEndpoint,
    USER_POOL_ID: info.userPoolId,
    USER_POOL_CLIENT_ID: info.userPoolClientId,
    PORTAL_TEST_ADMIN_SECOND_FACTOR: info.adminSecondFactor,
    JWT_ISSUER: info.jwtIssuer,
    COGNITO_ENDPOINT: info.cognitoEndpoint,
    SES_ENDPOINT: info.url,
    SITE_URL: info.url,
    MAIL_FROM: 'Registration Portal <registration@mountainschool.example>',
    AWS_REGION: 'local',
    // The stack's own credentials: the local pool refuses admin calls signed with any other.
    AWS_ACCESS_KEY_ID: info.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: info.credentials.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_SERVICE_NAME: info.tableName,
  };
}

/** How many stacks the global setup starts: one per Jest worker (PORTAL_TEST_STACKS, 1 when unset). */
const stackCount = () => Math.max(1, Number(process.env.PORTAL_TEST_STACKS ?? 1) || 1);

/**
 * Starts the tests' stacks side by side, one per Jest worker: each worker's files run one at a time on a stack of
 * their own (test/support/stack-worker.ts picks it), so a test that changes what the whole stack shares (the
 * clock, the settings, the user pool, a scan of the table) still has it to itself. The first stack's addresses
 * are this process's too.
 */
export default async function startStacksForTests(): Promise<void> {
  if (globalThis.portalStacks) return;
  const stacks = await Promise.all(Array.from({ length: stackCount() }, () => startStack()));
  globalThis.portalStacks = stacks;
  const environments = stacks.map(stackEnvironment);
  Object.assign(process.env, environments[0], { PORTAL_TEST_STACK_ENVIRONMENTS: JSON.stringify(environments) });
}

/** The functions' log lines (JSON objects, one a line, as Powertools writes them) among what a process printed. */
export function logEntries(output: string): Array<Record<string, unknown>> {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/**
 * What a stack's functions logged as busy (answered 429 "very busy": a transient AWS error after the SDK's
 * retries, by its name, or a call out of attempts or time, by its cause), counted by function and error:
 * where to look when calls were answered "very busy".
 */
export function busyAnswers(output: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of logEntries(output)) {
    if (entry.level !== 'WARN' || typeof entry.function !== 'string' || typeof entry.error !== 'string') continue;
    const what = `${entry.function} ${entry.error}`;
    counts[what] = (counts[what] ?? 0) + 1;
  }
  return counts;
}

/** The enrollment requests the allocator logged as placed late: they reached their queue after a later one was decided. */
export function outOfOrderDecisions(output: string): Array<{ lateByMs: number; wayToQueueMs: number }> {
  return logEntries(output).flatMap((entry) =>
    typeof entry.lateByMs === 'number' && typeof entry.wayToQueueMs === 'number'
      ? [{ lateByMs: entry.lateByMs, wayToQueueMs: entry.wayToQueueMs }]
      : [],
  );
}
