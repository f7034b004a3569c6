// `npm run users -- export FILE [--pool USER_POOL_ID] [--region REGION]`
// `npm run users -- restore FILE [--only E-MAIL,…] [--pool USER_POOL_ID --table TABLE_NAME] [--region REGION]`
// The user pool's accounts and groups to a file and back (infra/pool-backup.ts): of the local portal that runs
// from PORTAL_DATA_DIR (default .local), or, with --pool (and --table to move the families' records) and AWS
// credentials in the environment, of a deployed stack.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readLocalStack } from './local/stackFile';
import { exportUsers, moveFamilies, readBackup, restoreUsers } from './pool-backup';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = [
  'usage: npm run users -- export FILE [--pool USER_POOL_ID] [--region REGION]',
  '       npm run users -- restore FILE [--only E-MAIL,...] [--pool USER_POOL_ID --table TABLE_NAME] [--region REGION]',
].join('\n');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pool: { type: 'string' },
    region: { type: 'string' },
    table: { type: 'string' },
    only: { type: 'string' },
  },
});
const [action, file] = positionals;
if (!action || !['export', 'restore'].includes(action) || !file) {
  console.error(usage);
  process.exit(2);
}
if (action === 'restore' && values.pool && !values.table) {
  console.error(`A restored account gets a new id: give --table so its family's records follow it.\n${usage}`);
  process.exit(2);
}

function target() {
  if (values.pool) {
    const region = values.region ?? values.pool.split('_')[0];
    return {
      userPoolId: values.pool,
      cognito: new CognitoIdentityProviderClient({ region }),
      table: values.table ? { name: values.table, client: new DynamoDBClient({ region }) } : undefined,
    };
  }
  const stack = readLocalStack();
  if (!stack) {
    console.error(`No local portal is running (start it with npm start), and no --pool was given.\n${usage}`);
    process.exit(1);
  }
  // The local pool takes admin calls signed with the credentials of the stack that runs now only.
  const local = { region: 'local', credentials: stack.credentials };
  return {
    userPoolId: stack.userPoolId,
    cognito: new CognitoIdentityProviderClient({ ...local, endpoint: stack.cognitoEndpoint }),
    table: { name: stack.tableName, client: new DynamoDBClient({ ...local, endpoint: stack.dynamoDbEndpoint }) },
  };
}

try {
  const { userPoolId, cognito, table } = target();
  if (action === 'export') {
    const backup = await exportUsers(cognito, userPoolId);
    writeFileSync(file, `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
    console.log(
      `${backup.users.length} accounts and ${backup.groups.length} groups of ${userPoolId} written to ${file}.`,
    );
  } else {
    const backup = readBackup(readFileSync(file, 'utf8'));
    const outcome = await restoreUsers(
      cognito,
      userPoolId,
      backup,
      values.only?.split(',').map((email) => email.trim()),
    );
    console.log(
      [
        `Restored into ${userPoolId}: ${outcome.created.length} accounts made again, ${outcome.present.length} there already.`,
        outcome.groupsCreated.length ? `Groups made again: ${outcome.groupsCreated.join(', ')}.` : '',
        outcome.skipped.length
          ? `Not restored, never confirmed (they sign up again): ${outcome.skipped.join(', ')}.`
          : '',
        outcome.created.length
          ? 'The accounts made again sign in after "Forgot your password?" on the login screen (passwords are never exported).'
          : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    if (table) {
      const moved = await moveFamilies(DynamoDBDocumentClient.from(table.client), table.name, outcome.subs);
      console.log(`${moved} records moved to the families' restored accounts in ${table.name}.`);
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
