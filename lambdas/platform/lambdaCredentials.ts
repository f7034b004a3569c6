// In a Lambda the execution role's credentials are in the environment: the functions are bundled with
// this in place of the SDK's default provider chain (profiles, SSO, web identity, the metadata service),
// which a Lambda never needs and which is a third of a bundle. Locally the real chain is used.
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
