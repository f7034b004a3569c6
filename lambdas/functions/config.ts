import { readConfigValues } from '../data/settings';
import { portalHandler } from '../shared/handler';

export async function config() {
  return { values: await readConfigValues() };
}

export const handler = portalHandler('config', config);
