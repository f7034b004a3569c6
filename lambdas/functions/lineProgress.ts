import { semesterClassLines } from '../data/classes';
import { lineQueue, queueProgress } from '../data/enrollmentRequests';
import type { ParsedInput } from '../manifest';
import type { LineProgress } from '../records';
import { portalHandler } from '../shared/handler';

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
