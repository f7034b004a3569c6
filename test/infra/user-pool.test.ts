// Sign-in: the pool, the `admin` group and the web app's client.
import { ADMIN_GROUP } from '../../lambdas/manifest';
import { logicalId, synthesizePortal } from './synthesize';

const { stack, template } = synthesizePortal();
const poolId = logicalId(stack.node.findChild('Users').node.findChild('Pool'));

test('families sign up themselves with their e-mail as username, a strong password, and recover by e-mail', () => {
  template.hasResourceProperties('AWS::Cognito::UserPool', {
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    Policies: { PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true } },
    AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
  });
});

test('the families\' accounts survive a stack deletion', () => {
  template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: { DeletionProtection: 'ACTIVE' } });
});

test(`the "${ADMIN_GROUP}" group exists in the pool`, () => {
  template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMIN_GROUP, UserPoolId: { Ref: poolId } });
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
