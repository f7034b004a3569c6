// The whole portal on one machine: DynamoDB Local, cognito-local and the gateway running the same
// handler modules as the Lambdas in AWS, configured through the same environment variables.
import { LOCAL_TIME_ZONE } from './timeZone';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COGNITO_PATH, createCognitoLocal } from './cognito';
import { ensureTable, openDynamoDb } from './dynamodb';
import { buildFunctionBundles } from './functionBundles';
import { Gateway } from './gateway';
import { forkedInstances } from './lambdaInstances';
import { LambdaPool } from './lambdaPool';
import { LOCAL_ORIGIN_SECRET_ID, SECRETS_MANAGER_PATH } from './secretsManager';
import { STAGE_NAME } from '../routes';
import { FUNCTION_TIMEOUT_SECONDS } from '../functionLimits';
import { functionNames } from '../../lambdas/contract/manifest';
import { Outbox } from './outbox';
import type { LocalCredentials } from './signature';
import { startSchedules } from './schedules';
import { startStreamConsumers } from './streams';
import { startTransactionConflictsThread } from './transactionConflictsThread';
import { cognitoAdminClient, ensureAdmin, ensureUserPool } from './userPool';
import { feedModule, feeds, handlerModule, type FeedName } from '../../lambdas/platform/deployment';

export const TABLE_NAME = 'registration-portal';
const MAIL_FROM = 'Registration Portal <registration@mountainschool.example>';

export interface LocalStackOptions {
  port: number;
  host: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  webRoot: string;
  /** cognito-local's log level (pino): `error` keeps it quiet. */
  cognitoLogLevel: string;
  log: (line: string) => void;
  /** Logs every function call with its status and time. */
  logCalls: boolean;
  /** The table's name (default TABLE_NAME): another name lets two portals share one engine. */
  tableName?: string;
  /**
   * An engine that already runs (e.g. another portal's DynamoDB Local): no DynamoDB Local is started, the
   * table is created there when missing and seeded like a new data dir, and every DynamoDB call goes there.
   */
  dynamoDbEndpoint?: string;
  /**
   * When set, every DynamoDB call of the portal goes through a proxy that raises transaction conflicts as
   * AWS does (transactionConflicts.ts), a transaction holding its items this many ms after the engine's answer.
   */
  conflictsHoldMs?: number;
  /** When set, the web app client's access and ID tokens live this many seconds instead of the stack's minutes. */
  accessTokenSeconds?: number;
  /** Cognito's default request-rate quotas enforced by the local user pool (infra/cognitoQuotas.ts). */
  cognitoQuotas?: boolean;
  /**
   * When set, each call of an API function (functions, cached reads, feeds) runs in an instance of that
   * function (a process of its own running its bundle, one call at a time), as Lambda runs it, with at
   * most `concurrency` instances at once (lambdaPool.ts); otherwise every handler runs in this process.
   */
  lambdaInstances?: { concurrency: number };
}

export interface LocalStack {
  url: string;
  dataDir: string;
  /** Where every DynamoDB call of the portal goes: the conflicts proxy when it is on, else the engine. */
  dynamoDbEndpoint: string;
  /** The engine itself, whose change stream the stream consumers read. */
  dynamoDbEngine: {
    endpoint: string /** Whether this stack started it (DynamoDB Local on its data dir). */;
    startedHere: boolean;
  };
  /** The conflicts proxy's hold time, or null when conflicts are off. */
  conflictsHoldMs: number | null;
  /** The instances mode's concurrency limit, or null when the functions run in the stack's process. */
  lambdaConcurrency: number | null;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  /** The credentials the local pool's admin calls must be signed with (new at every start). */
  credentials: LocalCredentials;
  /** The admin account's second factor: the key an authenticator app is set up with (`npm run admin -- code`). */
  adminSecondFactor: string;
  seeded: boolean;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const outbox = new Outbox(dataDir);
  const gateway = new Gateway({
    port: options.port,
    host: options.host,
    webRoot: options.webRoot,
    outbox,
    log: options.logCalls ? options.log : () => undefined,
  });
  await gateway.listen();
  const url = gateway.url;
  const internalUrl = `http://127.0.0.1:${options.port}`;
  const cognitoEndpoint = `${internalUrl}${COGNITO_PATH}`;
  const stops: Array<() => Promise<void>> = [() => gateway.close()];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  const tableName = options.tableName ?? TABLE_NAME;
  try {
    const [dynamoDb, cognito, bundles] = await Promise.all([
      openDynamoDb(options.dynamoDbEndpoint, join(dataDir, 'dynamodb')),
      createCognitoLocal({
        dataDir: join(dataDir, 'cognito'),
        gatewayUrl: url,
        outbox,
        logLevel: options.cognitoLogLevel,
        quotas: options.cognitoQuotas ?? false,
      }),
      options.lambdaInstances && buildFunctionBundles(apiModules(), join(dataDir, 'functions')),
    ]);
    if (bundles) {
      const instances = new LambdaPool(forkedInstances(bundles), {
        concurrency: options.lambdaInstances!.concurrency,
        timeoutMs: FUNCTION_TIMEOUT_SECONDS * 1000,
      });
      gateway.runFunctionsIn(instances, options.log);
      // Every instance ends with the stack (one whose stack died ends by itself: lambdaRuntime.ts).
      stops.push(async () => instances.stop());
    }
    stops.push(() => dynamoDb.stop());
    // Started before anything writes, so the seeds go through it too; stopped before the engine.
    const conflicts =
      options.conflictsHoldMs === undefined
        ? undefined
        : await startTransactionConflictsThread(
            { upstream: dynamoDb.endpoint, holdMs: options.conflictsHoldMs },
            options.log,
          );
    if (conflicts) stops.push(() => conflicts.stop());
    const dynamoDbEndpoint = conflicts?.endpoint ?? dynamoDb.endpoint;
    gateway.mountCognito(cognito.listener);
    gateway.allowSecretsReader(cognito.credentials);

    const cognitoAdmin = cognitoAdminClient(cognitoEndpoint, cognito.credentials);
    const pool = await ensureUserPool(cognitoAdmin, join(dataDir, 'cognito'), options.accessTokenSeconds);

    // The functions' configuration, as the CDK stack sets it on every Lambda.
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamoDbEndpoint,
      AWS_REGION: 'local',
      // What signs the functions' calls: the user pool takes no other for its admin calls.
      AWS_ACCESS_KEY_ID: cognito.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: cognito.credentials.secretAccessKey,
      JWT_ISSUER: `${url}${COGNITO_PATH}/${pool.userPoolId}`,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.userPoolClientId,
      COGNITO_ENDPOINT: cognitoEndpoint,
      SES_ENDPOINT: internalUrl,
      // CloudFront's secret header, checked by every function: the gateway adds it and answers for its secret.
      ORIGIN_SECRET_ID: LOCAL_ORIGIN_SECRET_ID,
      SECRETS_MANAGER_ENDPOINT: `${internalUrl}${SECRETS_MANAGER_PATH}`,
      MAIL_FROM,
      // The local outbox takes any pace; this one keeps the pacing real without slowing the tests.
      MAIL_SEND_RATE: process.env.PORTAL_MAIL_RATE || '20',
      SITE_URL: url,
      PORTAL_TIME_ZONE: LOCAL_TIME_ZONE,
      // The functions' figures are CloudWatch's (Embedded Metric Format log lines); there is none here.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // The `service` of the functions' log lines: the stack's name in AWS, the table's here (portals sharing an engine apart).
      POWERTOOLS_SERVICE_NAME: tableName,
    });

    const dynamoDbClient = new DynamoDBClient({ endpoint: dynamoDbEndpoint });
    const seeded = await ensureTable(dynamoDbClient, tableName);
    dynamoDbClient.destroy();
    if (seeded) {
      const { seedDemoData } = await import('./seed');
      await seedDemoData();
    }
    const adminSecondFactor = await ensureAdmin(cognitoAdmin, pool, dataDir, options.adminEmail, options.adminPassword);
    await gateway.loadAll();
    // The stream is the engine's own: the proxy models writes only.
    const consumers = await startStreamConsumers(dynamoDb.endpoint, tableName, options.log);
    stops.push(() => consumers.stop());
    const scheduled = await startSchedules(options.log);
    stops.push(async () => scheduled.stop());
    gateway.setSiteConfig({
      region: 'local',
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      apiBaseUrl: `/${STAGE_NAME}`,
    });
    return {
      url,
      dataDir,
      dynamoDbEndpoint,
      dynamoDbEngine: { endpoint: dynamoDb.endpoint, startedHere: dynamoDb.startedHere },
      conflictsHoldMs: options.conflictsHoldMs ?? null,
      lambdaConcurrency: options.lambdaInstances?.concurrency ?? null,
      tableName,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      cognitoEndpoint,
      credentials: cognito.credentials,
      adminSecondFactor,
      seeded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The API's functions and feeds, by name: what instances mode runs in instances. */
function apiModules(): Record<string, string> {
  return {
    ...Object.fromEntries(functionNames.map((name) => [name, handlerModule(name)])),
    ...Object.fromEntries((Object.keys(feeds) as FeedName[]).map((name) => [name, feedModule(name)])),
  };
}
