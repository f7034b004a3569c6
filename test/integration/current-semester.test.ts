// Making a semester current makes the others not current. It changes what every visitor sees, so it runs
// in process against a table of its own rather than the shared one.
import type { Semester } from '../../lambdas/contract/records';
import { invoke } from '../support/in-process';
import { useOwnTable } from '../support/own-table';
import { signInAdmin, type SignedIn } from '../support/portal';

useOwnTable('portal-current');
let admin: SignedIn;
beforeAll(async () => {
  admin = await signInAdmin();
});

const semester = (name: string, startDate: string, current: boolean) => ({
  name,
  startDate,
  endDate: `${startDate.slice(0, 4)}-12-31`,
  current,
});

test('given a current semester, when another is saved as current, then it is the only current one, and classes follow it', async () => {
  const first = (await invoke('saveSemester', semester('Fall 2026', '2026-09-01', true), admin)).body.data
    .semester as Semester;
  const second = (await invoke('saveSemester', semester('Winter 2027', '2027-01-04', true), admin)).body.data
    .semester as Semester;
  const { semesters } = (await invoke('semesters', {}, admin)).body.data as { semesters: Semester[] };
  expect(semesters.map((s) => [s.id, s.current])).toEqual([
    [second.id, true],
    [first.id, false],
  ]);
  await invoke('saveClass', { semesterId: second.id, name: 'Nordic', capacity: 4 }, admin);
  const { classes } = (await invoke('classes', {}, admin)).body.data as { classes: Array<{ name: string }> };
  expect(classes.map((cls) => cls.name)).toEqual(['Nordic']);
});

test('changing an unknown semester is 404', async () => {
  expect(
    (await invoke('saveSemester', { ...semester('Ghost', '2027-01-04', false), id: 'no-such-semester' }, admin))
      .statusCode,
  ).toBe(404);
});
