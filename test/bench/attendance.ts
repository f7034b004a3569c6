// The class day's sync (`npm run bench -- attendance`): 60 classes' instructors send a day's marks at once, as
// their phones do when signal returns (about 1,500 children, 4 marks each: present, check-in, check-out to a
// pick-up adult, and the same child marked present again from a second phone), in turns of MAX_MARKS_PER_CALL,
// and each phone sends one of its turns a second time, as after an answer lost on the way. Then the office's
// meetingAttendance of every class must hold every mark exactly once. BENCH_ATTENDANCE_CLASSES (60) and
// BENCH_ATTENDANCE_CHILDREN (25 a class) shape it.
import { randomUUID } from 'node:crypto';
import { MAX_MARKS_PER_CALL, type ChildAttendance, type MarkOutcome } from '../../lambdas/contract/classDay';
import type { Class, Student } from '../../lambdas/contract/records';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait, signUpFamily, type SignedIn } from '../support/portal';
import { percentile, table } from './stats';

const CLASSES = Number(process.env.BENCH_ATTENDANCE_CLASSES ?? 60);
const CHILDREN = Number(process.env.BENCH_ATTENDANCE_CHILDREN ?? 25);
const CHILDREN_A_FAMILY = 3;
const PICK_UP_ADULT = 'Robin Tester';
const MEETING_DAY = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);

export interface AttendanceRun {
  classes: number;
  children: number;
  marks: number;
  calls: number;
  /** Calls answered anything but 200, by status. */
  errors: Record<string, number>;
  /** Marks the resent turns were answered `recorded` for (must be 0: they were recorded by the first send). */
  recordedTwice: number;
  /** Events the office reads beyond the marks made (must be 0), and marks it does not read (must be 0). */
  doubled: number;
  missing: number;
  latenciesMs: number[];
  wallMs: number;
}

/** Runs `work` over `items`, `width` at a time. */
async function inTurns<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Families of three, their children seated in the classes (CHILDREN each), every child with one pick-up adult. */
async function seatedChildren(classes: Class[]): Promise<Map<string, Student[]>> {
  const seats = classes.flatMap((cls) => Array.from({ length: CHILDREN }, () => cls));
  const families = await inTurns(
    Array.from({ length: Math.ceil(seats.length / CHILDREN_A_FAMILY) }, (_, index) => index),
    20,
    () => signUpFamily('class-day'),
  );
  const roster = new Map<string, Student[]>(classes.map((cls) => [cls.id, []]));
  await inTurns(
    seats.map((cls, seat) => ({ cls, seat, family: families[Math.floor(seat / CHILDREN_A_FAMILY)]! })),
    100,
    async ({ cls, seat, family }) => {
      // Siblings are told apart by name: a family may not add the same child twice.
      const student = await addStudent(family, {
        firstName: `Child${seat}`,
        pickupAdults: [{ name: PICK_UP_ADULT, relationship: 'aunt', phone: '+1 555 010 0101' }],
      });
      const answer = await enrollAndWait({ studentId: student.id, classId: cls.id }, family.accessToken);
      if (answer.status !== 200 || answer.body.data?.enrollments[0]?.status !== 'enrolled')
        throw new Error(`A child was not seated for the benchmark: ${JSON.stringify(answer.body)}`);
      roster.get(cls.id)!.push(student);
    },
  );
  return roster;
}

async function instructorOf(cls: Class, admin: string): Promise<SignedIn> {
  const instructor = await signUpFamily('instructor');
  await data('inviteInstructor', { email: instructor.email, classIds: [cls.id] }, admin);
  await data('acceptInstructorInvitation', {}, instructor.accessToken);
  return instructor;
}

/** A class's day as its phones made it: each child's four marks, a minute apart per kind. */
function dayOfMarks(cls: Class, children: Student[]) {
  const start = Date.now() - 4 * 3_600_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const mark = (studentId: string, minutes: number, deviceId: string) => ({
    key: randomUUID(),
    classId: cls.id,
    date: MEETING_DAY,
    studentId,
    at: at(minutes),
    deviceId,
  });
  return children.flatMap((child) => [
    { ...mark(child.id, 0, 'phone-1'), kind: 'checkIn' as const },
    { ...mark(child.id, 1, 'phone-1'), kind: 'present' as const },
    { ...mark(child.id, 2, 'phone-2'), kind: 'present' as const },
    { ...mark(child.id, 180, 'phone-1'), kind: 'checkOut' as const, pickedUpBy: PICK_UP_ADULT },
  ]);
}

export async function attendanceSync(): Promise<AttendanceRun> {
  const admin = (await adminSession()).accessToken;
  const semesterId = (await openSemester({ name: `Class day bench ${Date.now()}` })).id;
  const classes = await inTurns(
    Array.from({ length: CLASSES }, (_, index) => index),
    10,
    (index) =>
      newClass(semesterId, {
        name: `Class day ${index + 1}`,
        capacity: CHILDREN,
        meetings: [{ date: MEETING_DAY, start: '09:00', end: '12:00' }],
      }),
  );
  const roster = await seatedChildren(classes);
  const instructors = await inTurns(classes, 10, (cls) => instructorOf(cls, admin));

  const latenciesMs: number[] = [];
  const errors: Record<string, number> = {};
  let recordedTwice = 0;
  let calls = 0;
  const send = async (instructor: SignedIn, marks: unknown[]) => {
    const started = performance.now();
    const answer = await call<{ marks: MarkOutcome[] }>('recordAttendance', { marks }, instructor.accessToken);
    latenciesMs.push(performance.now() - started);
    calls += 1;
    if (answer.status !== 200) errors[answer.status] = (errors[answer.status] ?? 0) + 1;
    // Every mark of the bench is one the day allows: a refused one is an error too.
    const refused = (answer.body.data?.marks ?? []).filter((outcome) => outcome.outcome === 'refused').length;
    if (refused) errors.refused = (errors.refused ?? 0) + refused;
    return answer.body.data?.marks ?? [];
  };
  const made = classes.map((cls) => dayOfMarks(cls, roster.get(cls.id)!));
  const started = performance.now();
  await Promise.all(
    classes.map(async (_, index) => {
      const marks = made[index]!;
      const turns = Array.from({ length: Math.ceil(marks.length / MAX_MARKS_PER_CALL) }, (_, turn) =>
        marks.slice(turn * MAX_MARKS_PER_CALL, (turn + 1) * MAX_MARKS_PER_CALL),
      );
      for (const turn of turns) await send(instructors[index]!, turn);
      // The first turn again, as after an answer that never reached the phone.
      const again = await send(instructors[index]!, turns[0]!);
      recordedTwice += again.filter((outcome) => outcome.outcome === 'recorded').length;
    }),
  );
  const wallMs = performance.now() - started;

  let doubled = 0;
  let missing = 0;
  for (const [index, cls] of classes.entries()) {
    const { children } = await data<{ children: ChildAttendance[] }>(
      'meetingAttendance',
      { classId: cls.id, date: MEETING_DAY },
      admin,
    );
    const read: string[] = children.flatMap((child) => child.events.map((event) => event.key));
    const keys = new Set<string>(made[index]!.map((mark) => mark.key));
    doubled += read.length - new Set(read).size + read.filter((key) => !keys.has(key)).length;
    missing += [...keys].filter((key) => !read.includes(key)).length;
  }
  return {
    classes: CLASSES,
    children: CLASSES * CHILDREN,
    marks: made.flat().length,
    calls,
    errors,
    recordedTwice,
    doubled,
    missing,
    latenciesMs,
    wallMs,
  };
}

export function attendanceReport(run: AttendanceRun): string {
  const errors = Object.entries(run.errors).map(([status, count]) => `${count} × ${status}`);
  return `The class day's sync: ${run.classes} classes' instructors send ${run.marks} marks of ${run.children} children at once\n${table(
    [
      ['', ''],
      ['calls (turns of 25, one sent twice a phone)', String(run.calls)],
      ['calls answered with an error', errors.length ? errors.join(', ') : '0'],
      ['marks of a resent turn recorded again', String(run.recordedTwice)],
      ['events doubled / missing in the office view', `${run.doubled} / ${run.missing}`],
      [
        'call latency p50 / p95 / max',
        `${[50, 95, 100].map((p) => `${(percentile(run.latenciesMs, p) / 1000).toFixed(2)} s`).join(' / ')}`,
      ],
      [
        'all phones synced in',
        `${(run.wallMs / 1000).toFixed(1)} s (${Math.round(run.marks / (run.wallMs / 1000))} marks/s)`,
      ],
    ],
  )}`;
}
