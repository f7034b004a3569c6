import { semesterClassLines } from '../../catalogue/classes';
import { lineQueue } from '../enrollmentRequests';
import { queueProgress } from '../lease';
import type { ParsedInput } from '../../contract/manifest';
import type { LineProgress } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

/**
 * How far each line of a semester has come on a busy day, the same for everyone (served from the edge's cache):
 * a page whose request waits follows its place from this, however many families wait.
 */
export async function lineProgress({
  semesterId,
}: ParsedInput<'lineProgress'>): Promise<{ lines: Record<string, LineProgress> }> {
  const lines = [...new Set((await semesterClassLines(semesterId)).values())];
  const progress = await queueProgress(lines.map(lineQueue));
  return {
    lines: Object.fromEntries(
      lines.map((line) => {
        const { decided, decidedAt } = progress.get(lineQueue(line))!;
        return [line, { decided, ...(decidedAt !== undefined && { decidedAt: new Date(decidedAt).toISOString() }) }];
      }),
    ),
  };
}

export const handler = portalHandler('lineProgress', lineProgress);
