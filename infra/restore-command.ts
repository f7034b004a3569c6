// `npm run restore -- --table TABLE_NAME --at 2026-11-28T09:00:00Z --stage STAGE [--region REGION]`
// `npm run restore -- --local`
// In AWS: the table as it was at that moment, restored into a new table (infra/restore.ts), and the stage in
// cdk.json pointed at it (its `table` setting), for `npm run deploy -- STAGE` to move the functions, the stream
// consumers, the backups and the alarms to it. Locally, the rehearsal: the running portal's table copied into a
// new one on the same engine, and the command that starts a portal on it.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readLocalStack } from './local/stackFile';
import { rehearseLocally, restoreToMoment } from './restore';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = [
  'usage: npm run restore -- --table TABLE_NAME --at ISO_MOMENT --stage STAGE [--region REGION]',
  '       npm run restore -- --local',
].join('\n');

const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    at: { type: 'string' },
    stage: { type: 'string' },
    region: { type: 'string' },
    local: { type: 'boolean' },
  },
});

if (values.local) {
  const stack = readLocalStack();
  if (!stack) {
    console.error(`No local portal is running (start it with npm start).\n${usage}`);
    process.exit(1);
  }
  const client = new DynamoDBClient({
    region: 'local',
    endpoint: stack.dynamoDbEndpoint,
    credentials: stack.credentials,
  });
  const restored = await rehearseLocally(client, stack.tableName);
  console.log(
    `Copied ${restored.items} items of ${stack.tableName} into ${restored.tableName} in ${restored.seconds} s.`,
  );
  console.log(
    `Start a portal on it: PORTAL_DYNAMODB_ENDPOINT=${stack.dynamoDbEndpoint} PORTAL_TABLE_NAME=${restored.tableName} PORT=<another port> PORTAL_DATA_DIR=<another dir> npm start`,
  );
  console.log(`RESTORED_TABLE=${restored.tableName}`);
  process.exit(0);
}

const at = values.at ? new Date(values.at) : undefined;
if (!values.table || !values.stage || !at || Number.isNaN(at.getTime())) {
  console.error(usage);
  process.exit(2);
}
const cdkJson = JSON.parse(readFileSync('cdk.json', 'utf8')) as {
  context: { stages?: Record<string, Record<string, unknown>> };
};
const stage = cdkJson.context.stages?.[values.stage];
if (!stage) {
  console.error(`There is no stage "${values.stage}" in cdk.json's stages.\n${usage}`);
  process.exit(2);
}
const region = values.region ?? (stage.region as string | undefined);
if (!region) {
  console.error(`Stage ${values.stage} keeps no region: give --region.\n${usage}`);
  process.exit(2);
}
const restored = await restoreToMoment(new DynamoDBClient({ region }), values.table, at);
stage.table = restored.tableName;
writeFileSync('cdk.json', `${JSON.stringify(cdkJson, null, 2)}\n`);
console.log(
  `Restored ${values.table} as it was at ${at.toISOString()} into ${restored.tableName} in ${restored.seconds} s.`,
);
console.log(`cdk.json's stage ${values.stage} now names it (table). Deploy, and commit cdk.json:`);
console.log(`  npm run deploy -- ${values.stage}`);
