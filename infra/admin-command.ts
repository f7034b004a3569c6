// `npm run admin -- <list | grant EMAIL | revoke EMAIL | reset-second-factor EMAIL> [--pool USER_POOL_ID] [--region REGION]`
// `npm run admin -- <failed-mail | resend-mail> [--table TABLE_NAME --region REGION]`
// `npm run admin -- code`
// Manages the admin group and people's second factor, and lists or sends again the e-mails that could not be
// sent: of the local portal that runs from PORTAL_DATA_DIR (default .local), or, with --pool or --table and AWS
// credentials in the environment, of a deployed one. `code` prints the local admin account's sign-in code.
import { parseArgs } from 'node:util';
import { localStackEnvironment, readLocalStack } from './local/stackFile';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = [
  'usage: npm run admin -- <list | grant EMAIL | revoke EMAIL | reset-second-factor EMAIL> [--pool USER_POOL_ID] [--region REGION]',
  '       npm run admin -- <failed-mail | resend-mail> [--table TABLE_NAME --region REGION]',
  '       npm run admin -- code',
].join('\n');
const withEmail = ['grant', 'revoke', 'reset-second-factor'];
const mailActions = ['failed-mail', 'resend-mail'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pool: { type: 'string' }, region: { type: 'string' }, table: { type: 'string' } },
});
const [action, email] = positionals;
const groupAction = ['list', ...withEmail].includes(action ?? '');
if (
  !action ||
  (!groupAction && !mailActions.includes(action) && action !== 'code') ||
  (withEmail.includes(action) && !email)
) {
  console.error(usage);
  process.exit(2);
}

if (action === 'code') {
  // The local admin account's authenticator app, for a developer who has not set one up on a phone.
  const stack = readLocalStack();
  if (!stack) {
    console.error('No local portal is running: start it with npm start.');
    process.exit(1);
  }
  const { currentCode } = await import('./local/secondFactor');
  const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
  console.log(`${currentCode(stack.adminSecondFactor)}  (${stack.adminEmail}; a new code in ${secondsLeft} s)`);
  process.exit(0);
}

if (values.pool) {
  process.env.USER_POOL_ID = values.pool;
  process.env.AWS_REGION = values.region ?? values.pool.split('_')[0];
} else if (values.table) {
  if (!values.region) {
    console.error(`--table needs --region.\n${usage}`);
    process.exit(2);
  }
  Object.assign(process.env, { TABLE_NAME: values.table, AWS_REGION: values.region });
} else {
  const stack = readLocalStack();
  if (!stack) {
    console.error(`No local portal is running (start it with npm start), and no --pool was given.\n${usage}`);
    process.exit(1);
  }
  // The local pool takes admin calls signed with the credentials of the stack that runs now only.
  Object.assign(process.env, localStackEnvironment(stack));
}

if (mailActions.includes(action)) {
  // The same table items the mailer keeps and the administrators' screen shows.
  const { failedMail, resendFailedMail } = await import('../lambdas/platform/mailRequests');
  if (action === 'resend-mail') console.log(`Sent again: ${await resendFailedMail()} e-mail(s).`);
  const failed = await failedMail();
  console.log(
    `E-mails not sent: ${failed.filter((mail) => mail.waiting).length} waiting to be sent again, ` +
      `${failed.filter((mail) => !mail.waiting).length} still being tried.`,
  );
  for (const mail of failed)
    console.log(`  ${mail.failedAt}  ${mail.kind}  ${mail.failures} failure(s)  ${mail.lastError}`);
  process.exit(0);
}

// The same rules and Cognito calls as the portal's own admin functions (a proven address, sign-out on revoke).
const { accountByEmail, adminList, grantAdminAccess, revokeAdminAccess } = await import(
  '../lambdas/platform/adminGroup'
);

/**
 * Turns the account's second factor off and ends its sessions, for someone who lost the phone it was on: they
 * sign in with the password alone, then set it up again (an administrator must, before any admin screen opens).
 * The engineers' call only: no function of the portal may make it.
 */
async function resetSecondFactor(address: string) {
  const { cognitoCall } = await import('../lambdas/platform/cognitoApi');
  const { signOutEverywhere } = await import('../lambdas/platform/userPool');
  const user = await accountByEmail(address);
  await cognitoCall(
    'AdminSetUserMFAPreference',
    {
      UserPoolId: process.env.USER_POOL_ID,
      Username: user.username,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    },
    true,
  );
  await signOutEverywhere(user.username);
  return user;
}

try {
  if (action === 'grant') {
    const user = await grantAdminAccess(email!);
    console.log(`${user.email} is now an administrator (from their next sign-in).`);
  } else if (action === 'revoke') {
    const member = await revokeAdminAccess(email!);
    console.log(`${member.email} is no longer an administrator (signed out everywhere).`);
  } else if (action === 'reset-second-factor') {
    const user = await resetSecondFactor(email!);
    console.log(
      `${user.email}'s second factor is off (signed out everywhere): they sign in with the password alone, then set it up again in Manage Account.`,
    );
  }
  const { admins } = await adminList();
  console.log(`Administrators (${admins.length}):\n${admins.map((member) => `  ${member.email}`).join('\n')}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
