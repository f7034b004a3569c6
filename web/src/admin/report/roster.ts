// A class's roster as the printout and its CSV file list it: the enrolled students by name, then the
// waitlist in its order.
import type { FunctionResult } from '@contract/manifest';
import { answerText, type Answer, type RosterEntry } from '@contract/records';
import { fileMoment, toCsv } from '../csv';
import { byListName, sheetColumns, statusLabel, type SizeLabel } from '../students/studentSheet';

export type Roster = FunctionResult<'classRoster'>;

export const enrolledByName = (roster: Roster): RosterEntry[] => [...roster.roster].sort(byListName);

/**
 * Each answer of an entry with the words it is shown under: its question's as asked now, or those it was
 * given under when the question was since removed.
 */
export function labelledAnswers(roster: Pick<Roster, 'questions'>, entry: RosterEntry): Array<[string, string]> {
  const labels = new Map(roster.questions.map((question) => [question.id, question.label]));
  return (entry.answers ?? []).map((answer: Answer) => [
    labels.get(answer.questionId) ?? answer.label,
    answerText(answer.value),
  ]);
}

type RosterRow = RosterEntry & { className: string; answerCells: Map<string, string> };

/**
 * One row per student and class; a column per question (by its words, so classes asking the same share one).
 * Its moments on the clock of `timeZone`, the programme's.
 */
export function rostersCsv(rosters: Roster[], sizeLabel: SizeLabel, timeZone: string): string {
  const moment = fileMoment(timeZone);
  const rows: RosterRow[] = rosters.flatMap((roster) =>
    [...enrolledByName(roster), ...roster.waitlist].map((entry) => ({
      ...entry,
      className: roster.class.name,
      answerCells: new Map(labelledAnswers(roster, entry)),
    })),
  );
  const questionHeaders = [
    ...new Set([
      ...rosters.flatMap((roster) => roster.questions.map((question) => question.label)),
      ...rows.flatMap((row) => [...row.answerCells.keys()]),
    ]),
  ];
  return toCsv(rows, [
    { header: 'Class', value: (row) => row.className },
    { header: 'Status', value: (row) => statusLabel(row, moment) },
    ...sheetColumns<RosterRow>((row) => row, sizeLabel, timeZone),
    ...questionHeaders.map((header) => ({ header, value: (row: RosterRow) => row.answerCells.get(header) })),
  ]);
}
