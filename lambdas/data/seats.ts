// The enrollment rules. Every change of seats is one DynamoDB transaction that writes the
// class's counts, the enrollments, the student's active count, the family's pointers, the audit trail and
// the e-mail it calls for (a mail request for the mailer) together, each under a condition on what was
// read. When a condition fails (somebody else changed the class meanwhile), the change is planned again
// from a fresh read; contention inside DynamoDB is retried by `transactWrite` with the same token.
// New enrollments are decided by the allocator (allocator.ts) in arrival order with these transactions;
// cancellations, promotions, moves and an administrator's saves of a class are made here directly.
//
// - A class never holds more enrolled students than its capacity: a seat is taken under the condition
//   `enrolled <= capacity - seats taken` (or, for the allocator, on the counts exactly as read).
// - A student joins the waitlist only while the class is full, so no one waits while a seat is free. The
//   same transaction numbers the student's place in line from the class's join counter: the waitlist is
//   in the order joins committed, and a position, once told, only ever improves.
// - A student holds at most one enrollment per class: the item's key is (class, student).
// - A group enrollment takes a seat in every class of the group or joins every waitlist: one transaction.
// - Releasing a seat promotes, in the same transaction, the first waitlisted student who can take it:
//   a single-class entry, or a group entry when every class of its group has a seat for it.
import { randomUUID } from 'node:crypto';
import { admitsGrade, gradeName, gradeRange } from '../grades';
import type { Class, ClassGroup, EnrollmentStatus } from '../records';
import type { Caller } from '../shared/caller';
import { alreadyExists, BUSY_MESSAGE, failedPrecondition, notFound, resourceExhausted } from '../shared/errors';
import { transactWrite, type TransactItem } from '../shared/transact';
import { tableName } from '../shared/dynamo';
import { auditRecord, auditEntity, type Actor, type AuditReason } from './audit';
import { mailRequestItem, type ClassMailRequest } from './mailRequests';
import type { NoticeKind } from '../shared/notices';
import { classEntity, classesNow, type ClassEdit } from './classes';
import {
  classEnrollments,
  enrollmentIdOf,
  enrollmentEntity,
  enrollmentsOfStudent,
  familyEnrollmentPointer,
  familyEnrollmentEntity,
  getEnrollment,
  isActive,
  type StoredEnrollment,
} from './enrollments';
import type { EnrollmentCaps } from './settings';
import { accountDeleted, classCount, familyChangeItem, semesterCount, type FamilyChange } from './families';
import { getStudent, studentName, studentEntity, type StoredStudent } from './students';

/** How many times a change is planned again after somebody else changed the same classes first. */
export const MAX_PLANS = 10;
/** DynamoDB takes at most 100 items in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

interface SeatDelta {
  enrolled: number;
  waitlisted: number;
  /** The students who join the class's waitlist, in the order of their places in line. */
  joining?: string[];
  /** The students who leave it (promoted or cancelled). */
  leaving?: string[];
}

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
  /** Its capacity and counts are exactly those read (an administrator's save planned its promotions from them). */
  asRead?: boolean;
}

/** What each item of a transaction stands for, to read its failed conditions. */
export type ItemRole = (
  | { kind: 'class'; classId: string }
  | { kind: 'enrollment'; enrollment: StoredEnrollment }
  | { kind: 'student' }
  | { kind: 'family' }
  | { kind: 'record' }
  /** The allocator's lease on its queue. */
  | { kind: 'lease' }
  /** A pending enrollment request, deleted as it is decided. */
  | { kind: 'request' }
) & {
  /** Which of the transaction's requests wrote the item (the allocator decides several in one). */
  request?: number;
};

export class SeatTransaction {
  readonly items: TransactItem[] = [];
  readonly roles: ItemRole[] = [];
  /** The request the items added now belong to. */
  request?: number;

  constructor(readonly now: string) {}

  add(item: TransactItem, role: ItemRole) {
    this.items.push(item);
    this.roles.push(this.request === undefined ? role : { ...role, request: this.request });
  }

  /** The class's counts; `edit` also writes what an administrator saved (the capacity among it). */
  classCounts(cls: Class, delta: SeatDelta, guards: ClassGuards = {}, edit?: ClassEdit) {
    // An enrollment is judged against the class as it is (seat left, still full); a plan made from counts
    // just read (cancel, promotions) holds only while the capacity it used is the class's.
    const judgedAsItIs = guards.hasSeat || guards.stillFull;
    const conditions = ['attribute_exists(PK)', ...(judgedAsItIs ? [] : ['#capacity = :capacity'])];
    const names: Record<string, string> = { '#capacity': 'capacity' };
    const values: Record<string, unknown> = {
      ...(!judgedAsItIs && { ':capacity': cls.capacity }),
      ':enrolled': delta.enrolled,
      ':waitlisted': delta.waitlisted,
      ':now': this.now,
    };
    const set = ['enrolled = enrolled + :enrolled', 'waitlisted = waitlisted + :waitlisted', 'updatedAt = :now'];
    const remove: string[] = [];
    for (const [field, value] of Object.entries(edit?.set ?? {})) {
      names[`#edit_${field}`] = field;
      values[`:edit_${field}`] = value;
      set.push(`#edit_${field} = :edit_${field}`);
    }
    for (const field of edit?.remove ?? []) {
      names[`#edit_${field}`] = field;
      remove.push(`#edit_${field}`);
    }
    if (delta.joining?.length) {
      // Operands read the item before the update: the joiners get the counter's values at commit.
      set.push('waitlistSeq = waitlistSeq + :joiners');
      values[':joiners'] = delta.joining.length;
      delta.joining.forEach((studentId, index) => {
        names[`#joining${index}`] = studentId;
        values[`:place${index}`] = index;
        set.push(`waitlistOrder.#joining${index} = waitlistSeq + :place${index}`);
      });
    }
    const leaving = (delta.leaving ?? []).map((studentId, index) => {
      names[`#leaving${index}`] = studentId;
      return `waitlistOrder.#leaving${index}`;
    });
    remove.push(...leaving);
    if (guards.hasSeat) conditions.push('enrolled < #capacity');
    else if (guards.asRead) {
      conditions.push('enrolled = :seenEnrolled', 'waitlisted = :seenWaitlisted');
      values[':seenEnrolled'] = cls.enrolled;
      values[':seenWaitlisted'] = cls.waitlisted;
    } else if (delta.enrolled > 0) {
      conditions.push('enrolled <= :maxEnrolled');
      values[':maxEnrolled'] = cls.capacity - delta.enrolled;
    }
    if (guards.open) {
      conditions.push('#status = :open');
      names['#status'] = 'status';
      values[':open'] = 'open';
    }
    if (guards.stillFull) conditions.push('enrolled >= #capacity');
    if (guards.gradesAsSeen) {
      for (const limit of ['minGrade', 'maxGrade'] as const) {
        names[`#${limit}`] = limit;
        if (cls[limit] === undefined) conditions.push(`attribute_not_exists(#${limit})`);
        else {
          conditions.push(`#${limit} = :${limit}`);
          values[`:${limit}`] = cls[limit];
        }
      }
    }
    if (guards.waitlistUnchanged) {
      conditions.push('waitlisted <= :seenWaitlisted');
      values[':seenWaitlisted'] = cls.waitlisted;
    }
    this.add(
      classEntity.updateItem(
        { id: cls.id },
        { setClauses: set, removeClauses: remove, names, values, condition: conditions.join(' AND ') },
      ),
      { kind: 'class', classId: cls.id },
    );
  }

  /** Writes an enrollment that was `expected` before (`none`: absent or cancelled) and its audit record. */
  enrollment(
    enrollment: StoredEnrollment,
    expected: EnrollmentStatus | 'none',
    reason: AuditReason,
    by: Actor | 'portal',
  ) {
    const isNew = expected === 'none';
    const put = enrollmentEntity.putItem(enrollment, {
      condition: isNew ? 'attribute_not_exists(PK) OR #status = :expected' : '#status = :expected',
      names: { '#status': 'status' },
      values: { ':expected': isNew ? 'cancelled' : expected },
    });
    this.add(put, { kind: 'enrollment', enrollment });
    if (isNew) this.add(familyEnrollmentEntity.putItem(familyEnrollmentPointer(enrollment)), { kind: 'record' });
    this.add(auditEntity.putItem(auditRecord(enrollment, expected, reason, by, this.now)), { kind: 'record' });
  }

  /**
   * Asks the mailer to tell the family (one e-mail for a student's class, or for their whole group);
   * `fromClassId` is the class a moved student left.
   */
  notify(kind: NoticeKind, enrollments: StoredEnrollment[], fromClassId?: string) {
    const [first] = enrollments;
    if (!first) return;
    const request = {
      kind,
      familyId: first.familyId,
      studentId: first.studentId,
      classIds: enrollments.map((e) => e.classId),
      ...(first.groupId && { groupId: first.groupId }),
      ...(fromClassId && { fromClassId }),
    };
    this.add({ Put: { TableName: tableName, Item: mailRequestItem(request, this.now) } }, { kind: 'record' });
  }

  /** Asks the mailer to tell every family in a class what changed about it (one e-mail each). */
  notifyClass(request: ClassMailRequest) {
    this.add({ Put: { TableName: tableName, Item: mailRequestItem(request, this.now) } }, { kind: 'record' });
  }

  /** Promoted enrollments, one notice per student and group (a group is promoted as a whole). */
  notifyPromoted(promoted: StoredEnrollment[]) {
    const together = new Map<string, StoredEnrollment[]>();
    for (const entry of promoted) {
      const key = `${entry.studentId}/${entry.groupId ?? entry.classId}`;
      together.set(key, [...(together.get(key) ?? []), entry]);
    }
    for (const entries of together.values()) this.notify('promoted', entries);
  }

  /** Changes the family's counts of active enrollments (see families), refused for a deleted account when `change` says so. */
  family(familyId: string, change: FamilyChange) {
    this.add(familyChangeItem(familyId, change), { kind: 'family' });
  }

  /** Counts the student's active enrollments; `grades` is the range every class of the change admits. */
  studentActiveCount(student: { familyId: string; studentId: string }, delta: number, grades?: GradeRange) {
    const conditions = ['attribute_exists(PK)'];
    const values: Record<string, unknown> = {};
    if (grades?.min !== undefined) {
      conditions.push('grade >= :minGrade');
      values[':minGrade'] = grades.min;
    }
    if (grades?.max !== undefined) {
      conditions.push('grade <= :maxGrade');
      values[':maxGrade'] = grades.max;
    }
    this.add(
      studentEntity.updateItem(
        { familyId: student.familyId, id: student.studentId },
        { add: { activeEnrollments: delta }, values, condition: conditions.join(' AND ') },
      ),
      { kind: 'student' },
    );
  }
}

interface GradeRange {
  min?: number;
  max?: number;
}

/** The grades every one of the classes admits, if any limits them. */
export function gradesAdmitted(classes: Class[]): GradeRange | undefined {
  const mins = classes.flatMap((cls) => (cls.minGrade === undefined ? [] : [cls.minGrade]));
  const maxes = classes.flatMap((cls) => (cls.maxGrade === undefined ? [] : [cls.maxGrade]));
  if (!mins.length && !maxes.length) return undefined;
  return { ...(mins.length && { min: Math.max(...mins) }), ...(maxes.length && { max: Math.min(...maxes) }) };
}

/**
 * A refusal the family's profile gives: the account is deleted, or (for `capped` changes) one of its counts
 * would pass its cap.
 */
export function refuseForFamily(
  tx: SeatTransaction,
  failed: Map<number, Record<string, unknown> | undefined>,
  capped?: { counts: Record<string, number>; caps: Record<string, number>; settings: EnrollmentCaps },
) {
  for (const [index, item] of failed) {
    if (tx.roles[index]!.kind !== 'family') continue;
    if (item?.deletedAt) throw accountDeleted();
    if (capped) refuseOverCaps(capped.counts, capped.caps, item ?? {}, capped.settings);
  }
}

/** The caps each count of an enrollment is held to. */
export function capsOf(counts: Record<string, number>, caps: EnrollmentCaps): Record<string, number> {
  return Object.fromEntries(
    Object.keys(counts).map((name) => [
      name,
      name.startsWith(classCount('')) ? caps.childrenPerClass : caps.enrollmentsPerSemester,
    ]),
  );
}

/** Refuses, in a parent's words, a change that takes a count of `profile` past its cap. */
export function refuseOverCaps(
  counts: Record<string, number>,
  limits: Record<string, number>,
  profile: Record<string, unknown>,
  caps: EnrollmentCaps,
) {
  const over = Object.keys(counts).filter((name) => Number(profile[name] ?? 0) + counts[name]! > limits[name]!);
  if (over.some((name) => name.startsWith(classCount(''))))
    throw failedPrecondition(childrenPerClassMessage(caps.childrenPerClass));
  if (over.length) throw failedPrecondition(enrollmentsPerSemesterMessage(caps.enrollmentsPerSemester));
}

const childrenPerClassMessage = (cap: number) =>
  `A family can enroll at most ${cap} ${cap === 1 ? 'child' : 'children'} in one class.`;
const enrollmentsPerSemesterMessage = (cap: number) =>
  `A family can hold at most ${cap} enrollments (enrolled or waitlisted) in one semester.`;

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

/** The student an enrollment is for: a family's student, known by key. */
export type EnrollingStudent = Pick<StoredStudent, 'id' | 'familyId'>;

export async function nameOf(student: EnrollingStudent): Promise<string> {
  const stored = await getStudent(student.familyId, student.id);
  return stored ? studentName(stored) : 'This student';
}

/** Why the student is not in a class's grades, in a parent's words. */
export function gradeMessage(student: Pick<StoredStudent, 'firstName' | 'grade'>, classes: Class[]): string {
  const misfit =
    classes.find(
      (cls) =>
        gradeRange(cls.minGrade, cls.maxGrade) && (student.grade === undefined || !admitsGrade(cls, student.grade)),
    ) ?? classes[0]!;
  const range = gradeRange(misfit.minGrade, misfit.maxGrade);
  if (student.grade === undefined)
    return `${misfit.name} is for ${range}: add ${student.firstName}'s school grade to their details first.`;
  return `${misfit.name} is for ${range}, and ${student.firstName} is in grade ${gradeName(student.grade)}.`;
}

export function newEnrollment(
  student: Pick<StoredStudent, 'id' | 'familyId'>,
  cls: Class,
  group: Pick<ClassGroup, 'id' | 'classIds'> | undefined,
  status: EnrollmentStatus,
  requestToken: string,
  now: string,
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
    requestToken,
    updatedAt: now,
  };
}

/** What an earlier try of this very call wrote (its answer was lost, its transaction was not). */
async function ownWrites(studentId: string, classIds: string[], requestToken: string): Promise<StoredEnrollment[]> {
  return (await enrollmentsOfStudent(studentId, classIds)).filter(
    (enrollment) => enrollment.requestToken === requestToken,
  );
}

export function alreadyMessage(name: string, enrollment: StoredEnrollment, cls: Class): string {
  return enrollment.status === 'waitlisted'
    ? `${name} is already on the waitlist for ${cls.name}.`
    : `${name} is already enrolled in ${cls.name}.`;
}

export interface CancelOutcome {
  cancelled: StoredEnrollment[];
  promoted: StoredEnrollment[];
}

/**
 * Cancels an enrollment (a group enrollment together with the rest of its group) and, in the same
 * transaction, gives each released seat to the first waitlisted student who can take it.
 */
export async function cancelEnrollment(
  enrollment: StoredEnrollment,
  by: Caller,
  reason: AuditReason = 'cancel',
): Promise<CancelOutcome> {
  const requestToken = randomUUID();
  // A student who is gone (left behind by an account deletion before it was guarded) has no counts to keep.
  let studentGone = false;
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const targets = (
      enrollment.groupId
        ? (await enrollmentsOfStudent(enrollment.studentId, enrollment.groupClassIds ?? [enrollment.classId])).filter(
            (e) => e.groupId === enrollment.groupId,
          )
        : [await getEnrollment(enrollment.classId, enrollment.studentId)]
    ).filter((e): e is StoredEnrollment => e !== undefined && isActive(e.status));
    if (targets.length === 0) throw failedPrecondition('This enrollment is already cancelled.');

    const classes = await classesNow(targets.map((target) => target.classId));
    const deltas = new Map<string, SeatDelta>();
    for (const target of targets) {
      addDelta(
        deltas,
        target.classId,
        target.status === 'enrolled'
          ? { enrolled: -1, waitlisted: 0 }
          : { enrolled: 0, waitlisted: -1, leaving: [target.studentId] },
      );
    }
    const released = targets.filter((target) => target.status === 'enrolled').map((target) => target.classId);
    // Each cancellation and its audit, the classes, the student, the family, and the e-mail.
    const itemsSoFar = targets.length * 2 + classes.size + 3;
    const { promoted } = await planPromotions(
      classes,
      deltas,
      released,
      new Set(targets.map((target) => target.id)),
      MAX_TRANSACTION_ITEMS - itemsSoFar,
    );

    const tx = new SeatTransaction(new Date().toISOString());
    for (const [classId, delta] of deltas)
      tx.classCounts(classes.get(classId)!, delta, { waitlistUnchanged: released.includes(classId) });
    const cancelled = targets.map((target) => ({
      ...target,
      status: 'cancelled' as const,
      cancelledAt: tx.now,
      requestToken,
      updatedAt: tx.now,
    }));
    targets.forEach((target, index) => {
      tx.enrollment(cancelled[index]!, target.status, reason, by);
    });
    if (!studentGone) {
      tx.studentActiveCount(enrollment, -targets.length);
      tx.family(enrollment.familyId, { counts: familyCounts(targets, -1), refuseDeleted: false });
    }
    const promotedNow = promoted.map((entry) => ({
      ...entry,
      status: 'enrolled' as const,
      enrolledAt: tx.now,
      requestToken,
      updatedAt: tx.now,
    }));
    for (const entry of promotedNow) tx.enrollment(entry, 'waitlisted', 'promote', 'portal');
    tx.notifyPromoted(promotedNow);
    // The family is told, unless it is deleting its account (then nobody is left to tell).
    if (reason !== 'account-deleted')
      tx.notify(by.isAdmin && by.sub !== enrollment.familyId ? 'cancelledByAdmin' : 'cancelled', cancelled);

    const outcome = await transactWrite(tx.items);
    if (outcome.committed) return { cancelled, promoted: promotedNow };
    for (const [index, item] of outcome.failed) {
      const role = tx.roles[index]!;
      // An earlier try of this call went through: its cancellations are what this call asked for.
      if (role.kind === 'enrollment' && item?.requestToken === requestToken) return { cancelled: [], promoted: [] };
      if (role.kind === 'student' && !item) studentGone = true;
    }
  }
  throw resourceExhausted(BUSY_MESSAGE);
}

/**
 * An administrator's save of a class, with its seat changes in the same transaction: more seats of an
 * open class go to its waitlist as the capacity grows, so no newcomer takes a seat while a waiting
 * student could. When more promotions are due than one transaction holds, each transaction raises the
 * capacity only by the seats it fills (the class stays full meanwhile), and the next one goes on. The
 * class as saved, or undefined when it is gone.
 */
export async function saveClassSeats(
  id: string,
  edit: (capacity: number) => ClassEdit,
  capacity: number,
  promote: boolean,
  notice?: ClassMailRequest,
): Promise<Class | undefined> {
  const requestToken = randomUUID();
  for (let plan = 0; plan < MAX_PLANS; ) {
    const classes = await classesNow([id]);
    const cls = classes.get(id);
    if (!cls) return undefined;
    if (capacity < cls.enrolled)
      throw failedPrecondition(`The capacity cannot be lower than the ${cls.enrolled} students already enrolled.`);
    const deltas = new Map<string, SeatDelta>();
    // Promotions planned against the new capacity; one item of the budget is the class's own, one the notice's.
    classes.set(id, { ...cls, capacity });
    const { promoted, cutShort } = promote
      ? await planPromotions(classes, deltas, [id], new Set(), MAX_TRANSACTION_ITEMS - (notice ? 2 : 1))
      : { promoted: [], cutShort: false };
    const more = cutShort && promoted.length > 0;
    const seatsNow = more ? cls.enrolled + (deltas.get(id)?.enrolled ?? 0) : capacity;

    const tx = new SeatTransaction(new Date().toISOString());
    tx.classCounts(cls, deltas.get(id) ?? { enrolled: 0, waitlisted: 0 }, { asRead: true }, edit(seatsNow));
    for (const [classId, delta] of deltas) if (classId !== id) tx.classCounts(classes.get(classId)!, delta);
    const promotedNow = promoted.map((entry) => ({
      ...entry,
      status: 'enrolled' as const,
      enrolledAt: tx.now,
      requestToken,
      updatedAt: tx.now,
    }));
    for (const entry of promotedNow) tx.enrollment(entry, 'waitlisted', 'promote', 'portal');
    tx.notifyPromoted(promotedNow);
    // The change the families are told of is saved by the first transaction; the others only promote.
    if (notice) tx.notifyClass(notice);
    if ((await transactWrite(tx.items)).committed) {
      notice = undefined;
      if (!more)
        return {
          ...cls,
          capacity,
          enrolled: cls.enrolled + (deltas.get(id)?.enrolled ?? 0),
          waitlisted: cls.waitlisted + (deltas.get(id)?.waitlisted ?? 0),
        };
    } else plan += 1;
  }
  throw resourceExhausted(BUSY_MESSAGE);
}

/** An administrator's promotion of one waitlisted student (with their group) into free seats, ahead of the line. */
/**
 * A waitlisted student (with their group) into a free seat of each class, ahead of the line. With `addSeat`,
 * a class with no free seat gets one more (its capacity raised by one) in the same transaction, so the
 * seat is this student's and nobody else's.
 */
export async function promoteWaitlisted(
  enrollment: StoredEnrollment,
  by: Caller,
  addSeat = false,
): Promise<StoredEnrollment[]> {
  const requestToken = randomUUID();
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const current = await getEnrollment(enrollment.classId, enrollment.studentId);
    if (current?.requestToken === requestToken)
      return ownWrites(enrollment.studentId, current.groupClassIds ?? [current.classId], requestToken);
    if (current?.status !== 'waitlisted') throw failedPrecondition('This enrollment is not on a waitlist.');
    const together = current.groupId ? await waitlistedGroup(current) : [current];
    if (!together) throw failedPrecondition('This group enrollment is not waiting in every class of its group.');
    const classes = await classesNow(together.map((entry) => entry.classId));
    const isFull = (cls: Class) => cls.enrolled >= cls.capacity;
    const full = together.map((entry) => classes.get(entry.classId)!).find(isFull);
    if (full && !addSeat)
      throw failedPrecondition(`${full.name} has no free seat: raise its capacity or cancel an enrollment first.`);

    const tx = new SeatTransaction(new Date().toISOString());
    for (const entry of together) {
      const cls = classes.get(entry.classId)!;
      const delta = { enrolled: 1, waitlisted: -1, leaving: [entry.studentId] };
      // The seat added is planned from the counts just read: they must still be those.
      if (isFull(cls))
        tx.classCounts(cls, delta, { asRead: true }, { set: { capacity: cls.enrolled + 1 }, remove: [] });
      else tx.classCounts(cls, delta);
    }
    const promoted = together.map((entry) => ({
      ...entry,
      status: 'enrolled' as const,
      enrolledAt: tx.now,
      requestToken,
      updatedAt: tx.now,
    }));
    together.forEach((entry, index) => {
      tx.enrollment(promoted[index]!, entry.status, 'promote', by);
    });
    tx.notify('promoted', promoted);
    if ((await transactWrite(tx.items)).committed) return promoted;
  }
  throw resourceExhausted(BUSY_MESSAGE);
}

export interface MoveOutcome {
  moved: StoredEnrollment;
  promoted: StoredEnrollment[];
}

/**
 * An administrator's move of a student to another class of the same semester, in one transaction: a
 * seat there if one is free (else its waitlist), and their old seat to the old class's waitlist.
 */
export async function moveEnrollment(
  enrollment: StoredEnrollment,
  toClassId: string,
  by: Caller,
): Promise<MoveOutcome> {
  const requestToken = randomUUID();
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const [current, existing] = await Promise.all([
      getEnrollment(enrollment.classId, enrollment.studentId),
      getEnrollment(toClassId, enrollment.studentId),
    ]);
    if (existing?.requestToken === requestToken) return { moved: existing, promoted: [] };
    if (!current || !isActive(current.status)) throw failedPrecondition('This enrollment is already cancelled.');
    if (current.groupId)
      throw failedPrecondition('A group enrollment moves as a whole: cancel it and enroll the student again.');
    if (toClassId === current.classId) throw failedPrecondition('The student is already in this class.');
    const classes = await classesNow([current.classId, toClassId]);
    const from = classes.get(current.classId)!;
    const to = classes.get(toClassId) ?? raise(notFound(`There is no class ${toClassId}.`));
    if (to.semesterId !== from.semesterId) throw failedPrecondition(`${to.name} belongs to another semester.`);
    if (to.status !== 'open') throw failedPrecondition(`${to.name} is closed to new enrollments.`);
    if (existing && isActive(existing.status))
      throw alreadyExists(`The student is already ${existing.status} in ${to.name}.`);

    const deltas = new Map<string, SeatDelta>();
    addDelta(
      deltas,
      from.id,
      current.status === 'enrolled'
        ? { enrolled: -1, waitlisted: 0 }
        : { enrolled: 0, waitlisted: -1, leaving: [current.studentId] },
    );
    const status: EnrollmentStatus = to.enrolled < to.capacity ? 'enrolled' : 'waitlisted';
    addDelta(
      deltas,
      to.id,
      status === 'enrolled'
        ? { enrolled: 1, waitlisted: 0 }
        : { enrolled: 0, waitlisted: 1, joining: [current.studentId] },
    );
    const released = current.status === 'enrolled' ? [from.id] : [];
    const { promoted } = await planPromotions(
      classes,
      deltas,
      released,
      new Set([current.id]),
      MAX_TRANSACTION_ITEMS - 12,
    );

    const tx = new SeatTransaction(new Date().toISOString());
    for (const [classId, delta] of deltas) {
      tx.classCounts(
        classes.get(classId)!,
        delta,
        classId === to.id
          ? { open: true, stillFull: status === 'waitlisted', gradesAsSeen: true }
          : { waitlistUnchanged: released.includes(classId) },
      );
    }
    // The student must be in the new class's grades; their count of active enrollments stays as it is.
    tx.studentActiveCount(current, 0, gradesAdmitted([to]));
    tx.family(current.familyId, { counts: { [classCount(from.id)]: -1, [classCount(to.id)]: 1 }, refuseDeleted: true });
    tx.enrollment(
      { ...current, status: 'cancelled', cancelledAt: tx.now, requestToken, updatedAt: tx.now },
      current.status,
      'move',
      by,
    );
    const moved = newEnrollment(
      { id: current.studentId, familyId: current.familyId },
      to,
      undefined,
      status,
      requestToken,
      tx.now,
    );
    tx.enrollment(moved, 'none', 'move', by);
    tx.notify('moved', [moved], from.id);
    const promotedNow = promoted.map((entry) => ({
      ...entry,
      status: 'enrolled' as const,
      enrolledAt: tx.now,
      requestToken,
      updatedAt: tx.now,
    }));
    for (const entry of promotedNow) tx.enrollment(entry, 'waitlisted', 'promote', 'portal');
    tx.notifyPromoted(promotedNow);
    const outcome = await transactWrite(tx.items);
    if (outcome.committed) return { moved, promoted: promotedNow };
    refuseForFamily(tx, outcome.failed);
    for (const [index, item] of outcome.failed) {
      if (tx.roles[index]!.kind !== 'student') continue;
      if (!item) throw notFound('There is no such student any more: cancel this enrollment instead.');
      // Refused by the grades only while the class still has the limits it was read with.
      if (!outcome.failed.has(tx.roles.findIndex((role) => role.kind === 'class' && role.classId === to.id)))
        throw failedPrecondition(gradeMessage(item as unknown as StoredStudent, [to]));
    }
  }
  throw resourceExhausted(BUSY_MESSAGE);
}

function addDelta(deltas: Map<string, SeatDelta>, classId: string, change: SeatDelta) {
  const delta = deltas.get(classId) ?? { enrolled: 0, waitlisted: 0 };
  deltas.set(classId, {
    enrolled: delta.enrolled + change.enrolled,
    waitlisted: delta.waitlisted + change.waitlisted,
    joining: [...(delta.joining ?? []), ...(change.joining ?? [])],
    leaving: [...(delta.leaving ?? []), ...(change.leaving ?? [])],
  });
}

/**
 * The waitlisted enrollments that take the free seats of `classIds`, walking each waitlist in order. A
 * group entry is promoted only with its whole group, when each of its classes has a seat; otherwise the
 * seat goes to the next in line. Updates `deltas` and `classes` (other classes of promoted groups) and
 * keeps within `itemBudget` transaction items (each promotion writes the enrollment and its audit);
 * `cutShort` when a student who could take a seat was left for want of room in the transaction.
 */
async function planPromotions(
  classes: Map<string, Class>,
  deltas: Map<string, SeatDelta>,
  classIds: string[],
  excluded: Set<string>,
  itemBudget: number,
): Promise<{ promoted: StoredEnrollment[]; cutShort: boolean }> {
  const freeSeats = (classId: string) => {
    const cls = classes.get(classId)!;
    return cls.capacity - cls.enrolled - (deltas.get(classId)?.enrolled ?? 0);
  };
  const promoted: StoredEnrollment[] = [];
  let cutShort = false;
  let budget = itemBudget;
  for (const classId of [...new Set(classIds)]) {
    if (freeSeats(classId) <= 0) continue;
    for (const candidate of (await classEnrollments(classId)).waitlist) {
      if (freeSeats(classId) <= 0) break;
      if (excluded.has(candidate.id)) continue;
      const together = candidate.groupId ? await waitlistedGroup(candidate) : [candidate];
      if (!together) continue;
      const missing = together.map((entry) => entry.classId).filter((id) => !classes.has(id));
      if (missing.length) for (const [id, cls] of await classesNow(missing)) classes.set(id, cls);
      const newClasses = new Set(together.map((entry) => entry.classId).filter((id) => !deltas.has(id))).size;
      // Each promoted enrollment and its audit record, the new classes' counts, and the e-mail request.
      const cost = together.length * 2 + newClasses + 1;
      if (!together.every((entry) => classes.has(entry.classId) && freeSeats(entry.classId) > 0)) continue;
      if (cost > budget) {
        cutShort = true;
        continue;
      }
      budget -= cost;
      for (const entry of together) {
        excluded.add(entry.id);
        promoted.push(entry);
        addDelta(deltas, entry.classId, { enrolled: 1, waitlisted: -1, leaving: [entry.studentId] });
      }
    }
  }
  return { promoted, cutShort };
}

/** A group entry's enrollments in every class of its group, if they are all still waiting. */
async function waitlistedGroup(entry: StoredEnrollment): Promise<StoredEnrollment[] | undefined> {
  const siblings = (await enrollmentsOfStudent(entry.studentId, entry.groupClassIds ?? [entry.classId])).filter(
    (e) => e.groupId === entry.groupId,
  );
  return siblings.every((sibling) => sibling.status === 'waitlisted') ? siblings : undefined;
}

function raise(error: Error): never {
  throw error;
}
