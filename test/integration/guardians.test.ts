// Several guardians per family: an adult invited by e-mail accepts and manages the same children and
// enrollments; authorization follows the family (a removed guardian loses access at once); a family keeps
// at least one guardian, however its guardians leave; each guardian chooses their e-mails.
import { invitationEntity } from '../../lambdas/families/guardians';
import type { FamilyGuardian, GuardianInvitation, NamedEnrollment, Student } from '../../lambdas/contract/records';
import {
  addGuardian,
  addStudent,
  adminSession,
  familyWithStudents,
  invitationTo,
  newClass,
  openSemester,
} from '../support/fixtures';
import {
  call,
  data,
  enrollAndWait,
  outbox,
  outcomeOf,
  signUpFamily,
  waitForMail,
  type SignedIn,
} from '../support/portal';

const studentsOf = async (who: SignedIn) =>
  (await data<{ students: Student[] }>('students', {}, who.accessToken)).students;
const enrollmentsOf = async (who: SignedIn) =>
  (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, who.accessToken)).enrollments;
const guardiansOf = (who: SignedIn) =>
  data<{ guardians: FamilyGuardian[]; invitations: GuardianInvitation[] }>('guardians', {}, who.accessToken);

let semesterId: string;
beforeAll(async () => {
  semesterId = (await openSemester({ name: 'Guardians' })).id;
});

describe('a second guardian', () => {
  test('given an invitation by e-mail, when the invitee accepts it, then both guardians manage the same children and enrollments and both get the enrollment e-mails', async () => {
    const { family, students } = await familyWithStudents(1, 'first');
    const cls = await newClass(semesterId);
    const invitee = await signUpFamily('invitee');

    const { invitation } = await data<{ invitation: GuardianInvitation }>(
      'inviteGuardian',
      { email: invitee.email.toUpperCase() },
      family.accessToken,
    );
    expect(invitation).toMatchObject({ email: invitee.email, invitedByEmail: family.email });
    expect((await guardiansOf(family)).invitations).toEqual([invitation]);
    const mail = await waitForMail(
      invitee.email,
      `${family.email} invites you to be a guardian with Mountain School Programme`,
    );
    const token = /invitation\?token=([\w.-]+)/.exec(mail.text)![1]!;
    expect((await data<any>('guardians', { invitation: token }, invitee.accessToken)).invited).toEqual({
      email: invitee.email,
      invitedByEmail: family.email,
      expiresAt: invitation.expiresAt,
      joined: false,
    });

    await data('acceptInvitation', { token }, invitee.accessToken);
    expect(await studentsOf(invitee)).toEqual(students);
    expect((await guardiansOf(invitee)).guardians.map(({ email, you }) => ({ email, you }))).toEqual([
      { email: family.email, you: undefined },
      { email: invitee.email, you: true },
    ]);
    expect((await guardiansOf(family)).invitations).toEqual([]);
    // Accepting again is answered as done; the link now says so.
    expect((await call('acceptInvitation', { token }, invitee.accessToken)).status).toBe(200);
    expect((await data<any>('guardians', { invitation: token }, invitee.accessToken)).invited).toMatchObject({
      joined: true,
    });

    // The second guardian enrolls the child; the first sees it, and both are written to.
    expect((await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, invitee.accessToken)).status).toBe(
      200,
    );
    expect((await enrollmentsOf(family)).map((e) => [e.classId, e.status])).toEqual([[cls.id, 'enrolled']]);
    const subject = /^Enrolled: Child1/;
    const [toFirst, toSecond] = await Promise.all([
      waitForMail(family.email, subject),
      waitForMail(invitee.email, subject),
    ]);
    expect(toFirst.subject).toBe(toSecond.subject);

    // A child the second guardian adds is the family's.
    const added = await addStudent(invitee, { firstName: 'Added' });
    expect((await studentsOf(family)).map((s) => s.id)).toContain(added.id);
  });

  test('given two guardians, when both enroll the same child in the same class at once, then the child holds one enrollment and both are answered with it', async () => {
    const { family, students } = await familyWithStudents(1, 'rush');
    const second = await addGuardian(family);
    const cls = await newClass(semesterId);
    const payload = { studentId: students[0]!.id, classId: cls.id };
    const answers = await Promise.all([
      enrollAndWait(payload, family.accessToken),
      enrollAndWait(payload, second.accessToken),
    ]);
    // One family, one place: the second press is answered with the request the first put in line.
    expect(answers.map(outcomeOf)).toEqual([200, 200]);
    expect(answers[0]!.body.data!.requestId).toBe(answers[1]!.body.data!.requestId);
    expect(await enrollmentsOf(second)).toHaveLength(1);
    expect(
      (await data<{ roster: unknown[] }>('classRoster', { classId: cls.id }, await adminToken())).roster,
    ).toHaveLength(1);
  });

  test('given a removed guardian, then from their next call they no longer see nor change the family’s children, and have a family of their own', async () => {
    const { family, students } = await familyWithStudents(1, 'remover');
    const second = await addGuardian(family);
    const child = students[0]!;
    expect(await studentsOf(second)).toHaveLength(1);

    await data('removeGuardian', { sub: second.sub }, family.accessToken);
    // The same access token, used at once.
    expect(await studentsOf(second)).toEqual([]);
    expect(await enrollmentsOf(second)).toEqual([]);
    expect((await call('confirmStudentDetails', { id: child.id }, second.accessToken)).status).toBe(404);
    expect((await call('deleteStudent', { id: child.id }, second.accessToken)).status).toBe(404);
    expect(
      (await call('enroll', { studentId: child.id, classId: (await newClass(semesterId)).id }, second.accessToken))
        .status,
    ).toBe(404);
    expect((await guardiansOf(second)).guardians).toEqual([
      expect.objectContaining({ email: second.email, you: true }),
    ]);
    expect((await guardiansOf(family)).guardians.map((g) => g.email)).toEqual([family.email]);
    // Their own new family works as any: a child added is theirs alone.
    await addStudent(second, { firstName: 'Own' });
    expect((await studentsOf(family)).map((s) => s.firstName)).toEqual(['Child1']);
  });
});

describe('invitations', () => {
  test('an invitation is refused to another address, used once, cancelled, or expired; an invitee with children of their own is refused with what to do', async () => {
    const { family } = await familyWithStudents(1, 'inviter');
    const invitee = await signUpFamily('invited');
    const other = await signUpFamily('other');
    const token = await invitationTo(family, invitee.email);

    const wrong = await call('acceptInvitation', { token }, other.accessToken);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error?.message).toMatch(/^This invitation was sent to another e-mail address than the one you/);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await call('acceptInvitation', { token: forged }, invitee.accessToken)).status).toBe(404);
    expect((await call('acceptInvitation', { token: 'not-a-token' }, invitee.accessToken)).status).toBe(400);

    // With a child of their own, the invitee is refused and nothing changes.
    const child = await addStudent(invitee, { firstName: 'Mine' });
    const withChild = await call('acceptInvitation', { token }, invitee.accessToken);
    expect(withChild.status).toBe(409);
    expect(withChild.body.error?.message).toMatch(/^Your account already has children on it\./);
    expect((await guardiansOf(family)).guardians).toHaveLength(1);
    await data('deleteStudent', { id: child.id }, invitee.accessToken);

    // Cancelled: the link no longer works.
    const [waiting] = (await guardiansOf(family)).invitations;
    // Another family cannot cancel it; the family can.
    expect((await call('removeGuardian', { invitationId: waiting!.id }, other.accessToken)).status).toBe(404);
    await data('removeGuardian', { invitationId: waiting!.id }, family.accessToken);
    const gone = await call('acceptInvitation', { token }, invitee.accessToken);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.message).toMatch(/^This invitation is no longer valid/);

    // Expired: the same.
    const expiring = await invitationTo(family, invitee.email);
    const [fresh] = (await guardiansOf(family)).invitations;
    await invitationEntity.updateIfThere(
      // The family made by the first guardian is named by their sub.
      { familyId: family.sub, id: fresh!.id },
      { set: { expiresAt: Math.floor(Date.now() / 1000) - 1 } },
    );
    expect((await call('acceptInvitation', { token: expiring }, invitee.accessToken)).status).toBe(404);
    expect((await guardiansOf(family)).invitations).toEqual([]);

    // An address that is a guardian already, or has an invitation waiting, is refused.
    expect((await call('inviteGuardian', { email: family.email }, family.accessToken)).body.error?.message).toBe(
      `${family.email} is already a guardian of your family.`,
    );
    await data('inviteGuardian', { email: other.email }, family.accessToken);
    expect((await call('inviteGuardian', { email: other.email }, family.accessToken)).status).toBe(409);
  });
});

describe('what an invitation link tells', () => {
  const SENT_ELSEWHERE =
    'This invitation was sent to another e-mail address than the one you are signed in with. Sign out, then sign ' +
    'in with the address it was sent to (or create an account with it) and open the link again; or ask for an ' +
    'invitation to your own address.';

  test('given an invitation, when someone signed out or signed in with another address holds its link, then they learn nothing of the family: no address, no child, no family name; the e-mail names no child', async () => {
    const { family } = await familyWithStudents(1, 'discreet');
    const invitee = await signUpFamily('discreet-invitee');
    const stranger = await signUpFamily('discreet-stranger');
    await data('inviteGuardian', { email: invitee.email }, family.accessToken);
    const mail = await waitForMail(invitee.email, /invites you/);
    expect(mail.subject).not.toContain('Child1');
    expect(mail.text).not.toContain('Child1');
    expect(mail.text).toContain(`${family.email} invites you to be a guardian of their family`);
    const token = /invitation\?token=([\w.-]+)/.exec(mail.text)![1]!;
    const secrets = [invitee.email, family.email, 'Child1', 'Tester'];

    expect((await call('guardians', { invitation: token })).status).toBe(401);
    const read = await call('guardians', { invitation: token }, stranger.accessToken);
    const accepted = await call('acceptInvitation', { token }, stranger.accessToken);
    for (const answer of [read, accepted]) {
      expect([answer.status, answer.body.error?.message]).toEqual([409, SENT_ELSEWHERE]);
      for (const secret of secrets) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    // Nothing changed: the invited still accepts it.
    await data('acceptInvitation', { token }, invitee.accessToken);
  });

  test('given an invitation with the family’s name, when the invited opens its link signed in with the invited address, then they see only who invites them, to which family and until when', async () => {
    const { family } = await familyWithStudents(2, 'named');
    const second = await addGuardian(family, 'named-second');
    const invitee = await signUpFamily('named-invitee');
    const { invitation } = await data<{ invitation: GuardianInvitation }>(
      'inviteGuardian',
      { email: invitee.email, familyName: '  The Tester family ' },
      family.accessToken,
    );
    expect(invitation.familyName).toBe('The Tester family');
    const mail = await waitForMail(
      invitee.email,
      `${family.email} invites you to be a guardian with Mountain School Programme`,
    );
    expect(mail.text).toContain(`${family.email} invites you to be a guardian of The Tester family`);
    expect(mail.text).not.toMatch(/Child[12]|named-second/);
    const token = /invitation\?token=([\w.-]+)/.exec(mail.text)![1]!;

    const read = await data<{ invited: object }>('guardians', { invitation: token }, invitee.accessToken);
    expect(read.invited).toStrictEqual({
      email: invitee.email,
      invitedByEmail: family.email,
      familyName: 'The Tester family',
      expiresAt: invitation.expiresAt,
      joined: false,
    });
    for (const secret of [second.email, 'Child1', 'Child2']) expect(JSON.stringify(read)).not.toContain(secret);
    // The family's own view is as it was.
    expect((await guardiansOf(second)).invitations).toEqual([invitation]);

    // The family's name is one line of text, like other names.
    for (const [familyName, message] of [
      ['The\nTester family', 'familyName: must not contain line breaks or control characters'],
      ['x'.repeat(121), 'familyName: must be at most 120 characters'],
    ])
      expect(
        (await call('inviteGuardian', { email: `other-${invitee.email}`, familyName }, family.accessToken)).body.error
          ?.message,
      ).toBe(message);
  });
});

describe('leaving and removal', () => {
  test('the last guardian cannot leave; when two guardians leave at once, one stays; a guardian deleting their account leaves the family and its children to the other', async () => {
    const { family, students } = await familyWithStudents(1, 'leavers');
    const cls = await newClass(semesterId);
    const alone = await call('removeGuardian', { sub: family.sub }, family.accessToken);
    expect(alone.status).toBe(409);
    expect(alone.body.error?.message).toMatch(/^You are your family's only guardian, so you cannot leave it\./);

    const second = await addGuardian(family);
    await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    const both = await Promise.all([
      call('removeGuardian', { sub: family.sub }, family.accessToken),
      call('removeGuardian', { sub: second.sub }, second.accessToken),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const stayed = both[0]!.status === 409 ? family : second;
    const left = stayed === family ? second : family;
    expect(await studentsOf(stayed)).toEqual(students);
    expect(await studentsOf(left)).toEqual([]);
    expect((await guardiansOf(stayed)).guardians.map((g) => g.email)).toEqual([stayed.email]);

    // A guardian who deletes their account leaves: the child and the enrollment stay with the other.
    const third = await addGuardian(stayed, 'third');
    await data('deleteAccount', {}, third.accessToken);
    expect((await enrollmentsOf(stayed)).map((e) => e.status)).toEqual(['enrolled']);
    expect((await guardiansOf(stayed)).guardians.map((g) => g.email)).toEqual([stayed.email]);
  });

  test('two guardians deleting their accounts at once: the family is deleted once, its enrollments cancelled', async () => {
    const { family, students } = await familyWithStudents(1, 'deleters');
    const second = await addGuardian(family);
    const cls = await newClass(semesterId);
    await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, family.accessToken);
    const answers = await Promise.all([
      call('deleteAccount', {}, family.accessToken),
      call('deleteAccount', {}, second.accessToken),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const roster = await data<{ roster: unknown[] }>('classRoster', { classId: cls.id }, await adminToken());
    expect(roster.roster).toEqual([]);
  });
});

describe('each guardian’s e-mails', () => {
  test('a guardian switches enrollment changes off while the other receives them; the e-mail then reaches only the other; the last one cannot switch them off', async () => {
    const { family, students } = await familyWithStudents(1, 'choosers');
    const second = await addGuardian(family);
    const cls = await newClass(semesterId);

    expect((await data<{ optional: object }>('myMailStatus', {}, second.accessToken)).optional).toEqual({
      enrollmentChanges: true,
      reminders: true,
      announcements: true,
      checkOuts: true,
    });
    await data(
      'saveMailPreferences',
      { enrollmentChanges: false, reminders: false, announcements: true },
      second.accessToken,
    );
    const refused = await call(
      'saveMailPreferences',
      { enrollmentChanges: false, reminders: true, announcements: true },
      family.accessToken,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(
      'Another guardian must receive the e-mails about enrollment changes before you switch them off.',
    );
    // The first guardian's choices are their own.
    expect((await data<{ optional: object }>('myMailStatus', {}, family.accessToken)).optional).toEqual({
      enrollmentChanges: true,
      reminders: true,
      announcements: true,
      checkOuts: true,
    });

    await enrollAndWait({ studentId: students[0]!.id, classId: cls.id }, second.accessToken);
    await waitForMail(family.email, /^Enrolled: /);
    expect(
      (await outbox()).filter((message) => message.to === second.email && /^Enrolled: /.test(message.subject)),
    ).toEqual([]);

    // Alone in a family, the guardian always receives them.
    const single = await signUpFamily('single');
    expect(
      (
        await call(
          'saveMailPreferences',
          { enrollmentChanges: false, reminders: true, announcements: true },
          single.accessToken,
        )
      ).body.error?.message,
    ).toBe("You are the family's only guardian: the e-mails about enrollment changes always go to you.");
  });
});

const adminToken = async () => (await adminSession()).accessToken;
