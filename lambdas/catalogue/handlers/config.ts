import { programmeTimeZoneOf, readConfigValues } from '../settings';
import { portalHandler } from '../../platform/handler';

export async function config() {
  const values = await readConfigValues();
  return { values, timeZone: programmeTimeZoneOf(values) };
}

export const handler = portalHandler('config', config);
