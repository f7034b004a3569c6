// Waitlist offers (a semester in offers mode): a freed seat is held for the first family waiting until it
// accepts, declines or the deadline lapses (the offers schedule, run here at a later moment to move the
// clock); then it goes to the next. Through the local gateway against DynamoDB Local.
import type { Class, Enrollment, NamedEnrollment, Semester } from '../../lambdas/contract/records';
import { adminSession, classNow, familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { call, data, runScheduleAt, waitForMail, type SignedIn } from '../support/portal';

const HOUR_MS = 3_600_000;
/** The tests that let offers lapse give one hour; the others the most, so a moved clock never reaches theirs. */
const LAPSING = { waitlistMode: 'offers', offerHours: 1 } as const;
const LASTING = { waitlistMode: 'offers', offerHours: 336 } as const;

interface Waiting {
  family: SignedIn;
  studentId: string;
  enrollmentId: string;
}

const mine = async (family: SignedIn) =>
  (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken)).enrollments;
const entryOf = async ({ family, enrollmentId }: Waiting) =>
  (await mine(family)).find((entry) => entry.id === enrollmentId)!;

const offersAt = (time: Date) => runScheduleAt<{ lapsed: number; failed: number }>('offers', time);

/** A child of a new family in `cls`: enrolled while seats last, then waiting. */
async function joins(cls: Pick<Class, 'id'>, name: string): Promise<Waiting> {
  const { family, students } = await familyWithStudents(1, name);
  const studentId = students[0]!.id;
  await data('enroll', { studentId, classId: cls.id }, family.accessToken);
  return { family, studentId, enrollmentId: `${cls.id}~${studentId}` };
}

/** A full class of one seat in a semester of `mode`, with its enrolled child and `waiting` children in line. */
async function fullClass(mode: Partial<Semester>, waiting: number) {
  const semester = await openSemester(mode);
  const cls = await newClass(semester.id, { capacity: 1 });
  const seated = await joins(cls, 'seated');
  const line: Waiting[] = [];
  for (let index = 0; index < waiting; index += 1) line.push(await joins(cls, `waiting${index}`));
  return { semester, cls, seated, line };
}

const cancel = ({ family, enrollmentId }: Waiting) =>
  call<{ enrollment: Enrollment }>('cancelEnrollment', { enrollmentId }, family.accessToken);
const accept = ({ family, enrollmentId }: Waiting) =>
  call<{ enrollments: Enrollment[] }>('acceptOffer', { enrollmentId }, family.accessToken);

describe('a seat freed in offers mode', () => {
  test('is held for the first family waiting, which is written to with the deadline, accepts and is enrolled; a newcomer meanwhile waits', async () => {
    const { cls, seated, line } = await fullClass(LASTING, 2);
    const [first, second] = line as [Waiting, Waiting];
    const before = Date.now();
    expect((await cancel(seated)).status).toBe(200);

    const offer = await entryOf(first);
    expect(offer).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const deadline = Date.parse(offer.offerExpiresAt!);
    expect(deadline).toBeGreaterThanOrEqual(before + 336 * HOUR_MS);
    expect(deadline).toBeLessThan(Date.now() + 336 * HOUR_MS);
    expect(await entryOf(second)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect((await entryOf(second)).offerExpiresAt).toBeUndefined();
    // The seat is held: the class is full, and a newcomer joins the line.
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 2, seatsLeft: 0 });
    const newcomer = await joins(cls, 'newcomer');
    expect(await entryOf(newcomer)).toMatchObject({ status: 'waitlisted', waitlistPosition: 3 });

    const waiting = await waitForMail(second.family.email, `Waitlisted: Child1 Tester for ${cls.name} (position 2)`);
    expect(waiting.text).toContain('accept it on My Enrollments within 336 hours');
    const mail = await waitForMail(first.family.email, new RegExp(`^A seat is offered: Child1 Tester in ${cls.name}`));
    expect(mail.text).toContain('Accept or decline the seat');
    expect(mail.subject).toMatch(/until \w{3}, \w{3} \d+, \d{4}, \d{1,2}:\d\d [AP]M M[SD]T$/);

    // Another family cannot accept it; the family can, once.
    expect((await call('acceptOffer', { enrollmentId: first.enrollmentId }, second.family.accessToken)).status).toBe(
      404,
    );
    const accepted = await accept(first);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data?.enrollments).toEqual([expect.objectContaining({ status: 'enrolled' })]);
    expect((await entryOf(first)).offerExpiresAt).toBeUndefined();
    expect(await entryOf(second)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 2 });
    await waitForMail(first.family.email, `Enrolled: Child1 Tester in ${cls.name}`);
    expect((await accept(first)).body.error?.message).toBe('This seat is already taken: enrolled.');
  });

  test('declined (the family leaves the line), goes to the next family waiting; positions close up', async () => {
    const { cls, seated, line } = await fullClass(LASTING, 3);
    const [first, second, third] = line as [Waiting, Waiting, Waiting];
    await cancel(seated);
    expect((await entryOf(first)).offerExpiresAt).toBeDefined();

    expect((await cancel(first)).status).toBe(200);
    expect(await entryOf(first)).toMatchObject({ status: 'cancelled' });
    expect(await entryOf(second)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await entryOf(second)).offerExpiresAt).toBeDefined();
    expect(await entryOf(third)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 2 });
    expect((await accept(first)).body.error?.message).toBe(
      'No seat is offered for this enrollment: the offer lapsed or was declined.',
    );
    // A child waiting without an offer has nothing to accept.
    expect((await accept(third)).status).toBe(409);
  });

  test('given nobody waiting after a decline, the seat is free again and the next to enroll takes it', async () => {
    const { cls, seated, line } = await fullClass(LASTING, 1);
    await cancel(seated);
    await cancel(line[0]!);
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 0, waitlisted: 0 });
    expect(await entryOf(await joins(cls, 'newcomer'))).toMatchObject({ status: 'enrolled' });
  });

  test('lapses at its deadline when the schedule runs (the clock moved): the next family is offered the seat, the lapsed one is written to', async () => {
    const { cls, seated, line } = await fullClass(LAPSING, 2);
    const [first, second] = line as [Waiting, Waiting];
    await cancel(seated);
    const deadline = new Date((await entryOf(first)).offerExpiresAt!);

    // A minute early: nothing lapses.
    await offersAt(new Date(deadline.getTime() - 60_000));
    expect((await entryOf(first)).offerExpiresAt).toBe(deadline.toISOString());

    await offersAt(deadline);
    expect(await entryOf(first)).toMatchObject({ status: 'cancelled' });
    expect(await entryOf(second)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await entryOf(second)).offerExpiresAt).toBeDefined();
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 1 });
    await waitForMail(first.family.email, `Offer lapsed: Child1 Tester in ${cls.name}`);
    await waitForMail(second.family.email, new RegExp(`^A seat is offered: Child1 Tester in ${cls.name}`));

    // Once the last offer lapses too with nobody left waiting, the seat is free.
    await offersAt(new Date(Date.parse((await entryOf(second)).offerExpiresAt!)));
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 0, waitlisted: 0, seatsLeft: 1 });
  });
});

describe('seats freed at the same moment', () => {
  test('two cancellations at once offer the two seats to the first two waiting, each once; the third waits', async () => {
    const semester = await openSemester(LASTING);
    const cls = await newClass(semester.id, { capacity: 2 });
    const seated = [await joins(cls, 'seated0'), await joins(cls, 'seated1')];
    const line = [await joins(cls, 'waiting0'), await joins(cls, 'waiting1'), await joins(cls, 'waiting2')];
    const answers = await Promise.all(seated.map(cancel));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const offers = await Promise.all(line.map(entryOf));
    expect(offers.map((entry) => entry.offerExpiresAt !== undefined)).toEqual([true, true, false]);
    expect(offers.map((entry) => entry.waitlistPosition)).toEqual([1, 2, 3]);
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 2, waitlisted: 3, seatsLeft: 0 });
  });
});

describe('an accept at the second the deadline lapses', () => {
  /** An offer, and the moment its deadline passes by the schedule's clock. */
  async function offered() {
    const { cls, seated, line } = await fullClass(LAPSING, 2);
    await cancel(seated);
    return { cls, line: line as [Waiting, Waiting], deadline: new Date((await entryOf(line[0]!)).offerExpiresAt!) };
  }

  test('the schedule first: the offer lapsed, and the accept is refused', async () => {
    const { line, deadline } = await offered();
    expect((await offersAt(deadline)).lapsed).toBeGreaterThanOrEqual(1);
    const late = await accept(line[0]);
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe('No seat is offered for this enrollment: the offer lapsed or was declined.');
    expect(await entryOf(line[0])).toMatchObject({ status: 'cancelled' });
    expect((await entryOf(line[1])).offerExpiresAt).toBeDefined();
  });

  test('the accept first: enrolled, and the schedule lapses nothing of it', async () => {
    const { cls, line, deadline } = await offered();
    expect((await accept(line[0])).status).toBe(200);
    await offersAt(deadline);
    expect(await entryOf(line[0])).toMatchObject({ status: 'enrolled' });
    expect(await entryOf(line[1])).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await entryOf(line[1])).offerExpiresAt).toBeUndefined();
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 1 });
  });

  test('both at once: exactly one outcome, and the seat is held once', async () => {
    const { cls, line, deadline } = await offered();
    const [accepted] = await Promise.all([accept(line[0]), offersAt(deadline)]);
    const first = await entryOf(line[0]);
    const second = await entryOf(line[1]);
    if (accepted.status === 200) {
      expect(first.status).toBe('enrolled');
      expect(second.offerExpiresAt).toBeUndefined();
    } else {
      expect(accepted.status).toBe(409);
      expect(first.status).toBe('cancelled');
      expect(second.offerExpiresAt).toBeDefined();
    }
    expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 1 });
  });
});

describe('a group waiting in offers mode', () => {
  test('is offered a seat in every class of its group or none; accepting enrolls it in all, lapsing frees all', async () => {
    const semester = await openSemester(LAPSING);
    const [rock, ice] = [await newClass(semester.id, { capacity: 1 }), await newClass(semester.id, { capacity: 1 })];
    const group = await newGroup(semester.id, [rock.id, ice.id]);
    const onRock = await joins(rock, 'rock');
    const onIce = await joins(ice, 'ice');
    const { family, students } = await familyWithStudents(1, 'group');
    const studentId = students[0]!.id;
    await data('enroll', { studentId, groupId: group.id }, family.accessToken);
    const single = await joins(rock, 'single');
    const grouped: Waiting = { family, studentId, enrollmentId: `${rock.id}~${studentId}` };

    // A seat frees in one class only: the group cannot have both, so the next child in that line is offered it.
    await cancel(onRock);
    expect((await entryOf(grouped)).offerExpiresAt).toBeUndefined();
    expect((await entryOf(single)).offerExpiresAt).toBeDefined();
    await cancel(single);
    // Both free now (the declined seat and the ice seat): the group is offered both, with one deadline.
    await cancel(onIce);
    const both = (await mine(family)).filter((entry) => entry.groupId === group.id);
    expect(both).toHaveLength(2);
    expect(new Set(both.map((entry) => entry.offerExpiresAt)).size).toBe(1);
    expect(both[0]!.offerExpiresAt).toBeDefined();
    expect(await classNow(rock.id)).toMatchObject({ enrolled: 1, seatsLeft: 0 });
    expect(await classNow(ice.id)).toMatchObject({ enrolled: 1, seatsLeft: 0 });

    await offersAt(new Date(both[0]!.offerExpiresAt!));
    expect((await mine(family)).filter((entry) => entry.groupId === group.id).map((entry) => entry.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(await classNow(rock.id)).toMatchObject({ enrolled: 0, waitlisted: 0 });
    expect(await classNow(ice.id)).toMatchObject({ enrolled: 0, waitlisted: 0 });
  });
});

describe('the semester setting', () => {
  test('an administrator saves the mode and the hours; out-of-range hours are refused', async () => {
    const semester = await openSemester(LASTING);
    const { semesters } = await data<{ semesters: Semester[] }>('semesters');
    expect(semesters.find((s) => s.id === semester.id)).toMatchObject({ waitlistMode: 'offers', offerHours: 336 });
    const admin = (await adminSession()).accessToken;
    const tooLong = await call('saveSemester', { ...semester, offerHours: 337 }, admin);
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body.error)).toContain('must be 1 to 336 hours');
    const unknown = await call('saveSemester', { ...semester, waitlistMode: 'lottery' }, admin);
    expect(unknown.status).toBe(400);
  });
});
