import { enrollmentForCaller, toEnrollment, waitlistPositions } from '../enrollments';
import { changeSeats } from '../seats';
import { enrollGate } from '../allocationSettings';
import { refuseClosedChanges } from '../familyChanges';
import { lineQueue, pendingRequests } from '../enrollmentRequests';
import { recentClasses } from '../../catalogue/classes';
import { recentSemester } from '../../catalogue/semesters';
import { failedPrecondition, notFound } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/**
 * A family moves its child to another class of the same semester with a seat left, in one step: the seat held is
 * given up in the very transaction that takes the new one, so a move that cannot be made leaves the child where it
 * was. With `waitForSeat`, a full class's waitlist instead: the child keeps the seat until one there is theirs,
 * then moves (the seat planner's promotions make the move). Until the semester's deadline for changes, while
 * registration is open to the family, and not while requests wait in the new class's line (they arrived first:
 * a move does not pass them).
 */
export async function transferEnrollment(
  { enrollmentId, classId, waitForSeat }: ParsedInput<'transferEnrollment'>,
  caller: FamilyCaller,
) {
  const enrollment = await enrollmentForCaller(caller, enrollmentId);
  if (enrollment.status !== 'enrolled')
    throw failedPrecondition(
      'Only a child who holds a seat can move: a waiting child can leave the waitlist and enroll elsewhere.',
    );
  const semester = await recentSemester(enrollment.semesterId);
  if (!semester) throw notFound('This class belongs to no semester.');
  await refuseClosedChanges(semester);
  const gate = await enrollGate(semester, enrollment.familyId);
  if (!gate.open) throw failedPrecondition(gate.message);
  const to = (await recentClasses([classId])).get(classId);
  if (!to) throw notFound(`There is no class ${classId}.`);
  if ((await pendingRequests(lineQueue(to.line), 1)).length > 0)
    throw failedPrecondition(
      `Families are enrolling in ${to.name} right now, and their requests go first: try the move again in a few minutes.`,
    );
  const { moved } = await changeSeats({
    kind: 'move',
    enrollment,
    toClassId: classId,
    by: caller,
    needsSeat: true,
    waitForSeat: waitForSeat === true,
  });
  if (moved.status !== 'waitlisted') return { enrollment: toEnrollment(moved) };
  const position = (await waitlistPositions([moved])).get(moved.id);
  return { enrollment: toEnrollment(moved, position) };
}

export const handler = limitedHandler('transferEnrollment', transferEnrollment);
