import { programmeTimeZoneOf, writeConfigValues } from '../settings';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** Replaces the remote configuration values the site reads (contact e-mail, links, announcement…). */
export async function saveConfig({ values }: ParsedInput<'saveConfig'>) {
  await writeConfigValues(values);
  return { values, timeZone: programmeTimeZoneOf(values) };
}

export const handler = portalHandler('saveConfig', saveConfig);
