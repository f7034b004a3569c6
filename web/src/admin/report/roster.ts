// A class's roster as the printout and its CSV file list it: the enrolled students by name, then the
// waitlist in its order.
import type { FunctionResult } from '../../../../lambdas/manifest';
import type { RosterEntry } from '../../../../lambdas/records';
import { toCsv } from '../csv';
import { byListName, sheetColumns, statusLabel, type SizeLabel } from '../students/studentSheet';

export type Roster = FunctionResult<'classRoster'>;

export const enrolledByName = (roster: Roster): RosterEntry[] => [...roster.roster].sort(byListName);

type RosterRow = RosterEntry & { className: string };

/** One row per student and class. */
export function rostersCsv(rosters: Roster[], sizeLabel: SizeLabel): string {
  const rows: RosterRow[] = rosters.flatMap((roster) =>
    [...enrolledByName(roster), ...roster.waitlist].map((entry) => ({ ...entry, className: roster.class.name })),
  );
  return toCsv(rows, [
    { header: 'Class', value: (row) => row.className },
    { header: 'Status', value: (row) => statusLabel(row.status, row.waitlistPosition, row.offerExpiresAt) },
    ...sheetColumns<RosterRow>((row) => row, sizeLabel),
  ]);
}
