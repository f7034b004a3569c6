// A published lottery draw, written a transaction at a time: each child's place as drawn (unless enrolling would
// refuse it now), and each family's e-mail and loss.
import type { Class } from '../../contract/records';
import type { Actor } from '../../platform/caller';
import { failedPrecondition, type PortalError } from '../../contract/errors';
import { policiesMessage, requiredNotAccepted, uncheckedDetails } from '../childReadiness';
import { enrollmentIdOf, isActive, type StoredEnrollment } from '../enrollments';
import { capRefusal, capsOf, gradeMessage, inGrades } from '../seatRules';
import {
  addDelta,
  classWrites,
  familyCounts,
  itemsOf,
  joining,
  MAX_TRANSACTION_ITEMS,
  newEnrollment,
  present,
  refuse,
  seatsLeft,
  type LotteryOutcome,
  type LotteryPlacement,
  type LotteryResult,
  type SeatCommand,
  type SeatDelta,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
} from './core';

const seatTaken: SeatDelta = { enrolled: 1, waitlisted: 0 };

/**
 * The first whole units of a draw's placements that one transaction holds, written on the classes' counts
 * exactly as read. A child is left out when its family deleted its account, it is gone, its request is gone,
 * or it already holds an enrollment in a class of its choice (that one stands); a choice with a class gone
 * leaves the child unplaced.
 */
export function planLottery(
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
    const status = classes.every((cls) => seatsLeft(cls, deltas) >= children.length) ? 'enrolled' : 'waitlisted';
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
