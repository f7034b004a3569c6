import { readConfigValues } from '../settings';
import { portalHandler } from '../../platform/handler';

export async function config() {
  return { values: await readConfigValues() };
}

export const handler = portalHandler('config', config);
