// Every change of a child's enrollment is told to the family, whoever made it, exactly once: the outbox
// holds one e-mail per change, to the family's address, saying what happened in a parent's words.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { LOCAL_TIME_ZONE } from '../../infra/local/timeZone';
import type { FunctionResult } from '../../lambdas/contract/manifest';
import { dateLabel, zoneName } from '../../lambdas/contract/moments';
import type { Class, ClassInput, Enrollment, MessageSummary } from '../../lambdas/contract/records';
import { addGuardian, addStudent, adminSession, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import {
  call,
  data,
  outbox,
  portalUrl,
  runScheduleAt,
  signUpFamily,
  waitForMail,
  type SignedIn,
} from '../support/portal';

const run = promisify(execFile);

const enrolled = async (family: SignedIn, payload: { studentId: string; classId: string }) =>
  (await data<{ enrollments: Enrollment[] }>('enroll', payload, family.accessToken)).enrollments;
const mailTo = async (address: string) => (await outbox()).filter((message) => message.to === address);

/** Waits a moment for anything the mailer might still send, then the family's e-mails. */
async function settledMailTo(address: string) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return mailTo(address);
}
const subjectsTo = async (address: string, subject: string) =>
  (await settledMailTo(address)).filter((mail) => mail.subject === subject);

const saveInput = (cls: Class, changes: Partial<ClassInput>): ClassInput => ({
  id: cls.id,
  semesterId: cls.semesterId,
  name: cls.name,
  description: cls.description,
  location: cls.location,
  instructor: cls.instructor,
  meetings: cls.meetings,
  capacity: cls.capacity,
  status: cls.status,
  ...(cls.whatToBring && { whatToBring: cls.whatToBring }),
  ...changes,
});

let semesterId: string;
let admin: SignedIn;
beforeAll(async () => {
  semesterId = (await openSemester({ name: 'Mail semester' })).id;
  admin = await adminSession();
});

test('a family that cancels is told, with the way back', async () => {
  const cls = await newClass(semesterId);
  const { family, students } = await familyWithStudents(1, 'cancels');
  await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
  await data('cancelEnrollment', { enrollmentId: `${cls.id}~${students[0]!.id}` }, family.accessToken);
  const mail = await waitForMail(family.email, `Cancelled: Child1 Tester in ${cls.name}`);
  expect(mail.text).toContain('As you asked, Child1 Tester no longer holds a seat');
  expect(mail.html).toContain('Class Registration');
  expect((await settledMailTo(family.email)).map((message) => message.subject)).toEqual([
    `Enrolled: Child1 Tester in ${cls.name}`,
    `Cancelled: Child1 Tester in ${cls.name}`,
  ]);
});

test('a child an administrator cancels: the family reads that the programme did it, and whom to ask', async () => {
  const cls = await newClass(semesterId);
  const { family, students } = await familyWithStudents(1, 'admin-cancels');
  await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
  await data('cancelEnrollment', { enrollmentId: `${cls.id}~${students[0]!.id}` }, admin.accessToken);
  const mail = await waitForMail(family.email, `Cancelled by the programme: Child1 Tester in ${cls.name}`);
  expect(mail.text).toContain("The programme's administrators cancelled Child1 Tester's enrollment");
  const { values } = await data<{ values: Record<string, unknown> }>('config');
  expect(mail.text).toContain(`Write to ${values.contactEmail}`);
  expect(await settledMailTo(family.email)).toHaveLength(2);
});

test('a moved child: the family reads where from and where to, and the new class', async () => {
  const from = await newClass(semesterId, { name: `Ice Climbing ${Date.now()}` });
  const to = await newClass(semesterId, { name: `Backcountry Skiing ${Date.now()}`, location: 'Red Mountain Pass' });
  const { family, students } = await familyWithStudents(1, 'moved');
  await enrolled(family, { studentId: students[0]!.id, classId: from.id });
  await data('moveEnrollment', { enrollmentId: `${from.id}~${students[0]!.id}`, classId: to.id }, admin.accessToken);
  const mail = await waitForMail(family.email, `Moved: Child1 Tester from ${from.name} to ${to.name}`);
  expect(mail.text).toContain(`The programme moved Child1 Tester from ${from.name} to ${to.name}`);
  expect(mail.text).toContain('Where: Red Mountain Pass');
  expect(mail.text).not.toContain(`is enrolled in ${from.name}`);
  expect(await settledMailTo(family.email)).toHaveLength(2);
});

test('a class changed after families enrolled: each family once, naming its children and what changed', async () => {
  const cls = await newClass(semesterId, { capacity: 1 });
  const siblings = await familyWithStudents(2, 'siblings');
  const other = await familyWithStudents(1, 'other');
  for (const student of siblings.students) await enrolled(siblings.family, { studentId: student.id, classId: cls.id });
  await enrolled(other.family, { studentId: other.students[0]!.id, classId: cls.id });
  const [meeting] = cls.meetings;
  await data(
    'saveClass',
    saveInput(cls, { location: 'Boulder Gym', meetings: [{ ...meeting!, start: '10:00', end: '12:00' }] }),
    admin.accessToken,
  );
  const mail = await waitForMail(siblings.family.email, `Changed: ${cls.name}`);
  expect(mail.text).toContain('The place is now Boulder Gym (it was Summit Lodge).');
  // On the programme's 12-hour clock, its zone named once.
  expect(mail.text).toMatch(
    new RegExp(
      `\\w{3}, \\w{3} \\d+, \\d{4}, 10:00 AM–12:00 PM ${zoneName(LOCAL_TIME_ZONE, meeting!.date)} \\(it was 9:00 AM–11:00 AM\\)`,
    ),
  );
  expect(mail.text).toContain('because Child1 Tester and Child2 Tester are in');
  await waitForMail(other.family.email, `Changed: ${cls.name}`);
  const changed = (await settledMailTo(siblings.family.email)).filter((m) => m.subject === `Changed: ${cls.name}`);
  expect(changed).toHaveLength(1);
  // Saving it again unchanged tells nobody anything.
  await data('saveClass', saveInput(await classOf(cls.id), {}), admin.accessToken);
  expect((await settledMailTo(other.family.email)).filter((m) => m.subject.startsWith('Changed'))).toHaveLength(1);
});

test('a class closed while families are in it: each is told where its child stands', async () => {
  const cls = await newClass(semesterId, { capacity: 1 });
  const first = await familyWithStudents(1, 'closed-first');
  const second = await familyWithStudents(1, 'closed-second');
  await enrolled(first.family, { studentId: first.students[0]!.id, classId: cls.id });
  await enrolled(second.family, { studentId: second.students[0]!.id, classId: cls.id });
  expect(await data('deleteClass', { id: cls.id }, admin.accessToken)).toEqual({ closed: true });
  expect((await waitForMail(first.family.email, `Closed: ${cls.name}`)).text).toContain('Child1 Tester stays enrolled');
  expect((await waitForMail(second.family.email, `Closed: ${cls.name}`)).text).toContain(
    'Child1 Tester stays on the waitlist at position 1',
  );
  // Closing it again is no change: no second e-mail.
  await data('deleteClass', { id: cls.id }, admin.accessToken);
  expect((await settledMailTo(first.family.email)).filter((m) => m.subject.startsWith('Closed'))).toHaveLength(1);
});

async function classOf(id: string): Promise<Class> {
  const { classes } = await data<{ classes: Record<string, Class[]> }>('classes', { query: [{ id }] });
  return Object.values(classes).flat()[0]!;
}

describe('an e-mail SES refuses', () => {
  const refuse = (addresses: string[]) =>
    fetch(`${portalUrl()}/_local/ses`, { method: 'PUT', body: JSON.stringify({ refusing: addresses }) });
  const failedFor = async (email: string) =>
    (await data<FailedMailList>('failedMail', {}, admin.accessToken)).mail.find((mail) => mail.familyEmail === email);
  afterEach(() => refuse([]));

  test('is kept at once (SES refused it: no try of the stream gets through), shown to administrators with why, and sent again by "Send again" once the cause is fixed', async () => {
    const cls = await newClass(semesterId);
    const { family, students } = await familyWithStudents(1, 'refused');
    await refuse([family.email]);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    let failed = await failedFor(family.email);
    for (const deadline = Date.now() + 20_000; !failed?.waiting; failed = await failedFor(family.email)) {
      if (Date.now() > deadline)
        throw new Error(`The failed e-mail was not kept within 20 s: ${JSON.stringify(failed)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(failed).toMatchObject({ kind: 'enrolled', failures: 1, classNames: [cls.name] });
    expect(failed.lastError).toMatch(/^MessageRejected: Email address is not verified/);
    const listed = await run(process.execPath, ['--import', 'tsx', 'infra/admin-command.ts', 'failed-mail'], {
      env: { ...process.env, PORTAL_DATA_DIR: process.env.PORTAL_TEST_DATA_DIR },
    });
    expect(listed.stdout).toMatch(/E-mails not sent: [1-9]\d* waiting to be sent again/);
    expect(listed.stdout).toContain('enrolled  1 failure(s)  MessageRejected');

    // The address works again: nothing goes out by itself, "Send again" sends it once.
    await refuse([]);
    expect(await settledMailTo(family.email)).toEqual([]);
    expect(await data('resendFailedMail', { ids: [failed.id] }, admin.accessToken)).toEqual({ resent: 1 });
    await waitForMail(family.email, `Enrolled: Child1 Tester in ${cls.name}`);
    expect(await settledMailTo(family.email)).toHaveLength(1);
    expect(await failedFor(family.email)).toBeUndefined();
  });

  /** The e-mail kept for an address SES refused, once the stream stopped trying it. */
  const keptFor = async (address: string) => {
    const find = async () =>
      (await data<FailedMailList>('failedMail', {}, admin.accessToken)).mail.find(
        (mail) => mail.waiting && mail.failedTo?.includes(address),
      );
    let kept = await find();
    for (const deadline = Date.now() + 30_000; !kept; kept = await find()) {
      if (Date.now() > deadline) throw new Error(`No e-mail to ${address} was kept within 30 s.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return kept;
  };
  test("refused for one guardian of two: the other gets the family's e-mail, and the refused address alone is kept and sent again", async () => {
    const cls = await newClass(semesterId);
    const { family, students } = await familyWithStudents(1, 'refused-first');
    const second = await addGuardian(family, 'refused-second');
    await refuse([second.email]);
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    const subject = `Enrolled: Child1 Tester in ${cls.name}`;
    await waitForMail(family.email, subject, 20_000);
    const kept = await keptFor(second.email);
    expect(kept).toMatchObject({ kind: 'enrolled', failures: 1, failedTo: [second.email] });
    expect(kept.lastError).toMatch(/^MessageRejected: Email address is not verified/);
    expect(kept.lastError).toContain(second.email);
    expect(kept.lastError).not.toContain(family.email);

    await refuse([]);
    expect(await data('resendFailedMail', { ids: [kept.id] }, admin.accessToken)).toEqual({ resent: 1 });
    await waitForMail(second.email, subject);
    expect(await subjectsTo(second.email, subject)).toHaveLength(1);
    expect(await subjectsTo(family.email, subject)).toHaveLength(1);
  });

  test("a class message refused for one guardian of two: the class's families get it, and the refused address alone is listed with the class and the subject, waits at once, and is sent again there alone", async () => {
    const cls = await newClass(semesterId);
    const { family, students } = await familyWithStudents(1, 'msg-refused-first');
    const second = await addGuardian(family, 'msg-refused-second');
    const other = await familyWithStudents(1, 'msg-refused-other');
    await enrolled(family, { studentId: students[0]!.id, classId: cls.id });
    await enrolled(other.family, { studentId: other.students[0]!.id, classId: cls.id });
    await waitForMail(second.email, `Enrolled: Child1 Tester in ${cls.name}`);
    await refuse([second.email]);
    const messageId = crypto.randomUUID();
    const subject = `Snow day ${messageId.slice(0, 8)}`;
    const audience = { kind: 'class', id: cls.id };
    await data('sendMessage', { messageId, audience, subject, text: 'No class.' }, admin.accessToken);
    await waitForMail(family.email, subject, 20_000);
    await waitForMail(other.family.email, subject);
    const counted = async () =>
      (await data<{ messages: MessageSummary[] }>('messages', { semesterId }, admin.accessToken)).messages.find(
        (message) => message.id === messageId,
      );
    const kept = await keptFor(second.email);
    // Refused for good: it waits from its first failure, and the stream does not try it again.
    expect(kept).toMatchObject({
      kind: 'message',
      messageId,
      failures: 1,
      failedTo: [second.email],
      familyEmail: family.email,
      classIds: [cls.id],
      classNames: [cls.name],
      subject,
      audienceLabel: cls.name,
    });
    expect(kept.lastError).not.toContain(family.email);
    expect(await subjectsTo(family.email, subject)).toHaveLength(1);
    expect(await failedFor(family.email)).toMatchObject({ id: kept.id, failures: 1, waiting: true });
    expect(await counted()).toMatchObject({ status: 'sent', recipients: 2, sent: 2, failed: 1, skipped: 0 });

    await refuse([]);
    expect(await data('resendFailedMail', { ids: [kept.id] }, admin.accessToken)).toEqual({ resent: 1 });
    await waitForMail(second.email, subject);
    expect(await subjectsTo(second.email, subject)).toHaveLength(1);
    expect(await subjectsTo(family.email, subject)).toHaveLength(1);
    expect(await subjectsTo(other.family.email, subject)).toHaveLength(1);
    expect(await counted()).toMatchObject({ sent: 3, failed: 0, skipped: 0 });
    const { mail } = await data<FailedMailList>('failedMail', {}, admin.accessToken);
    expect(mail.filter((failed) => failed.messageId === messageId)).toEqual([]);
  });
});

type FailedMailList = FunctionResult<'failedMail'>;

describe("an administrator's message to the families of a class", () => {
  test('reaches each family once, siblings or not, and its history says who sent what to how many', async () => {
    const cls = await newClass(semesterId, { capacity: 2 });
    const siblings = await familyWithStudents(2, 'msg-siblings');
    const waiting = await familyWithStudents(1, 'msg-waiting');
    for (const student of siblings.students)
      await enrolled(siblings.family, { studentId: student.id, classId: cls.id });
    await enrolled(waiting.family, { studentId: waiting.students[0]!.id, classId: cls.id });
    const audience = { kind: 'class', id: cls.id };
    expect(await data('messageAudience', { audience }, admin.accessToken)).toEqual({
      label: cls.name,
      where: `in ${cls.name}`,
      families: 2,
      switchedOff: 0,
      addresses: 2,
      exampleChildren: expect.any(Array),
    });
    expect(
      await data('messageAudience', { audience: { kind: 'waitlist', id: cls.id } }, admin.accessToken),
    ).toMatchObject({ label: `Waitlist of ${cls.name}`, families: 1 });

    const payload = {
      messageId: crypto.randomUUID(),
      audience,
      subject: 'No class on Sunday: snow',
      text: 'Dear families,\n\nthe road is closed. **No class** on Sunday.\n\n- We make it up on the 21st\n- Details: https://example.org/snow',
    };
    const { message } = await data<{ message: { id: string; recipients: number } }>(
      'sendMessage',
      payload,
      admin.accessToken,
    );
    expect(message.recipients).toBe(2);
    // A retried call (its answer lost) starts nothing more.
    expect((await data<{ message: { id: string } }>('sendMessage', payload, admin.accessToken)).message.id).toBe(
      message.id,
    );

    const mail = await waitForMail(siblings.family.email, 'No class on Sunday: snow');
    expect(mail.text).toContain('the road is closed. No class on Sunday.');
    expect(mail.text).toContain('- Details: https://example.org/snow');
    expect(mail.text).toContain('because Child1 Tester and Child2 Tester are in');
    expect(mail.html).toContain('<strong>No class</strong>');
    expect(mail.html).toContain('href="https:&#x2F;&#x2F;example.org&#x2F;snow"');
    await waitForMail(waiting.family.email, 'No class on Sunday: snow');
    for (const family of [siblings.family, waiting.family])
      expect((await settledMailTo(family.email)).filter((m) => m.subject === payload.subject)).toHaveLength(1);

    const { messages } = await data<{ messages: Array<Record<string, unknown>> }>(
      'messages',
      { semesterId, classId: cls.id },
      admin.accessToken,
    );
    expect(messages.find((entry) => entry.id === message.id)).toMatchObject({
      topic: 'announcement',
      subject: 'No class on Sunday: snow',
      audienceLabel: cls.name,
      sentBy: admin.email,
      recipients: 2,
      sent: 2,
      failed: 0,
      status: 'sent',
    });
  });

  test("a run that stopped while writing to one guardian: that address is counted failed and not written to again, the family's other address gets it from the next run", async () => {
    const { deliveryEntity, messageEntity } = await import('../../lambdas/mail/messages');
    const { sendMessage } = await import('../../lambdas/mail/messageSending');
    const cls = await newClass(semesterId);
    const { family } = await familyWithStudents(1, 'stopped-first');
    const second = await addGuardian(family, 'stopped-second');
    const messageId = crypto.randomUUID();
    const subject = `Stopped ${messageId.slice(0, 8)}`;
    // The run claimed the family two minutes ago and was writing to the first guardian when it stopped.
    await deliveryEntity.put({
      messageId,
      familyId: family.sub,
      children: [{ name: 'Child1 Tester', status: 'enrolled' }],
      status: 'sending',
      claimedAt: new Date(Date.now() - 120_000).toISOString(),
      addresses: { [family.email]: 'sending' },
    });
    await messageEntity.put({
      ...{ id: messageId, semesterId, classIds: [cls.id], topic: 'announcement', subject, text: 'Hello.' },
      ...{ where: `in ${cls.name}`, audienceLabel: cls.name, sentBy: 'portal', createdAt: new Date().toISOString() },
      ...{ status: 'sending', recipients: 1, familiesDone: 0, sent: 0, failed: 0, skipped: 0 },
    });
    expect(await sendMessage(messageId, () => 10_000)).toBe('more');
    expect(await sendMessage(messageId, () => 10_000)).toBe('done');
    await waitForMail(second.email, subject);
    expect(await subjectsTo(family.email, subject)).toEqual([]);
    expect(await subjectsTo(second.email, subject)).toHaveLength(1);
    expect(await messageEntity.get({ id: messageId })).toMatchObject({
      status: 'sent',
      familiesDone: 1,
      sent: 1,
      failed: 1,
      skipped: 0,
    });
  });

  test('to a class nobody is in is refused, with nothing sent', async () => {
    const cls = await newClass(semesterId);
    const answer = await call(
      'sendMessage',
      { messageId: crypto.randomUUID(), audience: { kind: 'class', id: cls.id }, subject: 'Hello', text: 'Hi' },
      admin.accessToken,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe(`Nobody is in ${cls.name} yet: there is no family to write to.`);
  });
});

test('a meeting cancelled for weather: the calendar and its feed show it cancelled, and each family is told once', async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const meetings = [
    { date: day(40), start: '09:00', end: '13:00' },
    { date: day(47), start: '09:00', end: '13:00' },
  ];
  const cls = await newClass(semesterId, { name: `Ice Climbing ${Date.now()}`, meetings });
  const siblings = await familyWithStudents(2, 'weather');
  for (const student of siblings.students) await enrolled(siblings.family, { studentId: student.id, classId: cls.id });
  const cancel = {
    classId: cls.id,
    date: meetings[1]!.date,
    start: '09:00',
    note: 'The road to the ice park is closed by snow.',
  };
  await data('cancelMeeting', cancel, admin.accessToken);

  const { events } = await data<{ events: Array<{ classId: string; start: string; cancelled?: boolean }> }>(
    'calendar',
    { from: day(39), to: day(48) },
  );
  expect(events.filter((event) => event.classId === cls.id)).toEqual([
    expect.not.objectContaining({ cancelled: true }),
    expect.objectContaining({ start: `${meetings[1]!.date}T09:00`, cancelled: true }),
  ]);
  const feed = await (await fetch(`${portalUrl()}/api/calendar.ics?classId=${cls.id}`)).text();
  expect(feed).toContain(`STATUS:CANCELLED\r\nSUMMARY:Cancelled: ${cls.name}`);
  expect(feed.match(/STATUS:CANCELLED/g)).toHaveLength(1);

  const mail = await waitForMail(siblings.family.email, new RegExp(`^Cancelled on \\w{3}, \\w{3} \\d+: ${cls.name}$`));
  expect(mail.text).toContain('The road to the ice park is closed by snow.');
  expect(mail.text).toContain('(cancelled)');
  expect(mail.text).toContain('because Child1 Tester and Child2 Tester are in');
  expect((await settledMailTo(siblings.family.email)).filter((m) => m.subject.startsWith('Cancelled on'))).toHaveLength(
    1,
  );

  // Cancelled once: again is refused; a save of the class from its form keeps it cancelled and tells nobody.
  expect((await call('cancelMeeting', cancel, admin.accessToken)).body.error?.message).toBe(
    'This meeting is cancelled already.',
  );
  // A meeting the class does not have is named as the site writes a day and a time.
  expect((await call('cancelMeeting', { ...cancel, start: '14:30' }, admin.accessToken)).body.error?.message).toBe(
    `${cls.name} has no meeting on ${dateLabel(cancel.date)} at 2:30 PM.`,
  );
  await data('saveClass', saveInput(await classOf(cls.id), {}), admin.accessToken);
  expect((await classOf(cls.id)).meetings[1]).toMatchObject({ cancelled: true });
});

describe('reminders before a class starts', () => {
  const remindersAt = (time: Date) => runScheduleAt<{ asked: number; resent: number }>('reminders', time);

  test('two days before the first meeting, once per child and class, with the schedule and what to bring', async () => {
    const first = new Date(Date.now() + 30 * 86_400_000);
    const date = first.toISOString().slice(0, 10);
    const cls = await newClass(semesterId, {
      name: `Avalanche Safety ${Date.now()}`,
      meetings: [{ date, start: '09:00', end: '12:00' }],
      whatToBring: 'Beacon, probe and shovel',
    });
    const siblings = await familyWithStudents(2, 'reminded');
    for (const student of siblings.students)
      await enrolled(siblings.family, { studentId: student.id, classId: cls.id });

    // Three days before: not yet. Two days before (a run at 07:00 UTC): one reminder per child. Again later: none.
    await remindersAt(new Date(`${new Date(first.getTime() - 3 * 86_400_000).toISOString().slice(0, 10)}T07:00:00Z`));
    expect((await settledMailTo(siblings.family.email)).filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);
    const due = new Date(`${new Date(first.getTime() - 2 * 86_400_000).toISOString().slice(0, 10)}T07:00:00Z`);
    expect((await remindersAt(due)).asked).toBeGreaterThanOrEqual(2);
    expect((await remindersAt(new Date(due.getTime() + 3_600_000))).asked).toBe(0);

    const mail = await waitForMail(
      siblings.family.email,
      new RegExp(`^Reminder: ${cls.name} starts \\w{3}, \\w{3} \\d+$`),
    );
    expect(mail.text).toContain('the first meeting of');
    expect(mail.text).toContain('What to bring: Beacon, probe and shovel');
    expect(mail.text).toContain('Choose which e-mails you get');
    const reminders = (await settledMailTo(siblings.family.email)).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders.map((m) => /^(Child\d) Tester starts/.exec(m.text)?.[1]).sort()).toEqual(['Child1', 'Child2']);
  });
});

test('an address that bounced for good is not written to again, is shown to administrators and to the family, and can be cleared', async () => {
  // SES's mailbox simulator: a send to bounce@… is accepted, then bounces for good (locally too).
  const family = await signUpFamily('bounce', `bounce+${crypto.randomUUID().slice(0, 8)}@simulator.amazonses.com`);
  const student = await addStudent(family);
  const cls = await newClass(semesterId);
  await enrolled(family, { studentId: student.id, classId: cls.id });
  await waitForMail(family.email, `Enrolled: Alex Tester in ${cls.name}`);
  type Status = { addresses: Array<{ email: string; receives: boolean; reason?: string }> };
  let status = await data<Status>('myMailStatus', {}, family.accessToken);
  for (const deadline = Date.now() + 10_000; status.addresses[0]?.receives; ) {
    if (Date.now() > deadline) throw new Error('The bounce was not recorded within 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    status = await data<Status>('myMailStatus', {}, family.accessToken);
  }
  expect(status.addresses).toEqual([
    { email: family.email, receives: false, reason: 'bounce', since: expect.any(String) },
  ]);
  const { suppressions } = await data<{ suppressions: Array<{ email: string; reason: string; detail: string }> }>(
    'mailSuppressions',
    {},
    admin.accessToken,
  );
  expect(suppressions).toContainEqual({
    email: family.email,
    reason: 'bounce',
    detail: expect.stringContaining('550'),
    at: expect.any(String),
  });

  // The cancellation is not sent to an address that bounced.
  await data('cancelEnrollment', { enrollmentId: `${cls.id}~${student.id}` }, family.accessToken);
  expect((await settledMailTo(family.email)).map((m) => m.subject)).toEqual([`Enrolled: Alex Tester in ${cls.name}`]);

  await data('clearSuppression', { email: family.email }, admin.accessToken);
  expect((await data<Status>('myMailStatus', {}, family.accessToken)).addresses[0]?.receives).toBe(true);
  expect((await call('clearSuppression', { email: family.email }, admin.accessToken)).status).toBe(404);
});

test('a family that switched reminders and messages off gets neither, and still every change of its enrollments', async () => {
  const first = new Date(Date.now() + 60 * 86_400_000);
  const cls = await newClass(semesterId, {
    name: `Quiet Class ${Date.now()}`,
    meetings: [{ date: first.toISOString().slice(0, 10), start: '09:00', end: '12:00' }],
  });
  const quiet = await familyWithStudents(1, 'quiet');
  await enrolled(quiet.family, { studentId: quiet.students[0]!.id, classId: cls.id });
  await waitForMail(quiet.family.email, `Enrolled: Child1 Tester in ${cls.name}`);
  expect(
    await data('saveMailPreferences', { reminders: false, announcements: false }, quiet.family.accessToken),
  ).toEqual({ optional: { reminders: false, announcements: false, enrollmentChanges: true, checkOuts: true } });
  expect(await data('myMailStatus', {}, quiet.family.accessToken)).toMatchObject({
    optional: { reminders: false, announcements: false },
  });

  const audience = { kind: 'class', id: cls.id };
  expect(await data('messageAudience', { audience }, admin.accessToken)).toMatchObject({ families: 0, switchedOff: 1 });
  const messageId = crypto.randomUUID();
  await data('sendMessage', { messageId, audience, subject: 'Quiet news', text: 'Hello.' }, admin.accessToken);
  const due = new Date(`${new Date(first.getTime() - 2 * 86_400_000).toISOString().slice(0, 10)}T07:00:00Z`);
  await runScheduleAt('reminders', due);
  await data('cancelEnrollment', { enrollmentId: `${cls.id}~${quiet.students[0]!.id}` }, quiet.family.accessToken);
  await waitForMail(quiet.family.email, `Cancelled: Child1 Tester in ${cls.name}`);
  expect((await settledMailTo(quiet.family.email)).map((m) => m.subject)).toEqual([
    `Enrolled: Child1 Tester in ${cls.name}`,
    `Cancelled: Child1 Tester in ${cls.name}`,
  ]);
  const { messages } = await data<{ messages: Array<Record<string, unknown>> }>(
    'messages',
    { semesterId },
    admin.accessToken,
  );
  expect(messages.find((message) => message.id === messageId)).toMatchObject({ recipients: 1, sent: 0, skipped: 1 });
});
