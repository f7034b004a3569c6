import { programmeTimeZoneOf, writeConfigValues } from '../settings';
import { detailsConfirmedSince, detailsConfirmedSinceOf, detailsSinceProblem } from '../../contract/configNames';
import { invalidArgument } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** Replaces the remote configuration values the site reads (contact e-mail, links, announcement…). */
export async function saveConfig({ values }: ParsedInput<'saveConfig'>) {
  // The zone these values set, else the deploy's: the clock whose today the yearly check's day may not pass.
  const timeZone = programmeTimeZoneOf(values);
  const since = detailsConfirmedSinceOf(values);
  const problem = since && detailsSinceProblem(since, timeZone);
  if (problem) {
    const field = `values.${detailsConfirmedSince.name}`;
    throw invalidArgument(`${field}: ${problem}`, { issues: [{ field, message: problem }] });
  }
  await writeConfigValues(values);
  return { values, timeZone };
}

export const handler = portalHandler('saveConfig', saveConfig);
