import { recordRemoval, removeStudentRecords, retentionPlan, retentionSetting } from '../retention';
import type { Removed } from '../../contract/records';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { failedPrecondition } from '../../contract/errors';
import { portalHandler, type Call } from '../../platform/handler';

/** Time left for the answer and its audit record once a student's records are removed. */
const RESERVE_MS = 3_000;

/**
 * Removes what the preview showed for these semesters: refused when another ended semester holds records
 * now (the setting or a semester changed since), so nothing is removed that the administrator did not see.
 * One student at a time, as long as the call has time; the screen calls again until `done`. Every call
 * writes the audit record of what it removed.
 */
export async function removeExpiredRecords(
  { semesterIds }: ParsedInput<'removeExpiredRecords'>,
  caller: Caller,
  call: Call,
) {
  const setting = await retentionSetting();
  const plan = await retentionPlan(setting.years);
  // A removal only ever shrinks what the preview showed (a semester drops out once its records are gone);
  // a semester it did not show (a longer-ended one, a changed setting) means the preview is stale.
  const previewed = new Set(semesterIds);
  if (plan.semesters.some((semester) => !previewed.has(semester.id)))
    throw failedPrecondition('What would be removed has changed since the preview: look at the preview again.');
  const removed: Required<Removed> = { enrollments: 0, auditRecords: 0, students: 0, attendanceRecords: 0 };
  let left = plan.students.length;
  for (const student of plan.students) {
    if (call.remainingMs() < RESERVE_MS) break;
    const done = await removeStudentRecords(student, plan);
    removed.enrollments += done.enrollments;
    removed.auditRecords += done.auditRecords;
    removed.students += done.students;
    removed.attendanceRecords += done.attendanceRecords ?? 0;
    left -= 1;
  }
  const record = await recordRemoval({
    by: caller.sub,
    years: plan.years,
    cutoff: plan.cutoff,
    semesters: plan.semesters.map((semester) => ({ id: semester.id, name: semester.name })),
    removed,
    done: left === 0,
  });
  return { removed, done: left === 0, record };
}

export const handler = portalHandler('removeExpiredRecords', removeExpiredRecords);
