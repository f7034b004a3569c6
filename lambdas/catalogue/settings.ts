// Programme-wide settings under the `SETTINGS` partition: the remote configuration values the site reads
// (`CONFIG`) and the t-shirt sizes (`TSHIRT_SIZES`, in display order; a retired size stays readable on
// the students who have it but is no longer offered). The retention of records is retention.ts's.
import { enrollmentCapsOf, timeZoneOf, type EnrollmentCaps } from '../contract/configNames';
import { momentText } from '../contract/moments';
import type { ConfigValue, ConfigValues, ManagedTshirtSize, TshirtSize } from '../contract/records';
import { entity, optional, type StoredItem } from '../platform/entity';
import { optionalEnv } from '../platform/env';
import { RecentReads } from '../platform/recentReads';
import { partitions } from '../platform/partitions';

/** The remote configuration, as a Map: the marshaller takes an object with a value named "constructor" for no object at all. */
const configEntity = entity<{ values: Map<string, ConfigValue> }, object>({
  type: 'config',
  key: { partition: partitions.settings, sort: 'CONFIG' },
  read: (item) => ({ values: new Map(Object.entries(configValuesOf(item))) }),
});

/** The values as stored: each a text, a number or true or false (a value of another kind is left out). */
function configValuesOf(item: StoredItem): ConfigValues {
  const stored = item.item.values;
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value)),
  ) as ConfigValues;
}

const tshirtSizesEntity = entity<{ sizes: ManagedTshirtSize[] }, object>({
  type: 'tshirtSizes',
  key: { partition: partitions.settings, sort: 'TSHIRT_SIZES' },
  read: (item) => ({
    sizes: item.list('sizes', (size) => ({
      code: size.string('code'),
      label: size.string('label'),
      ...optional('retired', size.item.retired === undefined ? undefined : size.boolean('retired')),
    })),
  }),
});

export async function readConfigValues(): Promise<ConfigValues> {
  const stored = await configEntity.get({}, { consistent: false });
  return stored ? Object.fromEntries(stored.values) : {};
}

export async function writeConfigValues(values: ConfigValues): Promise<void> {
  await configEntity.put({ values: new Map(Object.entries(values)) });
}

/** Every size ever offered, retired ones included, in display order. */
export async function readTshirtSizes(): Promise<ManagedTshirtSize[]> {
  return (await tshirtSizesEntity.get({}, { consistent: false }))?.sizes ?? [];
}

export async function writeTshirtSizes(sizes: ManagedTshirtSize[]): Promise<void> {
  await tshirtSizesEntity.put({ sizes });
}

export async function offeredTshirtSizes(): Promise<TshirtSize[]> {
  return (await readTshirtSizes()).filter((size) => !size.retired).map(({ code, label }) => ({ code, label }));
}

export type { EnrollmentCaps };

export async function readEnrollmentCaps(): Promise<EnrollmentCaps> {
  return enrollmentCapsOf(await readConfigValues());
}

/** The programme's time zone: the configuration's, else the deploy's (`PORTAL_TIME_ZONE`), else UTC. */
export async function readProgrammeTimeZone(): Promise<string> {
  return programmeTimeZoneOf(await readConfigValues());
}

export const programmeTimeZoneOf = (values: ConfigValues) => timeZoneOf(values, optionalEnv('PORTAL_TIME_ZONE'));

/** How the portal's messages write a moment: on the programme's clock, its zone named ("…, 9:00 AM MST"). */
export type MomentWriter = (iso: string) => string;

/** The writer of moments on the clock of `timeZone`. */
export const momentsIn =
  (timeZone: string): MomentWriter =>
  (iso) =>
    momentText(iso, timeZone);

/** The writer of moments on the programme's clock as the configuration sets it now. */
export async function programmeMoments(): Promise<MomentWriter> {
  return momentsIn(await readProgrammeTimeZone());
}

const recentZone = new RecentReads<string>({
  ttlMs: 30_000,
  read: async (ids) => new Map([[ids[0]!, await readProgrammeTimeZone()]]),
});

/**
 * The same writer, with the zone as this function instance read it in the last 30 seconds: for the allocator, which
 * plans many batches on registration day and writes a moment only in the rare refusal.
 */
export async function recentProgrammeMoments(now = Date.now()): Promise<MomentWriter> {
  return momentsIn((await recentZone.get(['timeZone'], now)).get('timeZone')!);
}
