// A seat plan's writes as the items of one DynamoDB transaction, each under its condition, built through
// the entity declarations: the class's counts, the enrollments with their family pointers and audit
// records, the student's and the family's counts, the mail requests and the enrollment requests' decisions.
import type { TransactItem } from '../platform/transact';
import { auditEntity, auditRecord } from './audit';
import { classEntity } from '../catalogue/classes';
import { decisionWrites } from './enrollmentRequests';
import { enrollmentEntity, familyEnrollmentEntity, familyEnrollmentPointer } from './enrollments';
import { familyChangeItem } from '../families/families';
import { lossItem } from '../lottery/records/lotteryLosses';
import { lotteryResultItem } from '../lottery/records/lotteryRequests';
import { mailRequestPut } from '../platform/mailRequests';
import { offerDuePut } from './offers';
import type { SeatWrite } from './seatPlan/core';
import { gradesAdmitted } from './seatRules';
import { studentEntity } from '../families/students';

export interface SeatTransaction {
  items: TransactItem[];
  /** The write each item was built from; none for a condition of the caller's own (the allocator's lease). */
  sources: Array<SeatWrite | undefined>;
}

/** A failed condition: the write whose item it was, and the item as it was (when it exists). */
export interface Failure {
  write?: SeatWrite;
  item?: Record<string, unknown>;
}

export function seatTransaction(
  writes: readonly SeatWrite[],
  now: string,
  conditions: TransactItem[] = [],
): SeatTransaction {
  const transaction: SeatTransaction = { items: [...conditions], sources: conditions.map(() => undefined) };
  for (const write of countsMerged(writes)) {
    for (const item of itemsOf(write, now)) {
      transaction.items.push(item);
      transaction.sources.push(write);
    }
  }
  return transaction;
}

/**
 * One write per student and per family: a transaction names each item once, and a change can count the same
 * child or family twice (a cancel that completes a sibling's waiting move, or the child's own, down the line).
 */
function countsMerged(writes: readonly SeatWrite[]): SeatWrite[] {
  const merged: SeatWrite[] = [];
  const byItem = new Map<string, number>();
  for (const write of writes) {
    const key =
      write.kind === 'student'
        ? `student ${write.familyId} ${write.studentId}`
        : write.kind === 'family'
          ? `family ${write.familyId}`
          : undefined;
    const at = key === undefined ? undefined : byItem.get(key);
    if (key !== undefined && at === undefined) byItem.set(key, merged.length);
    if (at === undefined) merged.push(write);
    else merged[at] = mergedCounts(merged[at]!, write);
  }
  return merged;
}

function mergedCounts(first: SeatWrite, second: SeatWrite): SeatWrite {
  if (first.kind === 'student' && second.kind === 'student')
    return {
      ...first,
      delta: first.delta + second.delta,
      ...((first.grades || second.grades) && { grades: [...(first.grades ?? []), ...(second.grades ?? [])] }),
    };
  if (first.kind === 'family' && second.kind === 'family') {
    const counts = { ...first.change.counts };
    for (const [name, amount] of Object.entries(second.change.counts ?? {}))
      counts[name] = (counts[name] ?? 0) + amount;
    return {
      ...first,
      change: {
        ...first.change,
        ...second.change,
        counts,
        ...((first.change.caps || second.change.caps) && { caps: { ...second.change.caps, ...first.change.caps } }),
        ...((first.change.absent || second.change.absent) && {
          absent: [...new Set([...(first.change.absent ?? []), ...(second.change.absent ?? [])])],
        }),
        refuseDeleted: first.change.refuseDeleted || second.change.refuseDeleted,
      },
    };
  }
  throw new Error(`Cannot merge a ${first.kind} write with a ${second.kind} write.`);
}

/** The failed conditions of a transaction, by the writes they stand for. */
export function failuresOf(
  transaction: SeatTransaction,
  failed: Map<number, Record<string, unknown> | undefined>,
): Failure[] {
  return [...failed].map(([index, item]) => ({
    ...(transaction.sources[index] && { write: transaction.sources[index] }),
    ...(item && { item }),
  }));
}

function itemsOf(write: SeatWrite, now: string): TransactItem[] {
  switch (write.kind) {
    case 'class':
      return [classItem(write, now)];
    case 'enrollment': {
      const isNew = write.expected === 'none';
      // A waiting student's offer as read: one offer at a time, and an offer ends once (accepted, or not).
      const offer =
        write.expected !== 'waitlisted'
          ? ''
          : write.offerSeen
            ? ' AND offerExpiresAt = :offerSeen'
            : ' AND attribute_not_exists(offerExpiresAt)';
      // A family's change of answers meanwhile is not undone: the change is planned again from a new read.
      const answersAsRead = write.enrollment.answersSavedAt
        ? '#answersSavedAt = :answersSavedAt'
        : 'attribute_not_exists(#answersSavedAt)';
      const put = enrollmentEntity.putItem(write.enrollment, {
        condition: isNew
          ? 'attribute_not_exists(PK) OR #status = :expected'
          : `#status = :expected AND ${answersAsRead}${offer}`,
        names: { '#status': 'status', ...(!isNew && { '#answersSavedAt': 'answersSavedAt' }) },
        values: {
          ':expected': isNew ? 'cancelled' : write.expected,
          ...(write.offerSeen && { ':offerSeen': write.offerSeen }),
          ...(!isNew && write.enrollment.answersSavedAt && { ':answersSavedAt': write.enrollment.answersSavedAt }),
        },
      });
      const audit = auditEntity.putItem(auditRecord(write.enrollment, write.expected, write.reason, write.by, now));
      return isNew
        ? [put, familyEnrollmentEntity.putItem(familyEnrollmentPointer(write.enrollment)), audit]
        : [put, audit];
    }
    case 'student':
      return [studentItem(write)];
    case 'family':
      return [familyChangeItem(write.familyId, write.change)];
    case 'notice': {
      const [first] = write.enrollments;
      const request = {
        kind: write.notice,
        familyId: first!.familyId,
        studentId: first!.studentId,
        classIds: write.enrollments.map((enrollment) => enrollment.classId),
        ...(first!.groupId && { groupId: first!.groupId }),
        ...(write.fromClassId && { fromClassId: write.fromClassId }),
        ...(first!.offerExpiresAt && { offerExpiresAt: first!.offerExpiresAt }),
      };
      return [mailRequestPut(request, now)];
    }
    case 'classNotice':
      return [mailRequestPut(write.request, now)];
    case 'offerDue':
      return [offerDuePut(write.enrollment)];
    case 'moveMark': {
      const { classId, studentId, movingTo } = write.enrollment;
      return [
        enrollmentEntity.updateItem(
          { classId, studentId },
          {
            set: { movingTo: write.movingTo, updatedAt: now },
            names: { '#status': 'status', '#movingTo': 'movingTo' },
            values: { ':enrolled': 'enrolled', ...(movingTo && { ':seenMovingTo': movingTo }) },
            condition: `#status = :enrolled AND ${movingTo ? '#movingTo = :seenMovingTo' : 'attribute_not_exists(#movingTo)'}`,
          },
        ),
      ];
    }
    case 'decision':
      return decisionWrites(write.request, write.decision, Date.parse(now), write.forRequest);
    case 'lotteryResult':
      return [lotteryResultItem(write, now)];
    case 'lotteryLoss':
      return [lossItem(write.familyId, now)];
    case 'lotteryNotice':
      return [mailRequestPut({ kind: 'lotteryResults', familyId: write.familyId, semesterId: write.semesterId }, now)];
  }
}

function classItem({ cls, delta, guards, edit }: Extract<SeatWrite, { kind: 'class' }>, now: string): TransactItem {
  // An enrollment is judged against the class as it is (seat left, still full); a plan made from counts
  // just read (cancel, promotions) holds only while the capacity it used is the class's.
  const judgedAsItIs = guards.hasSeat || guards.stillFull;
  const conditions = ['attribute_exists(PK)', ...(judgedAsItIs ? [] : ['#capacity = :capacity'])];
  const names: Record<string, string> = { '#capacity': 'capacity' };
  const values: Record<string, unknown> = {
    ...(!judgedAsItIs && { ':capacity': cls.capacity }),
    ':enrolled': delta.enrolled,
    ':waitlisted': delta.waitlisted,
    ':now': now,
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
  (delta.leaving ?? []).forEach((studentId, index) => {
    names[`#leaving${index}`] = studentId;
    remove.push(`waitlistOrder.#leaving${index}`);
  });
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
  if (guards.stillNoSeat) {
    conditions.push('enrolled >= :noSeatFrom');
    values[':noSeatFrom'] = cls.capacity - delta.enrolled;
  }
  if (guards.waitlistUnchanged) {
    conditions.push('waitlisted <= :seenWaitlisted');
    values[':seenWaitlisted'] = cls.waitlisted;
  }
  return classEntity.updateItem(
    { id: cls.id },
    { setClauses: set, removeClauses: remove, names, values, condition: conditions.join(' AND ') },
  );
}

/** The student's count of active enrollments, on the condition that the student exists and is in the grades. */
function studentItem({ familyId, studentId, delta, grades }: Extract<SeatWrite, { kind: 'student' }>): TransactItem {
  const conditions = ['attribute_exists(PK)'];
  const values: Record<string, unknown> = {};
  const range = grades && gradesAdmitted(grades);
  if (range?.min !== undefined) {
    conditions.push('grade >= :minGrade');
    values[':minGrade'] = range.min;
  }
  if (range?.max !== undefined) {
    conditions.push('grade <= :maxGrade');
    values[':maxGrade'] = range.max;
  }
  return studentEntity.updateItem(
    { familyId, id: studentId },
    { add: { activeEnrollments: delta }, values, condition: conditions.join(' AND ') },
  );
}
