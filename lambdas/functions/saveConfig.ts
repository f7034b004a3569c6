import { writeConfigValues } from '../data/settings';
import type { ParsedInput } from '../manifest';
import { liveAdminHandler } from '../shared/liveAdminHandler';

/** Replaces the remote configuration values the site reads (contact e-mail, links, announcement…). */
export async function saveConfig({ values }: ParsedInput<'saveConfig'>) {
  await writeConfigValues(values);
  return { values };
}

export const handler = liveAdminHandler('saveConfig', saveConfig);
