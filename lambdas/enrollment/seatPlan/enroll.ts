// The allocator's batches: a queue's enrollment requests, seated or waitlisted in arrival order by the seat rule
// (allocation.ts), as many as one transaction decides.
import { failedPrecondition, notFound, type PortalError } from '../../contract/errors';
import { allocateSeats, batchLength } from '../allocation';
import type { AuditReason } from '../audit';
import type { EnrollmentRequest } from '../enrollmentRequests';
import type { StoredEnrollment } from '../enrollments';
import { capsOf } from '../seatRules';
import { registrationWindowMessage } from '../../catalogue/semesters';
import { momentText } from '../../contract/moments';
import { isRegistrationOpen } from '../../contract/registrationWindow';
import type { EnrollmentCaps } from '../../catalogue/settings';
import {
  familyCounts,
  MAX_TRANSACTION_ITEMS,
  newEnrollment,
  type BatchOutcome,
  type SeatCommand,
  type SeatPlan,
  type SeatView,
  type SeatWrite,
  type Stamp,
} from './core';

/**
 * The first requests (in arrival order) that one transaction decides, seated or waitlisted by the seat rule
 * (allocation.ts), after those the view refuses. The classes' counts are written on the condition that they
 * are exactly as read: the allocator is their one writer, and anyone else's change makes it read again.
 */
export function planEnroll(
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
    : failedPrecondition(registrationWindowMessage(semester, arrived, view.when ?? ((iso) => momentText(iso, 'UTC'))));
}
