// Cognito's default request-rate quotas for user pools (requests a second, per account and Region), by the
// categories its operations are counted in, as AWS publishes them: what the capacity plan checks registration
// day against, and what the local user pool enforces when asked (PORTAL_COGNITO_QUOTAS=on), answering
// TooManyRequestsException over them as Cognito does. The categories registration day touches, with the
// operations of them the portal makes.
export const COGNITO_QUOTAS = {
  /** Sign-ins and token refreshes (a refresh grant counts here too): every arriving family makes one. */
  UserAuthentication: {
    perSecond: 120,
    operations: [
      'InitiateAuth',
      'RespondToAuthChallenge',
      'AdminInitiateAuth',
      'AdminRespondToAuthChallenge',
      'GetTokensFromRefreshToken',
    ],
  },
  /** New accounts: families who create theirs on the day. */
  UserCreation: { perSecond: 50, operations: ['SignUp', 'ConfirmSignUp', 'AdminCreateUser'] },
  /** Forgotten passwords: the day's other rush. */
  UserAccountRecovery: { perSecond: 30, operations: ['ForgotPassword', 'ConfirmForgotPassword'] },
} as const;

export type CognitoCategory = keyof typeof COGNITO_QUOTAS;

/** The category an operation is counted in, if the portal's quota model knows it. */
export function categoryOf(operation: string): CognitoCategory | undefined {
  return (Object.keys(COGNITO_QUOTAS) as CognitoCategory[]).find((category) =>
    (COGNITO_QUOTAS[category].operations as readonly string[]).includes(operation),
  );
}
