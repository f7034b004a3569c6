// The seat planner: what a change of seats writes, as a pure function of what was read (the view) and what
// is asked (the command). No I/O and no clock: the moment and the call's token come in. The executor
// (seats.ts) reads the view, plans, and commits the writes in one DynamoDB transaction (seatTransaction.ts);
// when a condition failed it reads and plans again. The allocator (allocator.ts) plans its batches of
// enrollment requests here too, with the seat rule of allocation.ts.
//
// - A class never holds more enrolled students than its capacity: a seat is taken under the condition
//   `enrolled <= capacity - seats taken` (or, for the allocator, on the counts exactly as read).
// - A student joins the waitlist only while the class is full, so no one waits while a seat is free. The
//   same transaction numbers the student's place in line from the class's join counter: the waitlist is
//   in the order joins committed, and a position, once told, only ever improves.
// - A student holds at most one enrollment per class: the item's key is (class, student).
// - A group enrollment takes a seat in every class of the group or joins every waitlist: one transaction.
// - Releasing a seat promotes, in the same transaction, the first waitlisted student who can take it:
//   a single-class entry, or a group entry when every class of its group has a seat for it. In a semester
//   in offers mode the seat is offered instead: held for that student (counted in `enrolled`, so nobody
//   else can take it) until the family accepts ('accept'), declines (a cancel) or the deadline lapses
//   ('lapse', the schedule); the held seat is then offered to the next, or released. A group is offered a
//   seat in every class of its group, or none. An enrollment written from `waitlisted` is written on the
//   condition that its offer is as read, so an offer is made once, and accepted or lapsed, never both.
// - A transaction holds at most 100 items: promotions are planned within what is left, and a capacity
//   raise that promotes more than fits is made in steps.
// - A published lottery draw ('lottery') writes its placements in draw order, as many whole units as a
//   transaction holds, on the class counts exactly as read. A unit (siblings kept together) takes a seat in
//   every class of its choice when each has a seat for every child of it, and otherwise joins the waitlists:
//   here a student joins a waitlist while the class has fewer seats left than the unit needs (not only while
//   it is full), the draw's own rule, so a class whose capacity changed since the draw is never overfilled.
import {
  offerHoursOf,
  type Class,
  type ClassGroup,
  type EnrollmentStatus,
  type LotteryChoice,
  type LotteryRequest,
  type Semester,
} from '../records';
import { alreadyExists, failedPrecondition, notFound, type PortalError } from '../shared/errors';
import { allocateSeats, batchLength, decisionItems, type SeatCounts } from './allocation';
import type { Actor } from '../shared/caller';
import type { AuditReason } from './audit';
import type { ClassEdit } from './classes';
import type { Decision, EnrollmentRequest } from './enrollmentRequests';
import { enrollmentIdOf, holdsSeat, isActive, type StoredEnrollment } from './enrollments';
import { accountDeleted, classCount, semesterCount, type FamilyChange, type StoredProfile } from './families';
import type { ClassMailRequest } from './mailRequests';
import type { NoticeKind } from '../shared/notices';
import {
  policiesMessage,
  requiredNotAccepted,
  uncheckedDetails,
  type AcceptedPolicies,
  type ReadinessRules,
} from './childReadiness';
import { capRefusal, capsOf, gradeMessage, inGrades } from './seatRules';
import { isRegistrationOpen, registrationWindowMessage } from './semesters';
import type { EnrollmentCaps } from './settings';
import type { StoredStudent } from './students';

/** DynamoDB takes at most 100 items in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/** A change of a class's counts. */
interface SeatDelta {
  enrolled: number;
  waitlisted: number;
  /** The students who join the class's waitlist, in the order of their places in line. */
  joining?: string[];
  /** The students who leave it (promoted or cancelled). */
  leaving?: string[];
}

/** The conditions a class's counts are written under, besides that the class exists. */
interface ClassGuards {
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

type LotteryResult = NonNullable<LotteryRequest['result']>;

/** How many transaction items a write takes (seatTransaction.ts builds exactly these). */
export function itemCount(write: SeatWrite): number {
  if (write.kind === 'enrollment') return write.expected === 'none' ? 3 : 2;
  if (write.kind === 'offerDue') return 1;
  return write.kind === 'decision' ? decisionItems(write.request) : 1;
}

const itemsOf = (writes: readonly SeatWrite[]) => writes.reduce((sum, write) => sum + itemCount(write), 0);

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

interface CancelOutcome {
  cancelled: StoredEnrollment[];
  promoted: StoredEnrollment[];
}

const HOUR_MS = 3_600_000;

interface MoveOutcome {
  moved: StoredEnrollment;
  promoted: StoredEnrollment[];
}

/** An enroll batch planned: the requests the view refuses, and the first of the others that one transaction decides. */
interface BatchOutcome {
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
  /** An administrator's move of a student to another class of the same semester. */
  | { kind: 'move'; enrollment: StoredEnrollment; toClassId: string; by: Actor }
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
interface LotteryOutcome {
  taken: number;
  results: Map<string, LotteryResult>;
}

interface Outcomes {
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

type Planner<K extends SeatCommand['kind']> = (
  view: SeatView,
  command: Extract<SeatCommand, { kind: K }>,
  stamp: Stamp,
) => SeatPlan<Outcomes[K]>;

const planners: { [K in SeatCommand['kind']]: Planner<K> } = {
  cancel: planCancel,
  accept: planAccept,
  lapse: planLapse,
  promote: planPromote,
  move: planMove,
  saveClass: planSaveClass,
  enroll: planEnroll,
  lottery: planLottery,
};

export function plan<C extends SeatCommand>(view: SeatView, command: C, stamp: Stamp): SeatPlan<OutcomeOf<C>> {
  return (planners[command.kind] as Planner<C['kind']>)(view, command as never, stamp);
}

const refuse = (refusal: PortalError) => ({ refusal });
const nothingToWrite = <O>(outcome: O) => ({ writes: [], outcome });

function planCancel(
  view: SeatView,
  { enrollment, by, reason }: { enrollment: StoredEnrollment; by: Actor | 'portal'; reason: AuditReason },
  stamp: Stamp,
): SeatPlan<CancelOutcome> {
  const named = enrollment.groupId ? groupOf(view, enrollment) : present([view.enrollments.get(enrollment.id)]);
  // An earlier try of this very call went through (its answer was lost).
  const own = named.filter((entry) => entry.requestToken === stamp.token);
  if (own.length) return nothingToWrite({ cancelled: own, promoted: [] });
  const targets = named.filter((entry) => isActive(entry.status));
  if (targets.length === 0) return refuse(failedPrecondition('This enrollment is already cancelled.'));

  const deltas = new Map<string, SeatDelta>();
  for (const target of targets) addDelta(deltas, target.classId, leaving(target));
  const cancelled = targets.map((target) => changed(target, 'cancelled', stamp));
  const writes: SeatWrite[] = cancelled.map((entry, index) => ({
    kind: 'enrollment',
    enrollment: entry,
    expected: targets[index]!.status,
    offerSeen: targets[index]!.offerExpiresAt,
    reason,
    by,
  }));
  // A student who is gone (left behind by an account deletion before it was guarded) has no counts to keep.
  if (view.students.has(enrollment.studentId)) {
    writes.push(
      { kind: 'student', familyId: enrollment.familyId, studentId: enrollment.studentId, delta: -targets.length },
      {
        kind: 'family',
        familyId: enrollment.familyId,
        change: { counts: familyCounts(targets, -1), refuseDeleted: false },
      },
    );
  }
  // The family is told, unless it is deleting its account (then nobody is left to tell).
  if (reason !== 'account-deleted')
    writes.push({
      kind: 'notice',
      notice: noticeOfCancel(by, enrollment),
      enrollments: cancelled,
    });
  const released = targets.filter(holdsSeat).map((target) => target.classId);
  const promotions = promote(view, view.classes, deltas, released, new Set(targets.map((target) => target.id)), {
    budget: MAX_TRANSACTION_ITEMS - itemsOf(writes),
    stamp,
  });
  return {
    writes: [
      ...classWrites(
        view,
        deltas,
        (classId) => ({ waitlistUnchanged: released.includes(classId) }),
        promotions.keptWaiting,
      ),
      ...writes,
      ...promotions.writes,
    ],
    outcome: { cancelled, promoted: promotions.promoted },
  };
}

function planPromote(
  view: SeatView,
  { enrollment, by, addSeat }: Extract<SeatCommand, { kind: 'promote' }>,
  stamp: Stamp,
): SeatPlan<StoredEnrollment[]> {
  const current = view.enrollments.get(enrollment.id);
  if (current?.requestToken === stamp.token)
    return nothingToWrite(groupOf(view, current).filter((entry) => entry.requestToken === stamp.token));
  if (current?.status !== 'waitlisted') return refuse(failedPrecondition('This enrollment is not on a waitlist.'));
  const together = current.groupId ? waitlistedGroup(view, current) : [current];
  if (!together) return refuse(failedPrecondition('This group enrollment is not waiting in every class of its group.'));
  const isFull = (cls: Class) => cls.enrolled >= cls.capacity;
  // A student offered a seat holds it already.
  const needSeats = together.filter((entry) => !holdsSeat(entry));
  const full = needSeats.map((entry) => view.classes.get(entry.classId)!).find(isFull);
  if (full && !addSeat)
    return refuse(
      failedPrecondition(`${full.name} has no free seat: raise its capacity or cancel an enrollment first.`),
    );

  const classes = together.map((entry): SeatWrite => {
    const cls = view.classes.get(entry.classId)!;
    const delta = taking(entry);
    // The seat added is planned from the counts just read: they must still be those.
    return isFull(cls) && needSeats.includes(entry)
      ? {
          kind: 'class',
          cls,
          delta,
          guards: { asRead: true },
          edit: { set: { capacity: cls.enrolled + 1 }, remove: [] },
        }
      : { kind: 'class', cls, delta, guards: {} };
  });
  const promoted = promotionWrites(together, by, stamp);
  return { writes: [...classes, ...promoted.writes], outcome: promoted.promoted };
}

/** The seats offered to a waiting student (with their group) are theirs, while the offer stands at `stamp.now`. */
function planAccept(
  view: SeatView,
  { enrollment, by }: Extract<SeatCommand, { kind: 'accept' }>,
  stamp: Stamp,
): SeatPlan<StoredEnrollment[]> {
  const current = view.enrollments.get(enrollment.id);
  if (current?.requestToken === stamp.token)
    return nothingToWrite(groupOf(view, current).filter((entry) => entry.requestToken === stamp.token));
  if (current?.status === 'enrolled') return refuse(failedPrecondition('This seat is already taken: enrolled.'));
  if (current?.status !== 'waitlisted' || !current.offerExpiresAt)
    return refuse(failedPrecondition('No seat is offered for this enrollment: the offer lapsed or was declined.'));
  if (Date.parse(current.offerExpiresAt) <= Date.parse(stamp.now))
    return refuse(failedPrecondition('This offer lapsed: its deadline passed, so the seat went to the next in line.'));
  const together = groupOf(view, current);
  const classes = together.map((entry) => view.classes.get(entry.classId)!);
  const student = view.students.get(current.studentId);
  if (!student) return refuse(notFound('There is no such student on your account.'));
  if (!inGrades(student, classes))
    return refuse(
      failedPrecondition(
        `${gradeMessage(student, classes)} If ${student.firstName}'s grade is wrong, correct it in their details ` +
          'and accept again before the offer lapses; otherwise the seat goes to the next in line when it does.',
      ),
    );
  const deltas = new Map<string, SeatDelta>();
  for (const entry of together) addDelta(deltas, entry.classId, taking(entry));
  const accepted = promotionWrites(together, by, stamp, { reason: 'offer-accepted', notice: 'enrolled' });
  // The student in the grades as judged: a change of grade meanwhile is planned again.
  const inGradesStill: SeatWrite = {
    kind: 'student',
    familyId: current.familyId,
    studentId: current.studentId,
    delta: 0,
    grades: classes,
  };
  return {
    writes: [...classWrites(view, deltas, () => ({})), ...accepted.writes, inGradesStill],
    outcome: accepted.promoted,
  };
}

function planLapse(
  view: SeatView,
  { enrollment, at }: Extract<SeatCommand, { kind: 'lapse' }>,
  stamp: Stamp,
): SeatPlan<CancelOutcome> {
  const current = view.enrollments.get(enrollment.id);
  const standing =
    current?.status === 'waitlisted' &&
    current.offerExpiresAt !== undefined &&
    current.offerExpiresAt === enrollment.offerExpiresAt &&
    Date.parse(current.offerExpiresAt) <= Date.parse(at);
  if (!standing) return nothingToWrite({ cancelled: [], promoted: [] });
  return planCancel(view, { enrollment: current, by: 'portal', reason: 'offer-lapsed' }, stamp);
}

/** What a family is told of a cancel: by itself, by an administrator, or an offer that lapsed. */
function noticeOfCancel(by: Actor | 'portal', enrollment: StoredEnrollment): NoticeKind {
  if (by === 'portal') return 'offerLapsed';
  return by.isAdmin && (by.familyId ?? by.sub) !== enrollment.familyId ? 'cancelledByAdmin' : 'cancelled';
}

function planMove(
  view: SeatView,
  { enrollment, toClassId, by }: Extract<SeatCommand, { kind: 'move' }>,
  stamp: Stamp,
): SeatPlan<MoveOutcome> {
  const current = view.enrollments.get(enrollment.id);
  const existing = view.enrollments.get(enrollmentIdOf(toClassId, enrollment.studentId));
  if (existing?.requestToken === stamp.token) return nothingToWrite({ moved: existing, promoted: [] });
  if (!current || !isActive(current.status)) return refuse(failedPrecondition('This enrollment is already cancelled.'));
  if (current.groupId)
    return refuse(failedPrecondition('A group enrollment moves as a whole: cancel it and enroll the student again.'));
  if (toClassId === current.classId) return refuse(failedPrecondition('The student is already in this class.'));
  const from = view.classes.get(current.classId)!;
  const to = view.classes.get(toClassId);
  if (!to) return refuse(notFound(`There is no class ${toClassId}.`));
  if (to.semesterId !== from.semesterId) return refuse(failedPrecondition(`${to.name} belongs to another semester.`));
  if (to.status !== 'open') return refuse(failedPrecondition(`${to.name} is closed to new enrollments.`));
  if (existing && isActive(existing.status))
    return refuse(alreadyExists(`The student is already ${existing.status} in ${to.name}.`));
  if (view.families.get(current.familyId)?.deletedAt) return refuse(accountDeleted());
  const student = view.students.get(current.studentId);
  if (!student) return refuse(notFound('There is no such student any more: cancel this enrollment instead.'));
  if (!inGrades(student, [to])) return refuse(failedPrecondition(gradeMessage(student, [to])));

  const status = to.enrolled < to.capacity ? 'enrolled' : 'waitlisted';
  const moved = {
    ...newEnrollment({ id: current.studentId, familyId: current.familyId }, to, undefined, status, stamp),
    // The family's answers go with the student as given; the family may answer the new class's questions.
    ...(current.answers && { answers: current.answers }),
  };
  const deltas = new Map<string, SeatDelta>();
  addDelta(deltas, from.id, leaving(current));
  addDelta(deltas, to.id, status === 'enrolled' ? { enrolled: 1, waitlisted: 0 } : joining(current.studentId));
  const writes: SeatWrite[] = [
    // The student must be in the new class's grades; their count of active enrollments stays as it is.
    { kind: 'student', familyId: current.familyId, studentId: current.studentId, delta: 0, grades: [to] },
    {
      kind: 'family',
      familyId: current.familyId,
      change: { counts: { [classCount(from.id)]: -1, [classCount(to.id)]: 1 }, refuseDeleted: true },
    },
    {
      kind: 'enrollment',
      enrollment: changed(current, 'cancelled', stamp),
      expected: current.status,
      offerSeen: current.offerExpiresAt,
      reason: 'move',
      by,
    },
    { kind: 'enrollment', enrollment: moved, expected: 'none', reason: 'move', by },
    { kind: 'notice', notice: 'moved', enrollments: [moved], fromClassId: from.id },
  ];
  const released = holdsSeat(current) ? [from.id] : [];
  const promotions = promote(view, view.classes, deltas, released, new Set([current.id]), {
    budget: MAX_TRANSACTION_ITEMS - itemsOf(writes),
    stamp,
  });
  const guards = (classId: string): ClassGuards =>
    classId === to.id
      ? { open: true, stillFull: status === 'waitlisted', gradesAsSeen: true }
      : { waitlistUnchanged: released.includes(classId) };
  return {
    writes: [...classWrites(view, deltas, guards, promotions.keptWaiting), ...writes, ...promotions.writes],
    outcome: { moved, promoted: promotions.promoted },
  };
}

/**
 * More seats of an open class go to its waitlist as the capacity grows, so no newcomer takes a seat while
 * a waiting student could. When more promotions are due than one transaction holds, each transaction
 * raises the capacity only by the seats it fills (the class stays full meanwhile), and the next goes on.
 */
function planSaveClass(
  view: SeatView,
  { classId, capacity, edit, promote: promotes, notice }: Extract<SeatCommand, { kind: 'saveClass' }>,
  stamp: Stamp,
): SeatPlan<Class | undefined> {
  const cls = view.classes.get(classId);
  if (!cls) return nothingToWrite(undefined);
  if (capacity < cls.enrolled)
    return refuse(
      failedPrecondition(`The capacity cannot be lower than the ${cls.enrolled} students already enrolled.`),
    );
  const deltas = new Map<string, SeatDelta>([[classId, { enrolled: 0, waitlisted: 0 }]]);
  const told: SeatWrite[] = notice ? [{ kind: 'classNotice', request: notice }] : [];
  // Promotions planned against the new capacity; the class's counts are one item of the transaction.
  const promotions = promotes
    ? promote(view, new Map(view.classes).set(classId, { ...cls, capacity }), deltas, [classId], new Set(), {
        budget: MAX_TRANSACTION_ITEMS - itemsOf(told),
        stamp,
      })
    : { writes: [], promoted: [], offered: [], cutShort: false, keptWaiting: new Set<string>() };
  const more = promotions.cutShort && promotions.promoted.length + promotions.offered.length > 0;
  const delta = deltas.get(classId)!;
  deltas.delete(classId);
  const enrolled = cls.enrolled + delta.enrolled;
  const saved = { ...edit, set: { ...edit.set, capacity: more ? enrolled : capacity } };
  return {
    writes: [
      { kind: 'class', cls, delta, guards: { asRead: true }, edit: saved },
      // The other classes of the groups it promotes, or keeps waiting.
      ...classWrites(view, deltas, () => ({}), promotions.keptWaiting),
      ...promotions.writes,
      ...told,
    ],
    outcome: { ...cls, capacity, enrolled, waitlisted: cls.waitlisted + delta.waitlisted },
    more,
  };
}

/**
 * The first requests (in arrival order) that one transaction decides, seated or waitlisted by the seat rule
 * (allocation.ts), after those the view refuses. The classes' counts are written on the condition that they
 * are exactly as read: the allocator is their one writer, and anyone else's change makes it read again.
 */
function planEnroll(
  view: SeatView,
  { requests, caps, oneEach, reserved }: Extract<SeatCommand, { kind: 'enroll' }>,
  stamp: Stamp,
): SeatPlan<BatchOutcome> {
  const refused: BatchOutcome['refused'] = [];
  const open: EnrollmentRequest[] = [];
  for (const request of requests) {
    const refusal = refusalByView(view, request);
    if (refusal) refused.push({ request, refusal });
    else open.push(request);
  }
  const batch = open.slice(0, batchLength(open, MAX_TRANSACTION_ITEMS - reserved, oneEach));
  const classIds = [...new Set(batch.flatMap((request) => request.classIds))];
  const { outcomes, places, after } = allocateSeats(
    new Map(classIds.map((classId) => [classId, view.classes.get(classId)!])),
    batch,
  );
  const classWrites = classIds.map((classId): SeatWrite => {
    const asking = batch.flatMap((request, index) => (request.classIds.includes(classId) ? [index] : []));
    const waiting = asking.filter((index) => outcomes[index] === 'waitlisted');
    return {
      kind: 'class',
      cls: view.classes.get(classId)!,
      delta: {
        enrolled: asking.length - waiting.length,
        waitlisted: waiting.length,
        joining: waiting.map((index) => batch[index]!.studentId),
      },
      guards: { asRead: true, open: true, gradesAsSeen: true },
    };
  });
  const requestWrites = batch.flatMap((request, index) =>
    decisionOf(view, request, index, { status: outcomes[index]!, places: places[index], now: stamp.now }),
  );
  return {
    writes: [...classWrites, ...requestWrites, ...familyWrites(view, batch, caps)],
    outcome: { refused, batch, after },
  };
}

/**
 * What deciding the batch's `index`-th request writes, seated or waitlisted (with its place in line in each
 * class): its enrollments, the student's count, the e-mail and the decision. The enrollments carry the
 * request's id as their token.
 */
function decisionOf(
  view: SeatView,
  request: EnrollmentRequest,
  index: number,
  { status, places, now }: { status: 'enrolled' | 'waitlisted'; places?: Record<string, number>; now: string },
): SeatWrite[] {
  const ordered = request.classIds.map((classId) => view.classes.get(classId)!);
  const student = { id: request.studentId, familyId: request.familyId };
  const enrollments = ordered.map((cls) => ({
    ...newEnrollment(student, cls, request.group, status, { now, token: request.id }),
    // The family's answers, written with the seat or the waitlist place they came with.
    ...(request.answers?.[cls.id]?.length && { answers: request.answers[cls.id] }),
  }));
  const placeOf = (enrollment: StoredEnrollment) => [enrollment.id, places![enrollment.classId]!];
  const decision = { enrollments, ...(places && { places: Object.fromEntries(enrollments.map(placeOf)) }) };
  const reason: AuditReason = status === 'enrolled' ? 'enroll' : 'waitlist';
  const writes: SeatWrite[] = [
    ...enrollments.map(
      (enrollment): SeatWrite => ({ kind: 'enrollment', enrollment, expected: 'none', reason, by: request.by }),
    ),
    {
      kind: 'student',
      familyId: request.familyId,
      studentId: request.studentId,
      delta: enrollments.length,
      grades: ordered,
    },
    { kind: 'notice', notice: status, enrollments },
    { kind: 'decision', request, decision },
  ];
  return writes.map((write) => ({ ...write, forRequest: index }));
}

/** Each family's counts, once for all its requests in the batch, under its caps unless an administrator asked. */
function familyWrites(view: SeatView, batch: EnrollmentRequest[], caps: EnrollmentCaps): SeatWrite[] {
  const families = new Map<string, { counts: Record<string, number>; byAdmin: boolean }>();
  for (const request of batch) {
    const family = families.get(request.familyId) ?? { counts: {}, byAdmin: request.by.isAdmin };
    const enrollments = request.classIds.map((classId) => ({
      classId,
      semesterId: view.classes.get(classId)!.semesterId,
    }));
    for (const [name, amount] of Object.entries(familyCounts(enrollments, 1)))
      family.counts[name] = (family.counts[name] ?? 0) + amount;
    families.set(request.familyId, family);
  }
  // A batch never mixes a family's own requests with an administrator's for it (batchLength).
  return [...families].map(([familyId, { counts, byAdmin }]) => ({
    kind: 'family',
    familyId,
    change: { counts, ...(!byAdmin && { caps: capsOf(counts, caps) }), refuseDeleted: true },
  }));
}

/**
 * The first whole units of a draw's placements that one transaction holds, written on the classes' counts
 * exactly as read. A child is left out when its family deleted its account, it is gone, its request is gone,
 * or it already holds an enrollment in a class of its choice (that one stands); a choice with a class gone
 * leaves the child unplaced.
 */
function planLottery(
  view: SeatView,
  { semesterId, placements, by, reserved }: Extract<SeatCommand, { kind: 'lottery' }>,
  stamp: Stamp,
): SeatPlan<LotteryOutcome> {
  const units: LotteryPlacement[][] = [];
  for (const placement of placements) {
    const last = units.at(-1);
    if (last && last[0]!.unit === placement.unit) last.push(placement);
    else units.push([placement]);
  }
  let planned: { writes: SeatWrite[]; outcome: LotteryOutcome } | undefined;
  for (let count = 1; count <= units.length; count += 1) {
    const next = lotteryWrites(view, units.slice(0, count), { semesterId, by, stamp });
    if (itemsOf(next.writes) > MAX_TRANSACTION_ITEMS - reserved) break;
    planned = next;
  }
  return planned ?? refuse(failedPrecondition('A unit of this draw takes more writes than one transaction holds.'));
}

function lotteryWrites(
  view: SeatView,
  units: LotteryPlacement[][],
  { semesterId, by, stamp }: { semesterId: string; by: Actor; stamp: Stamp },
): { writes: SeatWrite[]; outcome: LotteryOutcome } {
  const deltas = new Map<string, SeatDelta>();
  const results = new Map<string, LotteryResult>();
  const enrollmentWrites: SeatWrite[] = [];
  const seated = new Map<string, StoredEnrollment[]>();
  const freeSeats = (cls: Class) => cls.capacity - cls.enrolled - (deltas.get(cls.id)?.enrolled ?? 0);
  const takesPart = (placement: LotteryPlacement) =>
    !view.families.get(placement.familyId)?.deletedAt &&
    view.students.has(placement.studentId) &&
    view.lotteryRequests.has(placement.studentId) &&
    !placement.classIds.some((classId) => {
      const held = view.enrollments.get(enrollmentIdOf(classId, placement.studentId));
      return held && isActive(held.status);
    });
  // Each family's counts as read, and as this chunk's places add to them.
  const counts = new Map<string, Record<string, number>>();
  const countsOf = (familyId: string) =>
    counts.get(familyId) ?? counts.set(familyId, { ...view.families.get(familyId)?.counts }).get(familyId)!;
  for (const unit of units) {
    const drawn = unit.filter(takesPart);
    const { outcome, classIds, group, choice, rank } = drawn[0] ?? unit[0]!;
    const classes = present(classIds.map((classId) => view.classes.get(classId)));
    if (outcome === 'unplaced' || classes.length !== classIds.length) {
      for (const child of drawn) results.set(child.studentId, { outcome: 'unplaced' });
      continue;
    }
    // A child enrolling would refuse now is left unplaced, with enrolling's reason; its siblings go on.
    const added = familyCounts(
      classes.map((cls) => ({ classId: cls.id, semesterId: cls.semesterId })),
      1,
    );
    const children = drawn.filter((child) => {
      const family = countsOf(child.familyId);
      const refusal = lotteryRefusal(view, child, classes, { family, added });
      if (refusal) results.set(child.studentId, { outcome: 'unplaced', reason: refusal.message });
      else for (const [name, amount] of Object.entries(added)) family[name] = (family[name] ?? 0) + amount;
      return !refusal;
    });
    const status = classes.every((cls) => freeSeats(cls) >= children.length) ? 'enrolled' : 'waitlisted';
    for (const child of children) {
      const student = { id: child.studentId, familyId: child.familyId };
      const enrollments = classes.map((cls) => newEnrollment(student, cls, group, status, stamp));
      for (const enrollment of enrollments) {
        addDelta(deltas, enrollment.classId, status === 'enrolled' ? seatTaken : joining(child.studentId));
        enrollmentWrites.push({ kind: 'enrollment', enrollment, expected: 'none', reason: 'lottery', by });
      }
      enrollmentWrites.push({
        kind: 'student',
        familyId: child.familyId,
        studentId: child.studentId,
        delta: enrollments.length,
        grades: classes,
      });
      seated.set(child.familyId, [...(seated.get(child.familyId) ?? []), ...enrollments]);
      results.set(child.studentId, { outcome: status, ...(choice && { choice }), ...(rank && { rank }) });
    }
  }
  const placed = units.flat();
  const resultWrites = placed.flatMap((placement): SeatWrite[] => {
    const result = results.get(placement.studentId);
    const { familyId, studentId } = placement;
    return result ? [{ kind: 'lotteryResult', familyId, semesterId, studentId, result }] : [];
  });
  const caps = view.readiness?.caps;
  const familyWrites = [...seated].map(([familyId, enrollments]): SeatWrite => {
    const added = familyCounts(enrollments, 1);
    // Under the caps judged above: a family's enrollment meanwhile fails the transaction, which is planned again.
    return {
      kind: 'family',
      familyId,
      change: { counts: added, ...(caps && { caps: capsOf(added, caps) }), refuseDeleted: true },
    };
  });
  const endings = placed.filter((placement) => placement.lastOfFamily).map((placement) => placement.familyId);
  return {
    writes: [
      ...classWrites(view, deltas, () => ({ asRead: true })),
      ...enrollmentWrites,
      ...resultWrites,
      ...familyWrites,
      ...endings.flatMap((familyId) => familyEnding(view, familyId, semesterId, results)),
    ],
    outcome: { taken: placed.length, results },
  };
}

/**
 * A family's last placement written: its e-mail with every child's result (those of earlier transactions are
 * on its requests), and a loss when a child of it waits and none got a seat.
 */
function familyEnding(
  view: SeatView,
  familyId: string,
  semesterId: string,
  results: ReadonlyMap<string, LotteryResult>,
): SeatWrite[] {
  if (view.families.get(familyId)?.deletedAt) return [];
  const outcomes = [...view.lotteryRequests.values()]
    .filter((request) => request.familyId === familyId)
    .flatMap((request) => {
      const result = results.get(request.studentId) ?? request.result;
      return result ? [result.outcome] : [];
    });
  if (!outcomes.length) return [];
  const lost = outcomes.includes('waitlisted') && !outcomes.includes('enrolled');
  return [
    { kind: 'lotteryNotice', familyId, semesterId },
    ...(lost ? [{ kind: 'lotteryLoss', familyId } as const] : []),
  ];
}

/**
 * Why enrolling would refuse the child a place in `classes` now, in enrolling's order: a class closed, its
 * details not checked, a required policy not accepted, not in the grades, over a family cap (`counts`: the
 * family's as this plan has them so far, and what the child's place adds). Judged only where the view has the
 * readiness rules.
 */
function lotteryRefusal(
  view: SeatView,
  child: LotteryPlacement,
  classes: Class[],
  counts: { family: Record<string, number>; added: Record<string, number> },
): PortalError | undefined {
  const { readiness } = view;
  const student = view.students.get(child.studentId)!;
  const closed = classes.find((cls) => cls.status !== 'open');
  if (closed) return failedPrecondition(`${closed.name} is closed to new enrollments.`);
  if (!readiness) return undefined;
  const semesterId = classes[0]!.semesterId;
  const details = uncheckedDetails({ ...student, id: child.studentId }, readiness.rules.detailsSince);
  if (details) return details;
  const accepted = readiness.accepted.get(child.studentId) ?? [];
  const missing = requiredNotAccepted(readiness.rules.policies, accepted, semesterId);
  if (missing.length)
    return failedPrecondition(
      policiesMessage(
        student.firstName,
        view.semesters.get(semesterId),
        missing.map((policy) => policy.title),
      ),
    );
  if (!inGrades(student, classes)) return failedPrecondition(gradeMessage(student, classes));
  return capRefusal({ counts: counts.added, caps: capsOf(counts.added, readiness.caps) }, counts.family);
}

/** Why a waiting child may no longer take a seat in `classes`, as read: not in their grades. */
function notSeatable(view: SeatView, entry: Pick<StoredEnrollment, 'studentId'>, classes: Class[]) {
  const student = view.students.get(entry.studentId);
  return student && !inGrades(student, classes) ? gradeMessage(student, classes) : undefined;
}

/** What the classes as read refuse at once: a class gone or closed, registration not open when the call came. */
function refusalByView(view: SeatView, request: EnrollmentRequest): PortalError | undefined {
  for (const classId of request.classIds) {
    const cls = view.classes.get(classId);
    if (!cls) return notFound(`There is no class ${classId}.`);
    if (cls.status !== 'open') return failedPrecondition(`${cls.name} is closed to new enrollments.`);
  }
  if (request.by.isAdmin) return undefined;
  const semester = view.semesters.get(view.classes.get(request.classIds[0]!)!.semesterId);
  if (!semester) return notFound('This class belongs to no semester.');
  // A request of a fair start's draw, made before the opening too, counts as made at the opening.
  const arrived = new Date(request.draw ? Date.parse(request.draw.opening) : request.arrivedAt);
  // A family in a priority window registers from the window's opening, until registration closes.
  const window = request.opensAt ? { ...semester, registrationOpens: request.opensAt } : semester;
  return isRegistrationOpen(window, arrived)
    ? undefined
    : failedPrecondition(registrationWindowMessage(semester, arrived));
}

const present = <T>(values: Array<T | undefined>): T[] => values.filter((value): value is T => value !== undefined);

/** A group entry's enrollments in the classes of its group (a single entry's own), as read. */
function groupOf(view: SeatView, entry: StoredEnrollment): StoredEnrollment[] {
  return present(
    (entry.groupClassIds ?? [entry.classId]).map((classId) =>
      view.enrollments.get(enrollmentIdOf(classId, entry.studentId)),
    ),
  ).filter((sibling) => sibling.groupId === entry.groupId);
}

/** A group entry's enrollments in every class of its group, if they are all still waiting. */
function waitlistedGroup(view: SeatView, entry: StoredEnrollment): StoredEnrollment[] | undefined {
  const siblings = groupOf(view, entry);
  return siblings.every((sibling) => sibling.status === 'waitlisted') ? siblings : undefined;
}

/** An enrollment's version as changed now by this call. */
function changed(entry: StoredEnrollment, status: 'enrolled' | 'cancelled', { now, token }: Stamp): StoredEnrollment {
  // A cancelled enrollment keeps no answers: they may be a child's details, and show nowhere once cancelled.
  const { offerExpiresAt: _offerExpiresAt, answers, ...kept } = entry;
  return {
    ...kept,
    ...(status !== 'cancelled' && answers && { answers }),
    status,
    ...(status === 'enrolled' ? { enrolledAt: now } : { cancelledAt: now }),
    requestToken: token,
    updatedAt: now,
  };
}

const leaving = (entry: StoredEnrollment): SeatDelta =>
  entry.status === 'enrolled'
    ? { enrolled: -1, waitlisted: 0 }
    : { enrolled: holdsSeat(entry) ? -1 : 0, waitlisted: -1, leaving: [entry.studentId] };
/** A waiting student enrolled: they take a seat, or keep the one offered to them. */
const taking = (entry: StoredEnrollment): SeatDelta => ({
  enrolled: holdsSeat(entry) ? 0 : 1,
  waitlisted: -1,
  leaving: [entry.studentId],
});
/** A seat held for a waiting student, who keeps their place in line until they accept. */
const holding: SeatDelta = { enrolled: 1, waitlisted: 0 };
const seatTaken: SeatDelta = { enrolled: 1, waitlisted: 0 };
const joining = (studentId: string): SeatDelta => ({ enrolled: 0, waitlisted: 1, joining: [studentId] });

function addDelta(deltas: Map<string, SeatDelta>, classId: string, change: SeatDelta) {
  const delta = deltas.get(classId) ?? { enrolled: 0, waitlisted: 0 };
  deltas.set(classId, {
    enrolled: delta.enrolled + change.enrolled,
    waitlisted: delta.waitlisted + change.waitlisted,
    joining: [...(delta.joining ?? []), ...(change.joining ?? [])],
    leaving: [...(delta.leaving ?? []), ...(change.leaving ?? [])],
  });
}

/** The counts of every class in `deltas`, as read, under `guards`, and those that kept a group waiting still full. */
function classWrites(
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

/**
 * The waitlisted enrollments that take the free seats of the `released` classes, walking each waitlist in
 * order. A group entry is promoted only with its whole group, when each of its classes has a seat;
 * otherwise the seat goes to the next in line, and the class that had no seat for the group is written
 * on the condition that it still has none (`keptWaiting`). `classes` holds the capacities planned with. Adds
 * to `deltas` (other classes of promoted groups, and those that kept a group waiting) and keeps within
 * `budget` transaction items, counting the class items of `deltas`; `cutShort` when a student who could take
 * a seat was left for want of room.
 */
function promote(
  view: SeatView,
  classes: ReadonlyMap<string, Class>,
  deltas: Map<string, SeatDelta>,
  released: string[],
  excluded: Set<string>,
  { budget, stamp }: { budget: number; stamp: Stamp },
) {
  const freeSeats = (classId: string) => {
    const cls = classes.get(classId)!;
    return cls.capacity - cls.enrolled - (deltas.get(classId)?.enrolled ?? 0);
  };
  const chosen: StoredEnrollment[] = [];
  const offered: StoredEnrollment[] = [];
  const keptWaiting = new Set<string>();
  let cutShort = false;
  let left = budget - deltas.size;
  walk: for (const classId of new Set(released)) {
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
      // classes' counts, and the e-mail request.
      const perEntry = offerHours ? 3 : 2;
      const cost = together.length * perEntry + together.filter((entry) => !deltas.has(entry.classId)).length + 1;
      if (cost > left) {
        cutShort = true;
        continue;
      }
      left -= cost;
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
    promoted: promotions.promoted,
    offered: offers.offered,
    writes: [...promotions.writes, ...offers.writes],
    cutShort,
    keptWaiting,
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
function promotionWrites(
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

function newEnrollment(
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
function familyCounts(
  enrollments: Array<Pick<StoredEnrollment, 'classId' | 'semesterId'>>,
  sign: 1 | -1,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { classId, semesterId } of enrollments) {
    for (const name of [semesterCount(semesterId), classCount(classId)]) counts[name] = (counts[name] ?? 0) + sign;
  }
  return counts;
}
