// `npm start`: the whole portal on this machine, at http://localhost:3000 by default.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { edgeBanner, edgeSettings } from './edge';
import { startLocalStack, TABLE_NAME } from './stack';

// This machine's Node 20 runs the same SDK as Lambda's Node 22; its upgrade notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const DEFAULT_ADMIN_PASSWORD = 'Mountain-Admin-2025';

const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const adminEmail = process.env.PORTAL_ADMIN_EMAIL ?? 'admin@example.com';
const adminPassword = process.env.PORTAL_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;

const log = (line: string) => console.log(`[portal] ${line}`);

/** PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: unset or empty is off; otherwise a hold time in ms, 0 or more. */
function conflictsHoldMs(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const holdMs = Number(value);
  if (!Number.isFinite(holdMs) || holdMs < 0)
    throw new Error(`PORTAL_DYNAMODB_CONFLICTS_HOLD_MS must be a number of milliseconds, 0 or more (got "${value}").`);
  return holdMs;
}

/** PORTAL_ACCESS_TOKEN_SECONDS: unset or empty keeps the stack's token lifetimes; otherwise a whole number of seconds, 1 or more. */
function accessTokenSeconds(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`PORTAL_ACCESS_TOKEN_SECONDS must be a whole number of seconds, 1 or more (got "${value}").`);
  return seconds;
}

/** PORTAL_COGNITO_QUOTAS: `on` enforces Cognito's default request-rate quotas; unset, empty or `off` does not. */
function cognitoQuotas(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '' || value === 'off') return false;
  if (value === 'on') return true;
  throw new Error(`PORTAL_COGNITO_QUOTAS must be on or off (got "${value}").`);
}

/** PORTAL_LAMBDA_INSTANCES: `on` runs each API function call in an instance of its own; unset, empty or `off` in process. */
function lambdaInstances(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '' || value === 'off') return false;
  if (value === 'on') return true;
  throw new Error(`PORTAL_LAMBDA_INSTANCES must be on or off (got "${value}").`);
}

/**
 * The instances at once in instances mode (AWS's default account concurrency is 1,000, more than one machine
 * holds). An instance is a Node process of 75-100 MB resident, about 45 MB of the machine's memory beyond
 * what they share: 250 take some 11 GB of this machine's 23 GB, leaving DynamoDB Local, the tests and a
 * browser room, and hold the registration rush (201 enroll calls at once, then the calls asking again).
 */
const DEFAULT_LAMBDA_CONCURRENCY = 250;

/** PORTAL_LAMBDA_CONCURRENCY: unset or empty is the default; otherwise a whole number, 1 or more. */
function lambdaConcurrency(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LAMBDA_CONCURRENCY;
  const concurrency = Number(value);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`PORTAL_LAMBDA_CONCURRENCY must be a whole number of instances, 1 or more (got "${value}").`);
  return concurrency;
}

try {
  const tokenSeconds = accessTokenSeconds(process.env.PORTAL_ACCESS_TOKEN_SECONDS);
  const cognitoQuotasOn = cognitoQuotas(process.env.PORTAL_COGNITO_QUOTAS);
  const concurrency = lambdaConcurrency(process.env.PORTAL_LAMBDA_CONCURRENCY);
  const instances = lambdaInstances(process.env.PORTAL_LAMBDA_INSTANCES) ? { concurrency } : undefined;
  const stack = await startLocalStack({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: process.env.PORTAL_DATA_DIR ?? '.local',
    adminEmail,
    adminPassword,
    webRoot: 'web/dist',
    cognitoLogLevel: process.env.COGNITO_LOG_LEVEL ?? 'error',
    log,
    logCalls: process.env.PORTAL_LOG_CALLS !== '0',
    tableName: process.env.PORTAL_TABLE_NAME || TABLE_NAME,
    dynamoDbEndpoint: process.env.PORTAL_DYNAMODB_ENDPOINT || undefined,
    conflictsHoldMs: conflictsHoldMs(process.env.PORTAL_DYNAMODB_CONFLICTS_HOLD_MS),
    accessTokenSeconds: tokenSeconds,
    cognitoQuotas: cognitoQuotasOn,
    lambdaInstances: instances,
  });
  // What is running where, for tools and tests that work against this portal (removed on stop).
  const stackFile = join(stack.dataDir, 'stack.json');
  const { stop: _stop, ...running } = stack;
  writeFileSync(
    stackFile,
    `${JSON.stringify({ ...running, jwtIssuer: process.env.JWT_ISSUER, adminEmail, pid: process.pid }, null, 2)}\n`,
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping…`);
    rmSync(stackFile, { force: true });
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(
    [
      '',
      `Registration Portal is ready at ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `  admin account     ${adminEmail} / ${adminPassword}`,
      `  its second factor key ${stack.adminSecondFactor}  (npm run admin -- code prints the code to sign in with)`,
      `  data dir          ${stack.dataDir}${stack.seeded ? '  (new: demo data seeded)' : ''}`,
      `  API               POST ${stack.url}/api/fn/{name}`,
      `  outbox            ${stack.url}/_local/outbox`,
      stack.dynamoDbEngine.startedHere
        ? `  DynamoDB Local    ${stack.dynamoDbEngine.endpoint}  (table ${stack.tableName})`
        : `  DynamoDB          ${stack.dynamoDbEngine.endpoint}  (table ${stack.tableName}; PORTAL_DYNAMODB_ENDPOINT, not started here)`,
      ...(stack.conflictsHoldMs === null
        ? []
        : [
            `  conflicts ON      transactions hold their items ${stack.conflictsHoldMs} ms; the portal calls DynamoDB through ${stack.dynamoDbEndpoint}`,
          ]),
      ...edgeBanner(edgeSettings(process.env)),
      ...(tokenSeconds === undefined
        ? []
        : [
            `  short tokens ON   the web app's access and ID tokens live ${tokenSeconds} s; the refresh token refreshes them`,
          ]),
      `  cognito-local     ${stack.url}/_cognito  (pool ${stack.userPoolId}, client ${stack.userPoolClientId})`,
      ...(cognitoQuotasOn
        ? [
            "  cognito quotas ON Cognito's default request rates a second (sign-ins and refreshes 120), over them TooManyRequestsException",
          ]
        : []),
      ...(instances
        ? [
            `  lambda instances ON each API call in an instance of its function (a process, one call at a time), at most ${instances.concurrency} at once; over it 500 as API Gateway answers a throttle; counts at /_local/lambda-stats`,
          ]
        : []),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
} catch (error) {
  console.error(`[portal] could not start: ${(error as Error).message}`);
  process.exit(1);
}
