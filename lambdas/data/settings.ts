// Programme-wide settings under the `SETTINGS` partition: the remote configuration values the site reads
// (`CONFIG`) and the t-shirt sizes (`TSHIRT_SIZES`, in display order; a retired size stays readable on
// the students who have it but is no longer offered).
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { enrollmentCapSettings } from '../configNames';
import type { ConfigValues, ManagedTshirtSize, TshirtSize } from '../records';
import { dynamo, tableName } from '../shared/dynamo';

const configKey = { PK: 'SETTINGS', SK: 'CONFIG' };
const tshirtSizesKey = { PK: 'SETTINGS', SK: 'TSHIRT_SIZES' };

export async function readConfigValues(): Promise<ConfigValues> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: configKey }));
  return (Item?.values as ConfigValues | undefined) ?? {};
}

export async function writeConfigValues(values: ConfigValues): Promise<void> {
  // As a Map: the marshaller takes an object with a value named "constructor" for no object at all.
  await dynamo.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...configKey, type: 'config', values: new Map(Object.entries(values)) },
    }),
  );
}

/** Every size ever offered, retired ones included, in display order. */
export async function readTshirtSizes(): Promise<ManagedTshirtSize[]> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: tableName, Key: tshirtSizesKey }));
  return (Item?.sizes as ManagedTshirtSize[] | undefined) ?? [];
}

export async function writeTshirtSizes(sizes: ManagedTshirtSize[]): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName, Item: { ...tshirtSizesKey, type: 'tshirtSizes', sizes } }));
}

export async function offeredTshirtSizes(): Promise<TshirtSize[]> {
  return (await readTshirtSizes()).filter((size) => !size.retired).map(({ code, label }) => ({ code, label }));
}

export type EnrollmentCaps = Record<keyof typeof enrollmentCapSettings, number>;

export async function readEnrollmentCaps(): Promise<EnrollmentCaps> {
  const values = await readConfigValues();
  const capOf = ({ name, byDefault }: { name: string; byDefault: number }) => {
    // Saved values are checked by the configuration's schema; one saved before the check means the default.
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : byDefault;
  };
  return {
    childrenPerClass: capOf(enrollmentCapSettings.childrenPerClass),
    enrollmentsPerSemester: capOf(enrollmentCapSettings.enrollmentsPerSemester),
  };
}
