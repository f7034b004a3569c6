// `npm run admin -- <list | grant EMAIL | revoke EMAIL> [--pool USER_POOL_ID] [--region REGION]`
// Manages the admin group: of the local portal that runs from PORTAL_DATA_DIR (default .local), or, with
// --pool and AWS credentials in the environment, of a deployed user pool.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = 'usage: npm run admin -- <list | grant EMAIL | revoke EMAIL> [--pool USER_POOL_ID] [--region REGION]';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { pool: { type: 'string' }, region: { type: 'string' } } });
const [action, email] = positionals;
if (!action || !['list', 'grant', 'revoke'].includes(action) || (action !== 'list' && !email)) {
  console.error(usage);
  process.exit(2);
}

if (values.pool) {
  process.env.USER_POOL_ID = values.pool;
  process.env.AWS_REGION = values.region ?? values.pool.split('_')[0];
} else {
  const stackFile = join(process.env.PORTAL_DATA_DIR ?? '.local', 'stack.json');
  if (!existsSync(stackFile)) {
    console.error(`No local portal is running from ${stackFile} (start it with npm start), and no --pool was given.\n${usage}`);
    process.exit(1);
  }
  const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as { userPoolId: string; cognitoEndpoint: string };
  Object.assign(process.env, { USER_POOL_ID: stack.userPoolId, COGNITO_ENDPOINT: stack.cognitoEndpoint, AWS_REGION: 'local', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
}

// The same Cognito calls the portal's own admin functions make.
const { ADMIN_GROUP } = await import('../lambdas/manifest');
const { addToGroup, groupMembers, removeFromGroup, userByEmail } = await import('../lambdas/shared/userPool');

try {
  if (action === 'grant') {
    const user = await userByEmail(email!);
    if (!user) throw new Error(`No account uses ${email}: the person must create an account first.`);
    await addToGroup(user.username, ADMIN_GROUP);
    console.log(`${user.email} is now an administrator (from their next sign-in).`);
  } else if (action === 'revoke') {
    const member = (await groupMembers(ADMIN_GROUP)).find((candidate) => candidate.email.toLowerCase() === email!.toLowerCase());
    if (!member) throw new Error(`${email} is not an administrator.`);
    await removeFromGroup(member.username, ADMIN_GROUP);
    console.log(`${member.email} is no longer an administrator.`);
  }
  const members = await groupMembers(ADMIN_GROUP);
  console.log(`Administrators (${members.length}):\n${members.map((member) => `  ${member.email}`).join('\n')}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
