import { saveRetentionSetting } from '../data/retention';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { liveAdminHandler } from '../shared/liveAdminHandler';

/** Sets how many years after its semester ended a child's records are kept. */
export async function saveRetention({ years }: ParsedInput<'saveRetention'>, caller: Caller) {
  return { setting: await saveRetentionSetting(years, caller.sub) };
}

export const handler = liveAdminHandler('saveRetention', saveRetention);
