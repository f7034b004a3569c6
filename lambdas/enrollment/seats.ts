// The seat executor: every change of seats but a new enrollment (cancellations, an administrator's
// promotions, moves and saves of a class) is made here the same way. It reads the view the command needs
// (strongly consistent), plans it (seatPlan/, a pure function), and commits the plan's writes in one
// DynamoDB transaction (seatTransaction.ts): the class's counts, the enrollments, the student's and the
// family's counts, the audit trail and the e-mails it calls for, each under a condition on what was read.
// When a condition fails (somebody else changed an item meanwhile), it reads and plans again: the view then
// shows what changed, so the planner refuses (in the words the refusal always had), or recognizes this very
// call's earlier write (a try whose answer was lost), or plans anew. Contention inside DynamoDB is retried by
// `transactWrite` with one token. After MAX_PLANS plans the portal is too busy, and nothing is changed.
// New enrollments are decided by the allocator (allocator.ts), in arrival order, with the same planner.
import { randomUUID } from 'node:crypto';
import type { Class, Semester } from '../contract/records';
import { portalBusy } from '../contract/errors';
import { transactWrite } from '../platform/transact';
import { classesNow } from '../catalogue/classes';
import { classEnrollments, enrollmentsOfStudent, holdsSeat, type StoredEnrollment } from './enrollments';
import { getProfile, type StoredProfile } from '../families/families';
import type { StoredLotteryRequest } from '../lottery/records/lotteryRequests';
import { present, seatKeptFor, type OutcomeOf, type SeatCommand, type SeatView } from './seatPlan/core';
import { plan } from './seatPlan/plan';
import { seatTransaction } from './seatTransaction';
import { getSemester } from '../catalogue/semesters';
import { getStudent, studentEntity, type StoredStudent } from '../families/students';

/** How many times a change is planned again after somebody else changed the same items first. */
export const MAX_PLANS = 10;

/**
 * The changes of seats the executor makes (the allocator makes new enrollments, a lottery's publication
 * writes its draw: lotteryPublication.ts).
 */
export type SeatChange = Exclude<SeatCommand, { kind: 'enroll' | 'lottery' }>;

/** Makes a change of seats: its outcome, or its refusal (a PortalError); 429 when the classes keep changing. */
export async function changeSeats<C extends SeatChange>(asked: C): Promise<OutcomeOf<C>> {
  let command = asked;
  // Written on every enrollment this call changes: a try whose answer was lost is recognized by it.
  const token = randomUUID();
  for (let plans = 0; plans < MAX_PLANS; ) {
    const now = new Date().toISOString();
    const planned = plan(await readView(command), command, { now, token });
    if ('refusal' in planned) throw planned.refusal;
    if (planned.writes.length === 0) return planned.outcome;
    const { committed } = await transactWrite(seatTransaction(planned.writes, now).items);
    if (committed && !planned.more) return planned.outcome;
    // A committed step of a change that goes on is progress, not a plan that failed; the families were told
    // of a class's save by its first step.
    if (!committed) plans += 1;
    else if (command.kind === 'saveClass') command = { ...command, notice: undefined };
  }
  throw portalBusy('the seats kept changing while the change was planned');
}

/**
 * The view a command is planned from: the enrollments it names (with every enrollment of their groups), the
 * student and family it changes, the waitlists of the classes where it releases seats (with every enrollment
 * of the groups waiting there), and the classes of all of them.
 */
async function readView(command: SeatChange): Promise<SeatView> {
  const view = new ViewReader();
  if (command.kind === 'saveClass') {
    await Promise.all([view.readClasses([command.classId]), command.promote && view.readWaitlists([command.classId])]);
  } else {
    const { enrollment } = command;
    const destination = command.kind === 'move' ? [command.toClassId] : [];
    await Promise.all([
      view.readEnrollments(enrollment.studentId, [
        ...(enrollment.groupClassIds ?? [enrollment.classId]),
        ...destination,
        // The move that may wait for a seat there already (one waiting move per seat).
        ...(command.kind === 'move' && enrollment.movingTo ? [enrollment.movingTo] : []),
      ]),
      command.kind !== 'promote' && view.readStudent(enrollment),
      command.kind === 'move' && view.readFamily(enrollment.familyId),
    ]);
    // Its group as stored now, should it name other classes.
    await view.readGroups([...view.enrollments.values()]);
    // The seats it may release: those its enrollments hold, offered ones too (a promotion releases none).
    const held = [...view.enrollments.values()].filter(
      (entry) => holdsSeat(entry) && !destination.includes(entry.classId),
    );
    const releases = command.kind !== 'promote' && command.kind !== 'accept';
    await Promise.all([
      view.readClasses([...[...view.enrollments.values()].map((entry) => entry.classId), ...destination]),
      releases && view.readWaitlists(held.map((entry) => entry.classId)),
    ]);
  }
  await view.readKeptSeats();
  await Promise.all([
    view.readGroups([...view.waitlists.values()].flat()),
    // A waiting child is seated only while in the grades of its classes.
    view.readStudents([...view.waitlists.values()].flat()),
  ]);
  // Their semesters say whether a seat released is offered or given (offers mode).
  await view.readSemesters([...view.classes.values()].map((cls) => cls.semesterId));
  return view;
}

/** A view read part by part: each item is read once. */
class ViewReader implements SeatView {
  readonly classes = new Map<string, Class>();
  readonly enrollments = new Map<string, StoredEnrollment>();
  readonly waitlists = new Map<string, StoredEnrollment[]>();
  readonly students = new Map<string, StoredStudent>();
  readonly families = new Map<string, StoredProfile>();
  readonly semesters = new Map<string, Semester>();
  /** A change of seats reads no lottery request (a lottery's publication does). */
  readonly lotteryRequests = new Map<string, StoredLotteryRequest>();
  private readonly asked = new Set<string>();

  private firstAsk(key: string): boolean {
    if (this.asked.has(key)) return false;
    this.asked.add(key);
    return true;
  }

  async readClasses(ids: string[]) {
    const unread = [...new Set(ids)].filter((id) => this.firstAsk(`class ${id}`));
    if (unread.length) for (const [id, cls] of await classesNow(unread)) this.classes.set(id, cls);
  }

  async readEnrollments(studentId: string, classIds: string[]) {
    const unread = classIds.filter((classId) => this.firstAsk(`enrollment ${classId}~${studentId}`));
    if (unread.length) for (const entry of await enrollmentsOfStudent(studentId, unread)) this.keep(entry);
  }

  /** Every enrollment of the groups of `entries` (group entries), and the classes of those groups. */
  async readGroups(entries: StoredEnrollment[]) {
    const grouped = entries.filter((entry) => entry.groupClassIds);
    await Promise.all([
      ...grouped.map((entry) => this.readEnrollments(entry.studentId, entry.groupClassIds!)),
      this.readClasses(grouped.flatMap((entry) => entry.groupClassIds!)),
    ]);
  }

  async readWaitlists(classIds: string[]) {
    const unread = [...new Set(classIds)].filter((classId) => this.firstAsk(`waitlist ${classId}`));
    await Promise.all(
      unread.map(async (classId) => {
        const { all, waitlist } = await classEnrollments(classId);
        for (const entry of all) this.keep(entry);
        this.waitlists.set(classId, waitlist);
      }),
    );
  }

  /**
   * The seats that the waiting moves read keep, with their classes and waitlists, as far as the moves lead: a
   * move made gives up its seat, and the first in line there may be a waiting move too.
   */
  async readKeptSeats() {
    for (;;) {
      const moves = [...this.enrollments.values()].filter(
        (entry) => entry.status === 'waitlisted' && entry.movingFrom && this.firstAsk(`kept seat of ${entry.id}`),
      );
      if (moves.length === 0) return;
      await Promise.all(moves.map((move) => this.readEnrollments(move.studentId, [move.movingFrom!])));
      const classIds = present(moves.map((move) => seatKeptFor(this, move)?.classId));
      await Promise.all([this.readClasses(classIds), this.readWaitlists(classIds)]);
    }
  }

  async readSemesters(ids: string[]) {
    const unread = [...new Set(ids)].filter((id) => this.firstAsk(`semester ${id}`));
    for (const semester of await Promise.all(unread.map((id) => getSemester(id))))
      if (semester) this.semesters.set(semester.id, semester);
  }

  async readStudent({ familyId, studentId }: Pick<StoredEnrollment, 'familyId' | 'studentId'>) {
    const student = await getStudent(familyId, studentId);
    if (student) this.students.set(studentId, student);
  }

  /** The students of waiting enrollments, in one batch read (strongly consistent). */
  async readStudents(entries: StoredEnrollment[]) {
    const unread = [...new Map(entries.map((entry) => [entry.studentId, entry])).values()].filter((entry) =>
      this.firstAsk(`student ${entry.studentId}`),
    );
    if (!unread.length) return;
    const students = await studentEntity.getMany(
      unread.map(({ familyId, studentId }) => ({ familyId, id: studentId })),
      { consistent: true },
    );
    for (const student of students) this.students.set(student.id, student);
  }

  async readFamily(familyId: string) {
    const profile = await getProfile(familyId);
    if (profile) this.families.set(familyId, profile);
  }

  private keep(entry: StoredEnrollment) {
    this.asked.add(`enrollment ${entry.id}`);
    this.enrollments.set(entry.id, entry);
  }
}
