// The yearly check of a child's details: a family confirms them (or saves them) before enrolling once they
// were last confirmed before the day the administrators set; and the pick-up adults on each child.
import { wallClockOf } from '../../lambdas/contract/moments';
import type { ConfigValues, Student } from '../../lambdas/contract/records';
import { studentEntity } from '../../lambdas/families/students';
import { adminSession, familyWithStudents, newClass, openSemester, studentInput } from '../support/fixtures';
import { call, data, signUpFamily } from '../support/portal';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
// Yesterday: every student the other tests save today counts as confirmed, so their enrollments go on.
const since = dayOf(Date.now() - DAY_MS);

let before: ConfigValues;
beforeAll(async () => {
  before = (await data<{ values: ConfigValues }>('config')).values;
});
afterAll(async () => {
  const { detailsConfirmedSince: _set, ...values } = (await data<{ values: ConfigValues }>('config')).values;
  await data(
    'saveConfig',
    { values: 'detailsConfirmedSince' in before ? before : values },
    (await adminSession()).accessToken,
  );
});

async function requireDetailsSince(day: string) {
  const { values } = await data<{ values: ConfigValues }>('config');
  await data('saveConfig', { values: { ...values, detailsConfirmedSince: day } }, (await adminSession()).accessToken);
}

/** The child's details as last confirmed at `at` (an ISO moment), or never. */
async function confirmedAt(familyId: string, id: string, at: string | undefined) {
  await studentEntity.updateIfThere(
    { familyId, id },
    at ? { set: { detailsConfirmedAt: at } } : { remove: ['detailsConfirmedAt'] },
  );
}

const studentsOf = async (token: string) => (await data<{ students: Student[] }>('students', {}, token)).students;

describe('the yearly check of a child’s details', () => {
  test('given details confirmed before the day set (or never), the family is refused with what to do and nothing changes; once confirmed, the child enrolls; an administrator is not refused', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id);
    const { family, students } = await familyWithStudents(2);
    const [ben, ava] = students as [Student, Student];
    await confirmedAt(family.sub, ben.id, '2025-03-03T10:00:00.000Z');
    await confirmedAt(family.sub, ava.id, undefined);
    await requireDetailsSince(since);

    const refused = await call('enroll', { studentId: ben.id, classId: cls.id }, family.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'failed-precondition',
      message:
        "Please check that Child1's details are still right before enrolling: they were last confirmed on Mar 3, 2025. " +
        "Open Child1's details, check the health notes, contacts and pick-up adults, and press " +
        '"These details are right" (or save them with your changes).',
      details: { detailsToCheck: { studentId: ben.id, detailsConfirmedAt: '2025-03-03T10:00:00.000Z' } },
    });
    expect(
      (await call('enroll', { studentId: ava.id, classId: cls.id }, family.accessToken)).body.error?.message,
    ).toMatch(/^Please check that Child2's details are still right before enrolling: they have never been confirmed\./);
    expect(await data('myEnrollments', {}, family.accessToken)).toEqual({ enrollments: [] });

    // Another family cannot confirm them, and nothing changes.
    const stranger = await signUpFamily('stranger');
    expect((await call('confirmStudentDetails', { id: ben.id }, stranger.accessToken)).status).toBe(404);
    expect((await studentsOf(family.accessToken)).find((s) => s.id === ben.id)!.detailsConfirmedAt).toBe(
      '2025-03-03T10:00:00.000Z',
    );

    const startedAt = Date.now();
    const { student: confirmed } = await data<{ student: Student }>(
      'confirmStudentDetails',
      { id: ben.id },
      family.accessToken,
    );
    expect(Date.parse(confirmed.detailsConfirmedAt!)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(confirmed).toEqual({ ...ben, detailsConfirmedAt: confirmed.detailsConfirmedAt });
    expect((await studentsOf(family.accessToken)).find((s) => s.id === ben.id)).toEqual(confirmed);
    const enrolled = await data<{ enrollments: Array<{ status: string }> }>(
      'enroll',
      { studentId: ben.id, classId: cls.id },
      family.accessToken,
    );
    expect(enrolled.enrollments.map((e) => e.status)).toEqual(['enrolled']);

    const admin = await adminSession();
    const byAdmin = await data<{ enrollments: Array<{ status: string }> }>(
      'enroll',
      { studentId: ava.id, classId: cls.id },
      admin.accessToken,
    );
    expect(byAdmin.enrollments.map((e) => e.status)).toEqual(['enrolled']);
  });

  test('a family’s save counts as confirming; an administrator’s correction keeps the family’s moment', async () => {
    await requireDetailsSince(since);
    const { family, students } = await familyWithStudents(1);
    const child = students[0]!;
    expect(Date.parse(child.detailsConfirmedAt!)).toBeGreaterThan(Date.now() - 60_000);
    await confirmedAt(family.sub, child.id, '2024-09-01T08:00:00.000Z');

    const admin = await adminSession();
    const { student: corrected } = await data<{ student: Student }>(
      'saveStudent',
      { ...child, allergies: 'Bees' },
      admin.accessToken,
    );
    expect(corrected.detailsConfirmedAt).toBe('2024-09-01T08:00:00.000Z');
    // A confirmation sent in the payload is not taken: the save stamps its own moment.
    const { student: saved } = await data<{ student: Student }>(
      'saveStudent',
      { ...corrected, detailsConfirmedAt: '2099-01-01T00:00:00.000Z' },
      family.accessToken,
    );
    expect(Date.parse(saved.detailsConfirmedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(saved.detailsConfirmedAt!)).toBeLessThanOrEqual(Date.now());
  });

  test('the day set must be a date', async () => {
    const admin = await adminSession();
    const { values } = await data<{ values: ConfigValues }>('config');
    const answer = await call(
      'saveConfig',
      { values: { ...values, detailsConfirmedSince: 'soon' } },
      admin.accessToken,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('values.detailsConfirmedSince: must be a date written YYYY-MM-DD');
  });

  test("the day set may not be after today on the programme's clock: no confirmation could clear the check until it came", async () => {
    const admin = await adminSession();
    const { values, timeZone } = await data<{ values: ConfigValues; timeZone: string }>('config');
    const tomorrow = wallClockOf(new Date(Date.now() + DAY_MS).toISOString(), timeZone).slice(0, 10);
    const answer = await call(
      'saveConfig',
      { values: { ...values, detailsConfirmedSince: tomorrow } },
      admin.accessToken,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(
      `values.detailsConfirmedSince: must be today or earlier (${timeZone}): until a later day comes, no confirmation would count and families could not enroll`,
    );
    expect((await data<{ values: ConfigValues }>('config')).values).toEqual(values);
  });
});

describe('pick-up adults', () => {
  const adult = { name: 'Sam Rivera', relationship: 'Aunt', phone: '+1 555 010 0199' };

  test('given a valid list, it is saved and read back', async () => {
    const family = await signUpFamily();
    const { student } = await data<{ student: Student }>(
      'saveStudent',
      studentInput({ pickupAdults: [adult, { ...adult, name: 'Lee Rivera', relationship: 'Uncle' }] }),
      family.accessToken,
    );
    expect((await studentsOf(family.accessToken))[0]!.pickupAdults).toEqual(student.pickupAdults);
    expect(student.pickupAdults.map((a) => a.name)).toEqual(['Sam Rivera', 'Lee Rivera']);
  });

  test.each([
    ['seven adults', Array.from({ length: 7 }, () => adult), 'pickupAdults: must list at most 6 adults'],
    ['an adult without a name', [{ ...adult, name: '  ' }], 'pickupAdults[0].name: is required'],
    ['an adult without a relation', [{ ...adult, relationship: '' }], 'pickupAdults[0].relationship: is required'],
    [
      'a phone that is no phone number',
      [{ ...adult, phone: 'ring me' }],
      'pickupAdults[0].phone: must be a phone number',
    ],
  ])('given %s, then 400 naming the field and the child is as they were', async (_case, pickupAdults, message) => {
    const { family, students } = await familyWithStudents(1);
    const answer = await call('saveStudent', { ...students[0]!, pickupAdults }, family.accessToken);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message.startsWith(message)).toBe(true);
    expect(await studentsOf(family.accessToken)).toEqual(students);
  });
});
