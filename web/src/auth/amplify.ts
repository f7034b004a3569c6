import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../runtimeConfig';

/**
 * Amplify signs in against the user pool named in config.json. The flow is USER_PASSWORD_AUTH: the one
 * cognito-local supports, and one the stack's app client allows.
 */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint && { userPoolEndpoint: config.userPoolEndpoint }),
        loginWith: { email: true },
      },
    },
  });
}

export const AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;
