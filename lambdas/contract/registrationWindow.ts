// When a semester's registration is open to every family: the server's gates and Class Registration (which asks
// the family's own standing only before then) read it the same way; and until when a family changes a seat itself.
import type { Semester } from './records';

/**
 * Whether families may enroll now. The window is `registrationOpens` (inclusive) to `registrationCloses`
 * (exclusive); a semester with neither date is open while it is the current one.
 */
export function isRegistrationOpen(semester: Semester, now = new Date()): boolean {
  const { registrationOpens, registrationCloses } = semester;
  if (!registrationOpens && !registrationCloses) return semester.current;
  if (registrationOpens && now.getTime() < Date.parse(registrationOpens)) return false;
  if (registrationCloses && now.getTime() >= Date.parse(registrationCloses)) return false;
  return true;
}

/** Whether a family may still move or drop a seat of the semester itself (`changesClose`; none: no deadline). */
export const changesOpen = (semester: Pick<Semester, 'changesClose'>, now = Date.now()) =>
  !semester.changesClose || now < Date.parse(semester.changesClose);
