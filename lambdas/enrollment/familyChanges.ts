// What a family may change itself once a child holds a seat: move the child to another class with a seat, or
// drop the seat, until the semester's deadline for changes (`changesClose`; none: no deadline). After it the
// office does, and the refusal says whom to write to. Leaving a waitlist stays open: it takes nothing from anyone.
import { failedPrecondition } from '../contract/errors';
import type { Semester } from '../contract/records';
import { changesOpen } from '../contract/registrationWindow';
import { momentsIn, programmeTimeZoneOf, readConfigValues } from '../catalogue/settings';

/** Refuses a family's move or drop after the semester's deadline, saying whom to write to instead. */
export async function refuseClosedChanges(semester: Semester, now = Date.now()): Promise<void> {
  if (changesOpen(semester, now)) return;
  // One read of the configuration: the programme's clock and its contact.
  const values = await readConfigValues();
  const when = momentsIn(programmeTimeZoneOf(values));
  const contact = typeof values.contactEmail === 'string' ? values.contactEmail : undefined;
  throw failedPrecondition(
    `Families could move or drop ${semester.name}'s classes until ${when(semester.changesClose!)}. ` +
      `To change a class now, write to ${contact ?? 'the programme'}.`,
  );
}
