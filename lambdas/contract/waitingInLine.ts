// How a page waits for a request in line on a busy day, for the web app and the benchmarks' clients alike. Its
// place moves up as its line's progress (`lineProgress`, one read everyone shares, served from the edge) tells
// more requests decided; the pace of that progress estimates its turn; and the portal is asked about the request
// itself only when the turn is near, or now and then in any case. So a thousand families waiting cost the origin
// the asks of those whose turn is near, not one call each every few seconds.
import { ASK_AGAIN_MS, askAgainInMs, type EnrollmentAnswer, type LineMark, type LineProgress } from './records';

/** Where a request waits, as the page shows it: its place now and its estimated turn, or its fair start's draw. */
export type Waiting = { place: number; turnInMs?: number } | { drawAt: string };

/** A reading of a line's progress: how many of its requests were decided, as read at `at` (epoch ms). */
export interface Sighting {
  decided: number;
  at: number;
}

/** How often a page reads its line's progress (the edge keeps it up to LINE_PROGRESS_MAX_AGE_SECONDS). */
const PROGRESS_READ_MS = 2000;
/** The pace is the line's decisions over the last this-long. */
const PACE_WINDOW_MS = 30_000;
/** The portal is asked about the request once its estimated turn is this near… */
const NEAR_MS = 4000;
/** …or, before the line's pace is known, once it is this near the front… */
const NEAR_PLACE = 3;
/**
 * …and at least this often anyway: the exact place, and a hand in deciding the line when nobody else does. Only
 * near the front: every FAR_PLACE places further back, the page waits as long again. An ask far back is answered its
 * place at once and leads nothing, and the line's progress already tells that place; asked every 20 s, the 7,000 pages
 * after a fair start's draw of 3,000 families made 350 asks a second the capacity plan never counted (`npm run bench
 * -- fair`, 2026-11-29).
 */
const QUIET_MS = 20_000;
/**
 * An ask about a request further than this from its line's front is answered its place at once (enrollmentAnswer.ts):
 * it would not be decided within the ask's short wait, which costs a look at its decision every few hundred ms and a
 * try at leading its line. After a fair start's draw about 6,300 pages asked within 30 s, and waiting each of them
 * out kept the local engine's calls timing out for ten minutes (`npm run bench -- fair`, 2026-11-29). The requests
 * nearer the front lead the line, and the fairStartDraws schedule leads a line every minute in any case.
 */
export const FAR_PLACE = 50;

/** How long a page at `place` goes without asking the portal while it follows its line. */
export const quietMs = (place: number) => QUIET_MS * Math.max(1, Math.ceil(place / FAR_PLACE));
/**
 * After a fair start's draw, each page asks at a random moment within this long: every family's page waits for the
 * same moment, and at 10,000 families their 20,000 asks at once would be as many Lambdas in the same second. The
 * first ask of a line leads it (its allocator decides the line in the draw's order, whoever asked), so a busy line
 * starts within a moment and a quiet one within the spread (infra/capacity.ts counts the asks over it).
 */
export const DRAW_ASK_SPREAD_MS = 30_000;

/** The place of a request counted at `mark`, once the line has `decided` requests decided. */
export const placeNow = (place: number, mark: LineMark, decided: number) =>
  Math.max(1, place - Math.max(0, decided - mark.decided));

/** Decisions per second over the sightings of the last PACE_WINDOW_MS; undefined until they show some. */
export function paceOf(sightings: readonly Sighting[]): number | undefined {
  const last = sightings.at(-1);
  const first = last && sightings.find((sighting) => sighting.at >= last.at - PACE_WINDOW_MS);
  if (!last || !first || last.decided <= first.decided || last.at <= first.at) return undefined;
  return ((last.decided - first.decided) * 1000) / (last.at - first.at);
}

/** The estimated wait for a request at `place` in a line deciding `pace` requests a second. */
export const turnInMs = (place: number, pace: number | undefined) =>
  pace === undefined ? undefined : Math.round((place * 1000) / pace);

/** Whether to ask the portal about the request now rather than keep following its line. */
export function askNow(place: number, pace: number | undefined, sinceAskedMs: number): boolean {
  if (sinceAskedMs >= quietMs(place)) return true;
  return pace === undefined ? place <= NEAR_PLACE : turnInMs(place, pace)! <= NEAR_MS;
}

/** The two reads a waiting page makes: the request itself (the origin), and its semester's lines (the edge). */
export interface LineReads {
  askAgain(requestId: string): Promise<EnrollmentAnswer>;
  progress(): Promise<Record<string, LineProgress>>;
  /**
   * Whether an ask failed only because the portal was very busy: the request is still in line (asking reads, it
   * changes nothing), so it is asked again after a pause rather than shown as a failure.
   */
  busy?(error: unknown): boolean;
}

/** How often an ask answered "very busy" is asked again, a pause longer each time, before the failure shows. */
export const BUSY_ASKS = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the request `answer` tells is in line (a decided answer comes back as it is): follows its line while
 * its turn is far, asks the portal when it is near, and shows each step through `onWaiting`. Undefined when
 * `signal` stops it (the request stays in line and is decided all the same).
 */
export async function waitInLine(
  answer: EnrollmentAnswer,
  reads: LineReads,
  onWaiting: (waiting: Waiting) => void,
  signal: AbortSignal,
): Promise<EnrollmentAnswer | undefined> {
  let last = answer;
  while (last.pending) {
    const pending = last.pending;
    if ('drawAt' in pending || !pending.line) {
      onWaiting(pending);
      await pause(askAgainInMs(pending) + ('drawAt' in pending ? Math.random() * DRAW_ASK_SPREAD_MS : 0));
    } else {
      await followLine(pending.place, pending.line, reads, onWaiting, signal);
    }
    if (signal.aborted) return undefined;
    last = await askThroughBusy(reads, last.requestId, signal);
  }
  return last;
}

/** Asks about the request; an answer "very busy" is asked again after a pause, up to BUSY_ASKS times in all. */
async function askThroughBusy(reads: LineReads, requestId: string, signal: AbortSignal): Promise<EnrollmentAnswer> {
  for (let ask = 1; ; ask += 1) {
    try {
      return await reads.askAgain(requestId);
    } catch (error) {
      if (ask >= BUSY_ASKS || signal.aborted || !reads.busy?.(error)) throw error;
      await pause(ASK_AGAIN_MS * ask);
    }
  }
}

/** Follows a line from the edge until the request's turn is near (or it is time to ask anyway). */
async function followLine(
  place: number,
  mark: LineMark,
  reads: LineReads,
  onWaiting: (waiting: Waiting) => void,
  signal: AbortSignal,
): Promise<void> {
  const asked = Date.now();
  const sightings: Sighting[] = [];
  let now = place;
  onWaiting({ place });
  for (let read = 0; ; read += 1) {
    await pause(read === 0 ? ASK_AGAIN_MS : PROGRESS_READ_MS);
    if (signal.aborted || askNow(now, paceOf(sightings), Date.now() - asked)) return;
    // A failed read of the progress is a reading missed: the ask comes at the latest after QUIET_MS.
    const line = (await reads.progress().catch(() => undefined))?.[mark.id];
    if (!line) continue;
    sightings.push({ decided: line.decided, at: Date.now() });
    now = placeNow(place, mark, line.decided);
    onWaiting({ place: now, ...optionalTurn(now, paceOf(sightings)) });
    // Decided meanwhile, or nearly: asked at once, not after another pause.
    if (askNow(now, paceOf(sightings), Date.now() - asked)) return;
  }
}

const optionalTurn = (place: number, pace: number | undefined) => {
  const turn = turnInMs(place, pace);
  return turn === undefined ? {} : { turnInMs: turn };
};
