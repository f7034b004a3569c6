// Policies and waivers a guardian accepts before enrolling a child: versions published by administrators, a
// new version asks again, acceptance recorded (who, when, which version, for which child and semester) and
// shown on the roster and the semester's enrollments; a version published while a family enrolls.
// Each test's policies apply to its own semester only, so the other tests' enrollments go on.
import type {
  Enrollment,
  PolicyAcceptance,
  PolicySummary,
  PolicyToAccept,
  PolicyVersion,
  RosterEntry,
  SemesterEnrollment,
} from '../../lambdas/contract/records';
import { acceptancesOf } from '../../lambdas/families/policies';
import { adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, signUpFamily, type SignedIn } from '../support/portal';

async function publish(input: Record<string, unknown>): Promise<PolicyVersion> {
  return (await data<{ version: PolicyVersion }>('savePolicy', input, (await adminSession()).accessToken)).version;
}

const summaryOf = async (policyId: string) =>
  (await data<{ policies: PolicySummary[] }>('policies', {}, (await adminSession()).accessToken)).policies.find(
    (policy) => policy.id === policyId,
  );

const accept = (family: SignedIn, studentId: string, semesterId: string, accepted: PolicyVersion[]) =>
  call<{ acceptances: PolicyAcceptance[] }>(
    'acceptPolicies',
    { studentId, semesterId, accepted: accepted.map(({ policyId, version }) => ({ policyId, version })) },
    family.accessToken,
  );

const enroll = (family: SignedIn, studentId: string, classId: string) =>
  call<{ enrollments: Enrollment[] }>('enroll', { studentId, classId }, family.accessToken);

const toAccept = (details: unknown) =>
  (details as { policiesToAccept: { studentId: string; semesterId: string; policies: PolicyToAccept[] } })
    .policiesToAccept;

describe('policies accepted before enrolling', () => {
  test('given a required policy of the semester, a family is refused with the policies to read and nothing changes; once a guardian accepts, the child enrolls and the acceptance (who, when, which version) is on the roster and the enrollments; an administrator is not refused', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id);
    const waiver = await publish({
      title: 'Liability waiver',
      text: 'Skiing has risks.\nWe accept them.',
      required: true,
      semesterId: semester.id,
    });
    const photos = await publish({
      title: 'Photo consent',
      text: 'Photos may be taken.',
      required: false,
      semesterId: semester.id,
    });
    expect(waiver).toMatchObject({ version: 1, required: true, publishedBy: expect.stringContaining('@') });
    const { family, students } = await familyWithStudents(2);
    const [ben, ava] = students as [(typeof students)[0], (typeof students)[0]];

    const refused = await enroll(family, ben.id, cls.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'failed-precondition',
      message: `Before Child1 can be enrolled for ${semester.name}, please read and accept this policy: Liability waiver.`,
    });
    const asked = toAccept(refused.body.error?.details);
    expect(asked).toMatchObject({ studentId: ben.id, semesterId: semester.id });
    expect(asked.policies.map(({ title, version, required, text }) => ({ title, version, required, text }))).toEqual([
      { title: 'Liability waiver', version: 1, required: true, text: 'Skiing has risks.\nWe accept them.' },
      { title: 'Photo consent', version: 1, required: false, text: 'Photos may be taken.' },
    ]);
    expect(await data('myEnrollments', {}, family.accessToken)).toEqual({ enrollments: [] });
    // What the enroll dialog asks first, before anything is sent: the same policies, whole.
    const toRead = () =>
      data<{ policies: unknown[] }>(
        'policiesToAccept',
        { studentId: ben.id, semesterId: semester.id },
        family.accessToken,
      );
    expect((await toRead()).policies).toEqual(asked.policies);

    // Another family cannot accept for the child; a version that is not current is refused; nothing is recorded.
    const stranger = await signUpFamily('stranger');
    expect((await accept(stranger, ben.id, semester.id, [waiver])).status).toBe(404);
    const stale = await accept(family, ben.id, semester.id, [{ ...waiver, version: 2 }]);
    expect(stale.status).toBe(409);
    expect(toAccept(stale.body.error?.details).policies.map((p) => p.title)).toEqual([
      'Liability waiver',
      'Photo consent',
    ]);
    expect((await summaryOf(waiver.policyId))!.versions[0]!.acceptances).toBe(0);

    // The required policy only (photo consent left unaccepted); a retry records nothing twice.
    const startedAt = Date.now();
    const first = await accept(family, ben.id, semester.id, [waiver]);
    const again = await accept(family, ben.id, semester.id, [waiver]);
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect((await toRead()).policies).toEqual([]);
    const [acceptance] = first.body.data!.acceptances;
    expect(first.body.data!.acceptances).toHaveLength(1);
    expect(acceptance).toEqual({
      studentId: ben.id,
      semesterId: semester.id,
      policyId: waiver.policyId,
      version: 1,
      title: 'Liability waiver',
      acceptedAt: expect.any(String),
      acceptedBy: { sub: family.sub, email: family.email },
    });
    expect(Date.parse(acceptance!.acceptedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect((await summaryOf(waiver.policyId))!.versions[0]!.acceptances).toBe(1);
    expect((await summaryOf(photos.policyId))!.versions[0]!.acceptances).toBe(0);

    expect((await enroll(family, ben.id, cls.id)).body.data!.enrollments.map((e) => e.status)).toEqual(['enrolled']);
    const admin = await adminSession();
    const byAdmin = await call<{ enrollments: Enrollment[] }>(
      'enroll',
      { studentId: ava.id, classId: cls.id },
      admin.accessToken,
    );
    expect(byAdmin.body.data!.enrollments.map((e) => e.status)).toEqual(['enrolled']);

    const { roster } = await data<{ roster: RosterEntry[] }>('classRoster', { classId: cls.id }, admin.accessToken);
    expect(roster.map((entry) => [entry.student.id, entry.acceptances])).toEqual(
      expect.arrayContaining([
        [ben.id, [acceptance]],
        [ava.id, []],
      ]),
    );
    const { enrollments } = await data<{ enrollments: SemesterEnrollment[] }>(
      'semesterEnrollments',
      { semesterId: semester.id },
      admin.accessToken,
    );
    expect(enrollments.find((e) => e.studentId === ben.id)!.acceptances).toEqual([acceptance]);
  });

  test('a new version asks again: the old one stays as published, with its acceptances; an acceptance of it no longer counts; publishing over a version that is not the current one is refused', async () => {
    const semester = await openSemester();
    const [first, second] = [await newClass(semester.id), await newClass(semester.id)];
    const v1 = await publish({ title: 'Code of conduct', text: 'Be kind.', required: true, semesterId: semester.id });
    const { family, students } = await familyWithStudents(1);
    const child = students[0]!;
    expect((await accept(family, child.id, semester.id, [v1])).status).toBe(200);
    expect((await enroll(family, child.id, first.id)).status).toBe(200);

    const v2 = await publish({
      id: v1.policyId,
      basedOnVersion: 1,
      title: 'Code of conduct',
      text: 'Be kind, and wear a helmet.',
      required: true,
      semesterId: semester.id,
    });
    expect(v2.version).toBe(2);
    const late = await call(
      'savePolicy',
      { id: v1.policyId, basedOnVersion: 1, title: 'Code', text: 'Other.', required: true, semesterId: semester.id },
      (await adminSession()).accessToken,
    );
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(
      'Version 2 of this policy was published meanwhile: read it, then publish your changes again.',
    );
    const unknown = await call(
      'savePolicy',
      { id: 'no-such-policy', basedOnVersion: 1, title: 'Code', text: 'Other.', required: true },
      (await adminSession()).accessToken,
    );
    expect(unknown.status).toBe(404);

    const refused = await enroll(family, child.id, second.id);
    expect(refused.status).toBe(409);
    expect(toAccept(refused.body.error?.details).policies).toMatchObject([
      { policyId: v1.policyId, version: 2, text: 'Be kind, and wear a helmet.' },
    ]);
    expect((await accept(family, child.id, semester.id, [v1])).status).toBe(409);
    const summary = (await summaryOf(v1.policyId))!;
    expect(summary.current).toMatchObject({ version: 2, text: 'Be kind, and wear a helmet.' });
    expect(summary.versions.map(({ version, acceptances }) => [version, acceptances])).toEqual([
      [2, 0],
      [1, 1],
    ]);

    const accepted = (await accept(family, child.id, semester.id, [v2])).body.data!.acceptances;
    expect(accepted.map((a) => a.version)).toEqual([1, 2]);
    expect((await enroll(family, child.id, second.id)).status).toBe(200);
  });

  test('a policy of one semester does not hold up another, and an acceptance counts for the semester it was made for', async () => {
    const [spring, summer] = [await openSemester(), await openSemester()];
    const [springClass, summerClass] = [await newClass(spring.id), await newClass(summer.id)];
    const rules = await publish({ title: 'Spring rules', text: 'Spring only.', required: true, semesterId: spring.id });
    const { family, students } = await familyWithStudents(1);
    const child = students[0]!;
    expect((await enroll(family, child.id, summerClass.id)).status).toBe(200);
    // The spring policy is not one of summer's: accepting it for summer is refused.
    expect((await accept(family, child.id, summer.id, [rules])).status).toBe(409);
    expect((await enroll(family, child.id, springClass.id)).status).toBe(409);
    expect((await accept(family, child.id, spring.id, [rules])).status).toBe(200);
    expect((await enroll(family, child.id, springClass.id)).status).toBe(200);
  });

  test('given a version published while families enroll, each enrollment is judged against the version it read: enrolled under the accepted one, or refused with the new one; every enrollment after the publication asks for the new one', async () => {
    const semester = await openSemester();
    const classes = await Promise.all([0, 1, 2, 3].map(() => newClass(semester.id)));
    const later = await newClass(semester.id);
    const v1 = await publish({ title: 'Waiver', text: 'First text.', required: true, semesterId: semester.id });
    const families = await Promise.all([0, 1, 2, 3].map(() => familyWithStudents(1)));
    for (const { family, students } of families) await accept(family, students[0]!.id, semester.id, [v1]);

    const [v2Answer, ...answers] = await Promise.all([
      call<{ version: PolicyVersion }>(
        'savePolicy',
        {
          id: v1.policyId,
          basedOnVersion: 1,
          title: 'Waiver',
          text: 'Second text.',
          required: true,
          semesterId: semester.id,
        },
        (await adminSession()).accessToken,
      ),
      ...families.map(({ family, students }, index) => enroll(family, students[0]!.id, classes[index]!.id)),
    ]);
    expect(v2Answer.status).toBe(200);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body.data!.enrollments.map((e) => e.status)).toEqual(['enrolled']);
      else {
        expect(answer.status).toBe(409);
        expect(toAccept(answer.body.error?.details).policies).toMatchObject([{ version: 2, text: 'Second text.' }]);
      }
    }
    // A family enrolling after the publication is asked for the new version, enrolled or not before.
    for (const { family, students } of families) {
      const next = await enroll(family, students[0]!.id, later.id);
      expect(next.status).toBe(409);
      expect(toAccept(next.body.error?.details).policies).toMatchObject([{ version: 2 }]);
    }
  });

  test('a deleted account takes its acceptances with it', async () => {
    const semester = await openSemester();
    const rules = await publish({ title: 'Rules', text: 'Rules.', required: true, semesterId: semester.id });
    const { family, students } = await familyWithStudents(1);
    expect((await accept(family, students[0]!.id, semester.id, [rules])).status).toBe(200);
    expect(await acceptancesOf(family.sub, students[0]!.id)).toHaveLength(1);
    await data('deleteAccount', {}, family.accessToken);
    expect(await acceptancesOf(family.sub, students[0]!.id)).toEqual([]);
  });

  test('bad input changes nothing: a new version without the one read, a required text left empty, an unknown semester', async () => {
    const admin = (await adminSession()).accessToken;
    expect((await call('savePolicy', { id: 'x', title: 'T', text: 'Text', required: true }, admin)).status).toBe(400);
    expect((await call('savePolicy', { title: 'T', text: '   ', required: true }, admin)).status).toBe(400);
    expect(
      (await call('savePolicy', { title: 'T', text: 'Text', required: true, semesterId: 'no-such-semester' }, admin))
        .status,
    ).toBe(404);
    const { family, students } = await familyWithStudents(1);
    const unknownSemester = await call(
      'acceptPolicies',
      { studentId: students[0]!.id, semesterId: 'no-such-semester', accepted: [{ policyId: 'p', version: 1 }] },
      family.accessToken,
    );
    expect(unknownSemester.status).toBe(404);
  });
});
