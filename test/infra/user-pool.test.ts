// Sign-in: the pool, the `admin` group and the web app's client.
import { Match } from 'aws-cdk-lib/assertions';
import { SIGN_UP_LIMIT, SIGN_UP_TARGET } from '../../infra/signUpLimit';
import { ADMIN_GROUP } from '../../lambdas/contract/manifest';
import { logicalId, synthesizePortal } from './synthesize';

const { stack, template } = synthesizePortal();
const poolId = logicalId(stack.node.findChild('Users').node.findChild('Pool'));

test('families sign up themselves with their e-mail as username, a strong password, and recover by e-mail', () => {
  template.hasResourceProperties('AWS::Cognito::UserPool', {
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireLowercase: true,
        RequireUppercase: true,
        RequireNumbers: true,
        RequireSymbols: true,
      },
    },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
  });
});

test('anyone may turn on a second factor, an authenticator app only (no text messages)', () => {
  template.hasResourceProperties('AWS::Cognito::UserPool', {
    MfaConfiguration: 'OPTIONAL',
    EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
  });
});

test("without poolMail=ses the pool's own e-mails go out through Cognito's built-in e-mail (few a day: see Deploying)", () => {
  template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.absent() });
});

test("the families' accounts survive a stack deletion", () => {
  template.hasResource('AWS::Cognito::UserPool', {
    DeletionPolicy: 'Retain',
    UpdateReplacePolicy: 'Retain',
    Properties: { DeletionProtection: 'ACTIVE' },
  });
});

test(`the "${ADMIN_GROUP}" group exists in the pool`, () => {
  template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
    GroupName: ADMIN_GROUP,
    UserPoolId: { Ref: poolId },
  });
});

test('the web client signs in with USER_PASSWORD_AUTH or SRP, refreshes, has no secret and hides whether an account exists', () => {
  template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
  template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
    UserPoolId: { Ref: poolId },
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    GenerateSecret: false,
    PreventUserExistenceErrors: 'ENABLED',
    AllowedOAuthFlowsUserPoolClient: false,
    EnableTokenRevocation: true,
    AccessTokenValidity: 15,
    IdTokenValidity: 15,
    RefreshTokenValidity: 30 * 24 * 60,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
  });
});

test('usernames are case-insensitive: one account per address, whatever its case', () => {
  template.hasResourceProperties('AWS::Cognito::UserPool', { UsernameConfiguration: { CaseSensitive: false } });
});

test('no trigger confirms an account or verifies an address: a new account confirms its e-mail with the code sent to it', () => {
  template.hasResourceProperties('AWS::Cognito::UserPool', {
    LambdaConfig: { CustomMessage: Match.anyValue(), PreSignUp: Match.absent() },
  });
});

test(`one address may start at most ${SIGN_UP_LIMIT.signUps} sign-ups in ${SIGN_UP_LIMIT.windowSeconds} s: a WAF rate rule on the pool blocks the rest`, () => {
  const [aclId] = Object.keys(template.findResources('AWS::WAFv2::WebACL'));
  template.hasResourceProperties('AWS::WAFv2::WebACL', {
    Scope: 'REGIONAL',
    DefaultAction: { Allow: {} },
    Rules: [
      Match.objectLike({
        Action: { Block: {} },
        Statement: {
          RateBasedStatement: {
            Limit: SIGN_UP_LIMIT.signUps,
            EvaluationWindowSec: SIGN_UP_LIMIT.windowSeconds,
            AggregateKeyType: 'IP',
            ScopeDownStatement: {
              ByteMatchStatement: Match.objectLike({
                FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
                PositionalConstraint: 'EXACTLY',
                SearchString: SIGN_UP_TARGET,
              }),
            },
          },
        },
      }),
    ],
  });
  template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
    ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
  });
});
