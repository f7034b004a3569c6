import { saveRetentionSetting } from '../retention';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { portalHandler } from '../../platform/handler';

/** Sets how many years after its semester ended a child's records are kept. */
export async function saveRetention({ years }: ParsedInput<'saveRetention'>, caller: Caller) {
  return { setting: await saveRetentionSetting(years, caller.sub) };
}

export const handler = portalHandler('saveRetention', saveRetention);
