// The programme's time zone: the deploy's until an administrator sets another in Settings, a name that is no
// time zone refused, and the portal's messages written on the clock set.
import { momentText } from '../../lambdas/contract/moments';
import type { ConfigValues } from '../../lambdas/contract/records';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data } from '../support/portal';

type ConfigAnswer = { values: ConfigValues; timeZone: string };

let before: ConfigValues;
beforeAll(async () => {
  before = (await data<ConfigAnswer>('config')).values;
});
afterAll(async () => {
  await data('saveConfig', { values: before }, (await adminSession()).accessToken);
});

test("given no zone set, then config answers the deploy's; a name that is no time zone is refused and changes nothing", async () => {
  expect(before.timeZone).toBeUndefined();
  expect((await data<ConfigAnswer>('config')).timeZone).toBe(LOCAL_TIME_ZONE);
  const admin = await adminSession();
  const refused = await call('saveConfig', { values: { ...before, timeZone: 'Mountain Time' } }, admin.accessToken);
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toContain(
    "values.timeZone: must be a time zone name such as America/Denver (the IANA name of the programme's place)",
  );
  expect(await data<ConfigAnswer>('config')).toEqual({ values: before, timeZone: LOCAL_TIME_ZONE });
});

test("given a zone set in Settings, then the portal's messages write their moments on its clock", async () => {
  const opens = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const later = await openSemester({ registrationOpens: opens });
  const cls = await newClass(later.id);
  const { family, students } = await familyWithStudents(1);
  const refusal = async () =>
    (await call('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken)).body.error?.message;
  expect(await refusal()).toBe(`Registration for ${later.name} opens on ${momentText(opens, LOCAL_TIME_ZONE)}.`);

  const saved = await data<ConfigAnswer>(
    'saveConfig',
    { values: { ...before, timeZone: 'Europe/Madrid' } },
    (await adminSession()).accessToken,
  );
  expect(saved.timeZone).toBe('Europe/Madrid');
  expect((await data<ConfigAnswer>('config')).timeZone).toBe('Europe/Madrid');
  expect(await refusal()).toBe(`Registration for ${later.name} opens on ${momentText(opens, 'Europe/Madrid')}.`);
});
