import { drawnQueue, lineQueue } from '../enrollmentRequests';
import type { ParsedInput } from '../../contract/manifest';
import type { DrawnLine } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

/**
 * A line as its fair start's draw put it in order, the same for everyone (served from the edge): after the draw,
 * each waiting page finds its request here and follows its place from the line's progress, so thousands of pages
 * learn their places for one read of the line per edge location and age, not one call each.
 */
export async function drawnLine({ line }: ParsedInput<'drawnLine'>): Promise<DrawnLine> {
  const now = Date.now();
  const { tags, decided } = await drawnQueue(lineQueue(line), now);
  return { requests: tags, decided, readAt: new Date(now).toISOString() };
}

export const handler = portalHandler('drawnLine', drawnLine);
