import { Amplify } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from '../runtimeConfig';

/**
 * Amplify signs in against the user pool named in config.json. The flow is USER_PASSWORD_AUTH: the one
 * cognito-local supports, and one the stack's app client allows.
 */
export function configureAmplify(config: RuntimeConfig): void {
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
  // (identity pool), and leaving their provider out keeps it out of the start-up bundle.
  cognitoUserPoolsTokenProvider.setAuthConfig(auth);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}

export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;
