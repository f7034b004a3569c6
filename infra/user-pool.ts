// Sign-in: the user pool (e-mail as username, self sign-up), its triggers from the manifest, the `admin`
// group and the web app's client.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, Mfa, UserPool, type UserPoolClient, type UserPoolTriggers } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ADMIN_GROUP, triggerModule, userPoolTriggers } from '../lambdas/manifest';
import { PASSWORD_POLICY } from '../lambdas/passwordPolicy';
import { PortalFunction } from './portal-function';
import { TOKEN_VALIDITY } from './tokenValidity';

export interface PortalUserPoolProps {
  /** Where the reset link of the password e-mail points. */
  siteUrl: string;
}

export class PortalUserPool extends Construct {
  readonly pool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: PortalUserPoolProps) {
    super(scope, id);
    // The pool depends on its triggers, so they cannot know the pool: they get the site's address only.
    // Cognito's trigger sources (PreSignUp) are the CDK's trigger keys (preSignUp) with a capital.
    const lambdaTriggers: UserPoolTriggers = Object.fromEntries(
      Object.entries(userPoolTriggers).map(([source, name]) => [
        source.charAt(0).toLowerCase() + source.slice(1),
        new PortalFunction(this, name, { entry: triggerModule(name), description: `User pool trigger ${source}`, environment: { SITE_URL: props.siteUrl } }).handler,
      ]),
    );

    this.pool = new UserPool(this, 'Pool', {
      signInAliases: { email: true },
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(7) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers,
      deletionProtection: true,
      // The families' accounts outlive the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.pool).acknowledge({ id: 'AwsSolutions-COG2', reason: 'Families sign in with e-mail and password as the spec describes; MFA is not part of the product.' });
    Validations.of(this.pool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'The Plus tier bills every monthly active family; the strong password policy and e-mail recovery suit a school programme.',
    });

    this.pool.addGroup('AdminGroup', { groupName: ADMIN_GROUP, description: 'Programme administrators: the admin functions and screens.' });

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
