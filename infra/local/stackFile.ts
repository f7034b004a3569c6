// What the running local portal says about itself in `<data dir>/stack.json` (written by npm start): for the
// commands that act on it (`npm run admin`, `npm run users`) as they would on a deployed stack.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalStackFile {
  userPoolId: string;
  cognitoEndpoint: string;
  dynamoDbEndpoint: string;
  tableName: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  adminEmail: string;
  /** The admin account's second factor key (infra/local/userPool.ts). */
  adminSecondFactor: string;
}

/** The running local portal's stack.json, or undefined when none runs from that data dir. */
export function readLocalStack(dataDir = process.env.PORTAL_DATA_DIR ?? '.local'): LocalStackFile | undefined {
  const stackFile = join(dataDir, 'stack.json');
  return existsSync(stackFile) ? (JSON.parse(readFileSync(stackFile, 'utf8')) as LocalStackFile) : undefined;
}

/** The settings that point the AWS clients and the portal's own code at the local stack, signed with its credentials. */
export function localStackEnvironment(stack: LocalStackFile): Record<string, string> {
  return {
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoDbEndpoint,
    USER_POOL_ID: stack.userPoolId,
    COGNITO_ENDPOINT: stack.cognitoEndpoint,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: stack.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: stack.credentials.secretAccessKey,
  };
}
