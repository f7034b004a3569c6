// The site's only link to its back end: /config.json, written by the stack at deploy time and served by
// the local gateway. Nothing in the bundle is specific to one deployment.
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only locally: cognito-local's address. */
  userPoolEndpoint?: string;
  apiBaseUrl: string;
}

let loaded: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  loaded = (await response.json()) as RuntimeConfig;
  return loaded;
}

export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('The runtime configuration is not loaded yet.');
  return loaded;
}
