// Amplify against the user pool named in config.json, configured when this module loads: it is loaded on
// demand (./session), so a visitor's start-up page never downloads it. The flow is USER_PASSWORD_AUTH: the one
// cognito-local supports, and one the stack's app client allows.
import { Amplify } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import { runtimeConfig } from '../runtimeConfig';
import { signInChanged } from './signIns';

export { fetchAuthSession } from 'aws-amplify/auth';

/** The tokens this browser keeps, as they are (expired or not): no refresh is tried. */
export const storedTokens = () => cognitoUserPoolsTokenProvider.authTokenStore.loadTokens();

export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

const config = runtimeConfig();
const auth = {
  Cognito: {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    // Locally the gateway names its path; the address is the one this page came from.
    ...(config.userPoolEndpoint && {
      userPoolEndpoint: new URL(config.userPoolEndpoint, window.location.origin).href,
    }),
    loginWith: { email: true },
  },
};
// The core singleton with the user pool's token provider alone: the portal needs no AWS credentials
// (identity pool), and leaving their provider out keeps it out of the bundle.
cognitoUserPoolsTokenProvider.setAuthConfig(auth);
Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });

// Signing in and out change who is signed in; a failed refresh does not tell it (asking who is signed in would
// refresh again, fail again: a loop of requests): the session module tries it again a few times, then ends it.
Hub.listen('auth', ({ payload }) => {
  if (payload.event === 'signedIn' || payload.event === 'signedOut') signInChanged();
});
