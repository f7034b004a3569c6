// How many sign-ups one client address may start, in AWS (the user pool's WAF rule) and locally (the
// gateway's /_cognito path) alike: a family signs up once, a script signing up thousands is stopped.
export const SIGN_UP_LIMIT = {
  /** Sign-up requests per address within the window; AWS WAF's rate-based rules take 10 or more. */
  signUps: 20,
  /** One of the windows AWS WAF offers (60, 120, 300 or 600 seconds). */
  windowSeconds: 300,
} as const;

/** The Cognito API target of a sign-up (the X-Amz-Target header). */
export const SIGN_UP_TARGET = 'AWSCognitoIdentityProviderService.SignUp';
