// Sign-in: the user pool (e-mail as username, case-insensitive, self sign-up confirmed by a code sent to the
// e-mail), its triggers from the manifest, the `admin` group, the web app's client, and the WAF rule that
// limits sign-ups per client address.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolEmail,
  type UserPoolClient,
  type UserPoolTriggers,
} from 'aws-cdk-lib/aws-cognito';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { ADMIN_GROUP } from '../lambdas/contract/manifest';
import { PASSWORD_POLICY } from '../lambdas/contract/passwordPolicy';
import { PortalFunction } from './portal-function';
import { mailAddress, mailName } from './settings';
import { SIGN_UP_LIMIT, SIGN_UP_TARGET } from './signUpLimit';
import { TOKEN_VALIDITY } from './tokenValidity';
import { triggerModule, userPoolTriggers } from '../lambdas/platform/deployment';

/** The metric name of the pool's web ACL (its blocked calls are alarmed on). */
export const POOL_ACL_METRIC = 'PortalUserPool';
export interface PortalUserPoolProps {
  /** Where the reset link of the password e-mail points. */
  siteUrl: string;
  /** The portal's table: the triggers read the site's settings (the e-mails' frame: the programme's name, its contact). */
  table: ITableV2;
  /**
   * The verified SES sender of the pool's own e-mails (sign-up codes, password resets); without it Cognito's
   * built-in e-mail sends them, a few dozen a day at most.
   */
  mailFrom?: string;
  /** The SES configuration set the pool's e-mails are sent with (bounces and complaints recorded). */
  mailConfigurationSet?: string;
  /** The SES identity is this domain (DKIM), not the address alone. */
  mailDomain?: string;
  /** The sender's SES identity when it exists already: a domain identity is named as the pool's source. */
  mailIdentity?: string;
}

export class PortalUserPool extends Construct {
  readonly pool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: PortalUserPoolProps) {
    super(scope, id);
    // The pool depends on its triggers, so they cannot know the pool: they get the site's address and read the
    // table. Cognito's trigger sources (CustomMessage) are the CDK's trigger keys (customMessage) with a capital.
    const lambdaTriggers: UserPoolTriggers = Object.fromEntries(
      Object.entries(userPoolTriggers).map(([source, name]) => {
        const trigger = new PortalFunction(this, name, {
          entry: triggerModule(name),
          description: `User pool trigger ${source}`,
          environment: { SITE_URL: props.siteUrl },
        });
        trigger.bindTable(props.table, 'read');
        return [source.charAt(0).toLowerCase() + source.slice(1), trigger.handler];
      }),
    );

    this.pool = new UserPool(this, 'Pool', {
      signInAliases: { email: true },
      // One account per address whatever its case: New.Staff@ and new.staff@ are the same person.
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // A new address replaces the proven one only once its own code is entered: an account's e-mail stays verified.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(7) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Anyone may turn on a second factor, an authenticator app's code; administrators must
      // (lambdas/platform/adminStanding.ts). Text messages cost per message and can be intercepted: not offered.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers,
      ...(props.mailFrom && {
        email: UserPoolEmail.withSES({
          fromEmail: mailAddress(props.mailFrom),
          fromName: mailName(props.mailFrom),
          ...(props.mailConfigurationSet && { configurationSetName: props.mailConfigurationSet }),
          // The pool sends as the domain when the identity is one (DKIM), not the address alone.
          sesVerifiedDomain: props.mailDomain ?? (props.mailIdentity?.includes('@') ? undefined : props.mailIdentity),
        }),
      }),
      deletionProtection: true,
      // The families' accounts outlive the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.pool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional in the pool, required for administrators by the portal itself (the admin group and the second factor are checked at every call an admin token makes); families may turn it on.',
    });
    Validations.of(this.pool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'The Plus tier bills every monthly active family; the strong password policy and e-mail recovery suit a school programme.',
    });

    this.pool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Programme administrators: the admin functions and screens.',
    });

    this.client = this.pool.addClient('WebClient', {
      // USER_PASSWORD_AUTH is the flow the web app uses (the one cognito-local supports too); SRP stays allowed.
      authFlows: { userPassword: true, userSrp: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
      enableTokenRevocation: true,
    });

    this.limitSignUps();
  }

  /** A WAF rule on the pool: one client address starts at most SIGN_UP_LIMIT sign-ups per window (403 beyond). */
  private limitSignUps(): void {
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const acl = new CfnWebACL(this, 'SignUpLimit', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(POOL_ACL_METRIC),
      rules: [
        {
          name: 'SignUpsPerAddress',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility('PortalSignUpsPerAddress'),
          statement: {
            rateBasedStatement: {
              limit: SIGN_UP_LIMIT.signUps,
              evaluationWindowSec: SIGN_UP_LIMIT.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                  positionalConstraint: 'EXACTLY',
                  searchString: SIGN_UP_TARGET,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
      ],
    });
    new CfnWebACLAssociation(this, 'SignUpLimitOnPool', { resourceArn: this.pool.userPoolArn, webAclArn: acl.attrArn });
  }

  /** The issuer of the pool's tokens, spelled as the HTTP API's JWT authorizer spells it. */
  get issuer(): string {
    return `${cognitoEndpoint(Stack.of(this).region)}/${this.pool.userPoolId}`;
  }
}

/** Cognito's endpoint in a region: sign-in calls from the browser, and the tokens' issuer. */
export function cognitoEndpoint(region: string): string {
  return `https://cognito-idp.${region}.amazonaws.com`;
}
