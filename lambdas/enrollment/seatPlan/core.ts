// What every seat planner shares: the view read, the commands and their outcomes, the writes a plan is made of
// and their transaction items, and the promotion of waiting students into the seats a change releases.
import {
  offerHoursOf,
  type Class,
  type ClassGroup,
  type EnrollmentStatus,
  type LotteryChoice,
  type LotteryRequest,
  type Semester,
} from '../../contract/records';
import type { Actor } from '../../platform/caller';
import type { PortalError } from '../../contract/errors';
import { decisionItems, type SeatCounts } from '../allocation';
import type { AuditReason } from '../audit';
import type { AcceptedPolicies, ReadinessRules } from '../childReadiness';
import type { ClassEdit } from '../../catalogue/classes';
import type { Decision, EnrollmentRequest } from '../enrollmentRequests';
import { enrollmentIdOf, holdsSeat, waitingMove, type StoredEnrollment } from '../enrollments';
import { classCount, semesterCount, type FamilyChange, type StoredProfile } from '../../families/families';
import type { ClassMailRequest } from '../../platform/mailRequests';
import { gradeMessage, inGrades } from '../seatRules';
import type { EnrollmentCaps } from '../../catalogue/settings';
import type { StoredStudent } from '../../families/students';
import type { NoticeKind } from '../../contract/mailRecords';

/** DynamoDB takes at most 100 items in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/** A change of a class's counts. */
export interface SeatDelta {
  enrolled: number;
  waitlisted: number;
  /** The students who join the class's waitlist, in the order of their places in line. */
  joining?: string[];
  /** The students who leave it (promoted or cancelled). */
  leaving?: string[];
}

/** The conditions a class's counts are written under, besides that the class exists. */
export interface ClassGuards {
  /** The class still takes new enrollments. */
  open?: boolean;
  /** The class has a seat left, whatever its capacity now (one enrollment takes one seat). */
  hasSeat?: boolean;
  /** The class is still full (the reason to join its waitlist). */
  stillFull?: boolean;
  /** Nobody joined its waitlist since it was read (a seat released now goes to the waitlist). */
  waitlistUnchanged?: boolean;
  /** Its grade limits are the ones the student was checked against. */
  gradesAsSeen?: boolean;
  /** Its capacity and counts are exactly those read (its promotions or seats were planned from them). */
  asRead?: boolean;
  /**
   * It still has no seat left once this plan is written: a waiting group was passed over for want of a seat
   * here, and must not be left waiting should one be freed meanwhile.
   */
  stillNoSeat?: boolean;
}

/**
 * One write of a plan, with the condition it is made under. `forRequest`: which of a batch's enrollment
 * requests it belongs to (the allocator decides several in one transaction).
 */
export type SeatWrite =
  /** The class's counts as read plus `delta`; `edit` also writes what an administrator saved. */
  (
    | { kind: 'class'; cls: Class; delta: SeatDelta; guards: ClassGuards; edit?: ClassEdit }
    /** An enrollment that was `expected` before (`none`: absent or cancelled), with its audit record. */
    | {
        kind: 'enrollment';
        enrollment: StoredEnrollment;
        expected: EnrollmentStatus | 'none';
        /** Its offer's deadline as read, when `expected` is waitlisted (none: it had no offer). */
        offerSeen?: string;
        reason: AuditReason;
        by: Actor | 'portal';
      }
    /** The marker that has the schedule lapse an offer just made at its deadline (offers.ts). */
    | { kind: 'offerDue'; enrollment: StoredEnrollment }
    /**
     * A seat held (enrolled, as read) while the child's move waits for a seat in `movingTo`: one waiting
     * move per seat, so the mark read must still be the one there.
     */
    | { kind: 'moveMark'; enrollment: StoredEnrollment; movingTo: string }
    /** The student's count of active enrollments; the student must exist, and be in the grades of `grades`. */
    | { kind: 'student'; familyId: string; studentId: string; delta: number; grades?: Class[] }
    /** The family's counts of active enrollments (see families). */
    | { kind: 'family'; familyId: string; change: FamilyChange }
    /**
     * An e-mail to the family about one student's enrollments: one class, or their whole group;
     * `fromClassId`: the class a moved student left.
     */
    | { kind: 'notice'; notice: NoticeKind; enrollments: StoredEnrollment[]; fromClassId?: string }
    /** An e-mail to every family in a class about what changed about it (one each). */
    | { kind: 'classNotice'; request: ClassMailRequest }
    /** An enrollment request decided: its removal from its queue, and its decision. */
    | { kind: 'decision'; request: EnrollmentRequest; decision: Decision }
    /** A lottery request's result, once its draw is published (the request must still be there). */
    | { kind: 'lotteryResult'; familyId: string; semesterId: string; studentId: string; result: LotteryResult }
    /** One more draw the family lost (none of its children seated): a ticket more in the next weighted draw. */
    | { kind: 'lotteryLoss'; familyId: string }
    /** The e-mail with each of the family's children's results in the semester's published draw. */
    | { kind: 'lotteryNotice'; familyId: string; semesterId: string }
  ) & { forRequest?: number };

export type LotteryResult = NonNullable<LotteryRequest['result']>;

/** How many transaction items a write takes (seatTransaction.ts builds exactly these). */
export function itemCount(write: SeatWrite): number {
  if (write.kind === 'enrollment') return write.expected === 'none' ? 3 : 2;
  if (write.kind === 'offerDue' || write.kind === 'moveMark') return 1;
  return write.kind === 'decision' ? decisionItems(write.request) : 1;
}

export const itemsOf = (writes: readonly SeatWrite[]) => writes.reduce((sum, write) => sum + itemCount(write), 0);

/**
 * What was read for a command, strongly consistent. The executor reads what the command needs: the
 * enrollments it names and every enrollment of their groups, the waitlists of the classes where it releases
 * seats (and every enrollment of the groups waiting there), the classes of all of those, and the student and
 * family it changes.
 */
export interface SeatView {
  /** By id; a class missing here is gone. */
  classes: ReadonlyMap<string, Class>;
  /** By enrollment id (`class~student`); one missing here is not stored. */
  enrollments: ReadonlyMap<string, StoredEnrollment>;
  /** The waitlists read, by class id, in order: position 1 first. */
  waitlists: ReadonlyMap<string, readonly StoredEnrollment[]>;
  /** By student id; a student missing here is gone. */
  students: ReadonlyMap<string, Pick<StoredStudent, 'firstName' | 'grade' | 'detailsConfirmedAt'>>;
  /** Family profiles, by family id (with their counts where caps are judged from them: a lottery's publication). */
  families: ReadonlyMap<string, Pick<StoredProfile, 'deletedAt'> & Partial<Pick<StoredProfile, 'counts'>>>;
  /** The semesters of the classes asked for, by id (the allocator checks registration windows). */
  semesters: ReadonlyMap<string, Semester>;
  /** How a refusal writes a moment (the programme's clock): the allocator's view has it; UTC otherwise. */
  when?: (iso: string) => string;
  /** Lottery requests, by student id (a published draw writes their results). */
  lotteryRequests: ReadonlyMap<string, LotteryRequest & { familyId: string }>;
  /**
   * What a family's child must have done to take a place, and the family caps, as they are now, with each
   * child's policy acceptances by student id (a lottery's publication judges every child by them).
   */
  readiness?: { rules: ReadinessRules; caps: EnrollmentCaps; accepted: ReadonlyMap<string, AcceptedPolicies> };
}

/** A view of the parts given, the others empty. */
export function seatView(parts: Partial<SeatView>): SeatView {
  return {
    classes: new Map(),
    enrollments: new Map(),
    waitlists: new Map(),
    students: new Map(),
    families: new Map(),
    semesters: new Map(),
    lotteryRequests: new Map(),
    ...parts,
  };
}

export interface CancelOutcome {
  cancelled: StoredEnrollment[];
  promoted: StoredEnrollment[];
}

export interface MoveOutcome {
  moved: StoredEnrollment;
  promoted: StoredEnrollment[];
}

/** An enroll batch planned: the requests the view refuses, and the first of the others that one transaction decides. */
export interface BatchOutcome {
  refused: Array<{ request: EnrollmentRequest; refusal: PortalError }>;
  batch: EnrollmentRequest[];
  /** The counts of the batch's classes once it is committed. */
  after: Map<string, SeatCounts>;
}

export type SeatCommand =
  /** Cancels an enrollment (a group enrollment as a whole); released seats go to the waitlists. */
  | { kind: 'cancel'; enrollment: StoredEnrollment; by: Actor; reason: AuditReason }
  /** The family takes the seat offered to a waiting student (with their group), while the offer stands. */
  | { kind: 'accept'; enrollment: StoredEnrollment; by: Actor }
  /**
   * An offer whose deadline passed by `at` (the schedule's moment) lapses: the student leaves the waitlist,
   * and the held seats go to the next. Nothing is written when the offer is no longer the one `enrollment`
   * holds (accepted, declined or lapsed already).
   */
  | { kind: 'lapse'; enrollment: StoredEnrollment; at: string }
  /**
   * An administrator's promotion of a waitlisted student (with their group) into free seats, ahead of the
   * line; with `addSeat`, a class with no free seat gets one more (its capacity raised by one), so the seat
   * is this student's and not the waitlist head's.
   */
  | { kind: 'promote'; enrollment: StoredEnrollment; by: Actor; addSeat: boolean }
  /**
   * A move of a student to another class of the same semester: an administrator's (a seat, or the waitlist), or a
   * family's own (`needsSeat`: a seat, else refused and the student stays, or `waitForSeat`).
   */
  | {
      kind: 'move';
      enrollment: StoredEnrollment;
      toClassId: string;
      by: Actor;
      needsSeat?: boolean;
      /** With `needsSeat`: a full class's waitlist instead, keeping the seat held until one there is the child's. */
      waitForSeat?: boolean;
    }
  /**
   * An administrator's save of a class; with `promote`, more seats go to the waitlist first; `notice`: what
   * the families in the class are told of it.
   */
  | {
      kind: 'saveClass';
      classId: string;
      capacity: number;
      edit: ClassEdit;
      promote: boolean;
      notice?: ClassMailRequest;
    }
  /**
   * Enrollment requests in arrival order, decided in one transaction; `reserved`: items of it the caller
   * keeps for conditions of its own; `oneEach`: families that may have one request in it (see batchLength).
   */
  | {
      kind: 'enroll';
      requests: EnrollmentRequest[];
      caps: EnrollmentCaps;
      oneEach: ReadonlySet<string>;
      reserved: number;
    }
  /**
   * A published lottery draw's placements, in draw order from where the publication stands: the first whole
   * units that one transaction holds (less `reserved` items the caller keeps for a condition of its own).
   */
  | { kind: 'lottery'; semesterId: string; placements: LotteryPlacement[]; by: Actor; reserved: number };

/** One child's placement in a draw, with the classes of its choice as the draw saw them. */
export interface LotteryPlacement {
  familyId: string;
  studentId: string;
  /** The unit the child was drawn in: siblings kept together share it, and are next to each other. */
  unit: string;
  outcome: 'enrolled' | 'waitlisted' | 'unplaced';
  choice?: LotteryChoice;
  rank?: number;
  /** The classes of its choice: one, or the group's (none when unplaced). */
  classIds: string[];
  group?: Pick<ClassGroup, 'id' | 'classIds'>;
  /** The family's last placement in the draw: its e-mail and its loss are written with it. */
  lastOfFamily: boolean;
}

/** A lottery chunk planned: how many placements it takes, and the result written for each child. */
export interface LotteryOutcome {
  taken: number;
  results: Map<string, LotteryResult>;
}

export interface Outcomes {
  cancel: CancelOutcome;
  accept: StoredEnrollment[];
  lapse: CancelOutcome;
  promote: StoredEnrollment[];
  move: MoveOutcome;
  /** The class as saved, or undefined when it is gone. */
  saveClass: Class | undefined;
  enroll: BatchOutcome;
  lottery: LotteryOutcome;
}

export type OutcomeOf<C extends SeatCommand> = Outcomes[C['kind']];

/**
 * A plan: its writes (none when there is nothing to write: done already, or the class is gone) and what the
 * caller is answered once they are committed; `more` when the change goes on in another transaction after
 * this one. Or the refusal of the command, and nothing is written.
 */
export type SeatPlan<O> = { writes: SeatWrite[]; outcome: O; more?: boolean } | { refusal: PortalError };

/**
 * When the plan is made, and the token of the call that makes it, written on the enrollments it changes
 * (an enrollment request's enrollments carry the request's id instead).
 */
export interface Stamp {
  now: string;
  token: string;
}

export const refuse = (refusal: PortalError) => ({ refusal });
export const nothingToWrite = <O>(outcome: O) => ({ writes: [], outcome });

export const present = <T>(values: Array<T | undefined>): T[] =>
  values.filter((value): value is T => value !== undefined);

/** A group entry's enrollments in the classes of its group (a single entry's own), as read. */
export function groupOf(view: SeatView, entry: StoredEnrollment): StoredEnrollment[] {
  return present(
    (entry.groupClassIds ?? [entry.classId]).map((classId) =>
      view.enrollments.get(enrollmentIdOf(classId, entry.studentId)),
    ),
  ).filter((sibling) => sibling.groupId === entry.groupId);
}

/** A group entry's enrollments in every class of its group, if they are all still waiting. */
export function waitlistedGroup(view: SeatView, entry: StoredEnrollment): StoredEnrollment[] | undefined {
  const siblings = groupOf(view, entry);
  return siblings.every((sibling) => sibling.status === 'waitlisted') ? siblings : undefined;
}

/** An enrollment's version as changed now by this call. */
export function changed(
  entry: StoredEnrollment,
  status: 'enrolled' | 'cancelled',
  { now, token }: Stamp,
): StoredEnrollment {
  // A cancelled enrollment keeps no answers: they may be a child's details, and show nowhere once cancelled.
  // A move waiting for a seat ends either way.
  const { offerExpiresAt: _offerExpiresAt, answers, movingFrom: _movingFrom, movingTo: _movingTo, ...kept } = entry;
  return {
    ...kept,
    ...(status !== 'cancelled' && answers && { answers }),
    status,
    ...(status === 'enrolled' ? { enrolledAt: now } : { cancelledAt: now }),
    requestToken: token,
    updatedAt: now,
  };
}

export const leaving = (entry: StoredEnrollment): SeatDelta =>
  entry.status === 'enrolled'
    ? { enrolled: -1, waitlisted: 0 }
    : { enrolled: holdsSeat(entry) ? -1 : 0, waitlisted: -1, leaving: [entry.studentId] };
/** A waiting student enrolled: they take a seat, or keep the one offered to them. */
export const taking = (entry: StoredEnrollment): SeatDelta => ({
  enrolled: holdsSeat(entry) ? 0 : 1,
  waitlisted: -1,
  leaving: [entry.studentId],
});
/** A seat held for a waiting student, who keeps their place in line until they accept. */
const holding: SeatDelta = { enrolled: 1, waitlisted: 0 };
export const joining = (studentId: string): SeatDelta => ({ enrolled: 0, waitlisted: 1, joining: [studentId] });

/** The seats a class has left once the seat changes planned in `deltas` are made. */
export function seatsLeft(cls: Class, deltas: ReadonlyMap<string, SeatDelta>): number {
  return cls.capacity - cls.enrolled - (deltas.get(cls.id)?.enrolled ?? 0);
}

export function addDelta(deltas: Map<string, SeatDelta>, classId: string, change: SeatDelta) {
  const delta = deltas.get(classId) ?? { enrolled: 0, waitlisted: 0 };
  deltas.set(classId, {
    enrolled: delta.enrolled + change.enrolled,
    waitlisted: delta.waitlisted + change.waitlisted,
    joining: [...(delta.joining ?? []), ...(change.joining ?? [])],
    leaving: [...(delta.leaving ?? []), ...(change.leaving ?? [])],
  });
}

/** The counts of every class in `deltas`, as read, under `guards`, and those that kept a group waiting still full. */
export function classWrites(
  view: SeatView,
  deltas: Map<string, SeatDelta>,
  guards: (classId: string) => ClassGuards,
  keptWaiting: ReadonlySet<string> = new Set(),
): SeatWrite[] {
  return [...deltas].map(([classId, delta]) => ({
    kind: 'class',
    cls: view.classes.get(classId)!,
    delta,
    guards: { ...guards(classId), ...(keptWaiting.has(classId) && { stillNoSeat: true }) },
  }));
}

const HOUR_MS = 3_600_000;

/** Why a waiting child may no longer take a seat in `classes`, as read: not in their grades. */
function notSeatable(view: SeatView, entry: Pick<StoredEnrollment, 'studentId'>, classes: Class[]) {
  const student = view.students.get(entry.studentId);
  return student && !inGrades(student, classes) ? gradeMessage(student, classes) : undefined;
}

/** The seat a waiting move keeps, when `entry` (waitlisted, as read) is such a move and it still stands. */
export function seatKeptFor(view: SeatView, entry: StoredEnrollment): StoredEnrollment | undefined {
  if (!entry.movingFrom) return undefined;
  const held = view.enrollments.get(enrollmentIdOf(entry.movingFrom, entry.studentId));
  return held && waitingMove(entry, held) ? held : undefined;
}

/** The transaction items a waiting move made takes, besides the classes' (see moveMade). */
const MOVE_MADE_ITEMS = 7;

/**
 * A waiting move made: the child takes the seat in `entry`'s class (a seat the caller counts in `deltas`) and
 * gives up the one it kept, in the same transaction, so it never holds neither; the kept seat is released in
 * `deltas`, and the family is told of the move it asked for.
 */
function moveMade(
  entry: StoredEnrollment,
  held: StoredEnrollment,
  by: Actor | 'portal',
  stamp: Stamp,
  deltas: Map<string, SeatDelta>,
): { moved: StoredEnrollment; writes: SeatWrite[] } {
  const moved = changed(entry, 'enrolled', stamp);
  addDelta(deltas, held.classId, leaving(held));
  const { familyId, studentId } = held;
  return {
    moved,
    writes: [
      {
        kind: 'enrollment',
        enrollment: moved,
        expected: 'waitlisted',
        offerSeen: entry.offerExpiresAt,
        reason: 'move',
        by,
      },
      { kind: 'enrollment', enrollment: changed(held, 'cancelled', stamp), expected: 'enrolled', reason: 'move', by },
      { kind: 'student', familyId, studentId, delta: -1 },
      { kind: 'family', familyId, change: { counts: familyCounts([held], -1), refuseDeleted: false } },
      { kind: 'notice', notice: 'movedAsAsked', enrollments: [moved], fromClassId: held.classId },
    ],
  };
}

/**
 * A waiting move made outside the line's own promotions (its offer accepted, or an administrator's promotion),
 * and the seat it kept given to the first in line there: the writes besides the classes', which `deltas` counts,
 * within `budget` items.
 */
export function waitingMoveMade(
  view: SeatView,
  entry: StoredEnrollment,
  held: StoredEnrollment,
  by: Actor,
  stamp: Stamp,
  deltas: Map<string, SeatDelta>,
  budget: number,
) {
  const made = moveMade(entry, held, by, stamp, deltas);
  const promotions = promote(view, view.classes, deltas, [held.classId], new Set([entry.id, held.id]), {
    budget: budget - itemsOf(made.writes),
    stamp,
  });
  return {
    moved: made.moved,
    writes: [...made.writes, ...promotions.writes],
    released: promotions.released,
    keptWaiting: promotions.keptWaiting,
  };
}

/**
 * The waitlisted enrollments that take the free seats of the `released` classes, walking each waitlist in
 * order. A group entry is promoted only with its whole group, when each of its classes has a seat;
 * otherwise the seat goes to the next in line, and the class that had no seat for the group is written
 * on the condition that it still has none (`keptWaiting`). A waiting move promoted gives up the seat it kept,
 * whose class's waitlist is walked in turn (`released` lists every class walked). `classes` holds the
 * capacities planned with. Adds to `deltas` (other classes of promoted groups, and those that kept a group
 * waiting) and keeps within `budget` transaction items, counting the class items of `deltas`; `cutShort` when
 * a student who could take a seat was left for want of room.
 */
export function promote(
  view: SeatView,
  classes: ReadonlyMap<string, Class>,
  deltas: Map<string, SeatDelta>,
  released: string[],
  excluded: Set<string>,
  { budget, stamp }: { budget: number; stamp: Stamp },
) {
  const freeSeats = (classId: string) => seatsLeft(classes.get(classId)!, deltas);
  const chosen: StoredEnrollment[] = [];
  const offered: StoredEnrollment[] = [];
  const movesMade: SeatWrite[] = [];
  const moved: StoredEnrollment[] = [];
  const keptWaiting = new Set<string>();
  let cutShort = false;
  let left = budget - deltas.size;
  const walked = [...new Set(released)];
  walk: for (const classId of walked) {
    const offerHours = offerHoursOf(view.semesters.get(classes.get(classId)!.semesterId));
    for (const candidate of view.waitlists.get(classId) ?? []) {
      if (freeSeats(classId) <= 0) break;
      // A student offered a seat already holds one.
      if (excluded.has(candidate.id) || holdsSeat(candidate)) continue;
      const together = candidate.groupId ? waitlistedGroup(view, candidate) : [candidate];
      if (!together?.every((entry) => classes.has(entry.classId))) continue;
      // A child no longer in the grades of its classes (its grade changed while it waited) is passed over;
      // its family sees why beside the enrollment (passedOverBecause).
      if (
        notSeatable(
          view,
          candidate,
          together.map((entry) => classes.get(entry.classId)!),
        )
      )
        continue;
      const full = together.filter((entry) => freeSeats(entry.classId) <= 0).map((entry) => entry.classId);
      if (full.length) {
        const unwritten = full.filter((id) => !deltas.has(id));
        if (unwritten.length > left) {
          cutShort = true;
          break walk;
        }
        left -= unwritten.length;
        for (const id of full) {
          keptWaiting.add(id);
          addDelta(deltas, id, { enrolled: 0, waitlisted: 0 });
        }
        continue;
      }
      // Each promoted (or offered) enrollment and its audit record (and an offer's due marker), the new
      // classes' counts, and the e-mail request; a move made, its own writes and the class it leaves.
      const held = offerHours ? undefined : seatKeptFor(view, candidate);
      const perEntry = offerHours ? 3 : 2;
      const cost = held
        ? MOVE_MADE_ITEMS + [candidate.classId, held.classId].filter((id) => !deltas.has(id)).length
        : together.length * perEntry + together.filter((entry) => !deltas.has(entry.classId)).length + 1;
      if (cost > left) {
        cutShort = true;
        continue;
      }
      left -= cost;
      if (held) {
        // Its class's waitlist is read with the waiting move (seats.ts): the seat it frees goes to that line.
        if (!view.waitlists.has(held.classId)) throw new Error(`The waitlist of ${held.classId} was not read.`);
        excluded.add(candidate.id);
        addDelta(deltas, candidate.classId, taking(candidate));
        const made = moveMade(candidate, held, 'portal', stamp, deltas);
        moved.push(made.moved);
        movesMade.push(...made.writes);
        walked.push(held.classId);
        continue;
      }
      const deadline = offerHours && new Date(Date.parse(stamp.now) + offerHours * HOUR_MS).toISOString();
      for (const entry of together) {
        excluded.add(entry.id);
        if (deadline) offered.push({ ...entry, offerExpiresAt: deadline });
        else chosen.push(entry);
        addDelta(deltas, entry.classId, deadline ? holding : taking(entry));
      }
    }
  }
  const promotions = promotionWrites(chosen, 'portal', stamp);
  const offers = offerWrites(offered, stamp);
  return {
    promoted: [...promotions.promoted, ...moved],
    offered: offers.offered,
    writes: [...promotions.writes, ...movesMade, ...offers.writes],
    cutShort,
    // A class that had no seat for a group when it was passed over may have one by the end (a waiting move
    // made later in the walk gave up its seat there; the group, walked again in that class's line, waits for
    // another of its classes, which is then in the set): only those still without a seat keep the guard.
    keptWaiting: new Set([...keptWaiting].filter((id) => freeSeats(id) <= 0)),
    released: [...new Set(walked)],
  };
}

/** Seats held for waiting students until their deadline, each with its due marker, one e-mail per student and group. */
function offerWrites(entries: StoredEnrollment[], { now, token }: Stamp) {
  const offered = entries.map((entry): StoredEnrollment => ({ ...entry, requestToken: token, updatedAt: now }));
  return {
    offered,
    writes: [
      ...offered.flatMap((enrollment): SeatWrite[] => [
        { kind: 'enrollment', enrollment, expected: 'waitlisted', reason: 'offer', by: 'portal' },
        { kind: 'offerDue', enrollment },
      ]),
      ...noticesOf(offered, 'offered'),
    ],
  };
}

/** One e-mail per student and class or group (a group changes as a whole). */
function noticesOf(enrollments: StoredEnrollment[], notice: NoticeKind): SeatWrite[] {
  const together = new Map<string, StoredEnrollment[]>();
  for (const entry of enrollments) {
    const key = `${entry.studentId}/${entry.groupId ?? entry.classId}`;
    together.set(key, [...(together.get(key) ?? []), entry]);
  }
  return [...together.values()].map((group) => ({ kind: 'notice', notice, enrollments: group }));
}

/**
 * Waitlisted enrollments (as read) enrolled now, with one e-mail per student and group (a group is promoted
 * as a whole): promoted, or (`accepted`) an offer the family accepted.
 */
export function promotionWrites(
  entries: StoredEnrollment[],
  by: Actor | 'portal',
  stamp: Stamp,
  { reason, notice }: { reason: AuditReason; notice: NoticeKind } = { reason: 'promote', notice: 'promoted' },
): { promoted: StoredEnrollment[]; writes: SeatWrite[] } {
  const promoted = entries.map((entry) => changed(entry, 'enrolled', stamp));
  return {
    promoted,
    writes: [
      ...promoted.map(
        (enrollment, index): SeatWrite => ({
          kind: 'enrollment',
          enrollment,
          expected: 'waitlisted',
          offerSeen: entries[index]!.offerExpiresAt,
          reason,
          by,
        }),
      ),
      ...noticesOf(promoted, notice),
    ],
  };
}

export function newEnrollment(
  student: Pick<StoredStudent, 'id' | 'familyId'>,
  cls: Class,
  group: Pick<ClassGroup, 'id' | 'classIds'> | undefined,
  status: EnrollmentStatus,
  { now, token }: Stamp,
): StoredEnrollment {
  return {
    id: enrollmentIdOf(cls.id, student.id),
    studentId: student.id,
    classId: cls.id,
    ...(group && { groupId: group.id, groupClassIds: group.classIds }),
    semesterId: cls.semesterId,
    familyId: student.familyId,
    status,
    createdAt: now,
    ...(status === 'enrolled' && { enrolledAt: now }),
    requestToken: token,
    updatedAt: now,
  };
}

/** The family's counts that `enrollments` add to (or, with -1, take from): per semester and per class. */
export function familyCounts(
  enrollments: Array<Pick<StoredEnrollment, 'classId' | 'semesterId'>>,
  sign: 1 | -1,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { classId, semesterId } of enrollments) {
    for (const name of [semesterCount(semesterId), classCount(classId)]) counts[name] = (counts[name] ?? 0) + sign;
  }
  return counts;
}
