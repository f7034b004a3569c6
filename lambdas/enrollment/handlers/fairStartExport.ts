import { programmeMoments } from '../../catalogue/settings';
import { allocationSettingsOf } from '../allocationSettings';
import { semesterClassLines } from '../../catalogue/classes';
import { fairStartView } from '../fairStart';
import { ledgerPage } from '../fairStartLedger';
import { seedOf, shownCommitments } from '../../lottery/records/lotterySeeds';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { FairStartRecord } from '../../contract/lottery/fairStartRecord';
import type { ParsedInput } from '../../contract/manifest';
import { failedPrecondition } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/** Decisions a page holds unless asked fewer: a line of a popular class holds thousands. */
const PAGE_DECISIONS = 1000;

/**
 * A page of a semester's fair start record, for `npm run lottery:verify`: its seed, the commitments to it and its
 * draws, and its ledger's decisions line by line, each line in the order they were made; `nextCursor` goes on.
 * Only once the last draw came: before, the seed would tell families the ranks of the draws still to come.
 */
export async function fairStartExport({
  semesterId,
  cursor,
  limit = PAGE_DECISIONS,
}: ParsedInput<'fairStartExport'>): Promise<{ record: FairStartRecord; nextCursor?: string }> {
  const semester = await semesterOrCurrent(semesterId);
  const [settings, seed, classLines] = await Promise.all([
    allocationSettingsOf(semester.id),
    seedOf(semester.id),
    semesterClassLines(semester.id),
  ]);
  const view = fairStartView(semester, settings, seed);
  if (!view) throw failedPrecondition(`${semester.name} has no fair start.`);
  if (!view.seed)
    throw failedPrecondition(
      `The record of ${semester.name}'s fair start holds its seed, which stays secret until the last draw, on ` +
        `${(await programmeMoments())(view.draws.at(-1)!.drawAt)}: download it from then.`,
    );
  // A line is named by one of its classes (lines.ts): each class's id names a line that may hold decisions, its
  // own or its group's, now or before the groups changed.
  const lines = [...classLines.keys()].sort();
  const page = await ledgerPage(semester.id, lines, { ...(cursor && { cursor }), limit });
  return {
    record: {
      kind: 'fairStart',
      semesterId: semester.id,
      semesterName: semester.name,
      minutes: view.minutes,
      seed: view.seed,
      commitments: shownCommitments(seed!.commitments),
      draws: view.draws,
      lines: page.lines,
    },
    ...(page.next && { nextCursor: page.next }),
  };
}

export const handler = portalHandler('fairStartExport', fairStartExport);
