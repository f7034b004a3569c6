// How a page waits for a request in line on a busy day, for the web app and the benchmarks' clients alike. Its
// place moves up as its line's progress (`lineProgress`, one read everyone shares, served from the edge) tells
// more requests decided; the pace of that progress estimates its turn; and the portal is asked about the request
// itself only when the turn is near, or now and then in any case. After a fair start's draw, its place comes from the
// line the draw put in order (`drawnLine`, from the edge too). So a thousand families waiting cost the origin the
// asks of those whose turn is near, not one call each every few seconds.
import {
  ASK_AGAIN_MS,
  askAgainInMs,
  requestTag,
  type DrawnLine,
  type EnrollmentAnswer,
  type LineMark,
  type LineProgress,
} from './records';
import { DRAWN_LINE_MAX_AGE_SECONDS } from './catalogueAge';

/** Where a request waits, as the page shows it: its place now and its estimated turn, or its fair start's draw. */
export type Waiting = { place: number; turnInMs?: number } | { drawAt: string };

/** A reading of a line's progress: how many of its requests were decided, as read at `at` (epoch ms). */
export interface Sighting {
  decided: number;
  at: number;
}

/** How often a page reads its line's progress near its turn (the edge keeps it up to LINE_PROGRESS_MAX_AGE_SECONDS)… */
const PROGRESS_READ_MS = 2000;
/**
 * …and at most this seldom far from it: a tenth of the estimated turn. After a fair start's draw of 3,000 families,
 * the pages read it every 2 s for minutes, 107 reads per family (`npm run bench -- fair`, 2026-11-29): the edge's
 * per-address allowance, sized for 10 a visit (infra/capacity.ts), would refuse a school's shared address.
 */
const PROGRESS_READ_MAX_MS = 30_000;
/** The pace is the line's decisions over the last this-long. */
const PACE_WINDOW_MS = 30_000;
/** The portal is asked about the request once its estimated turn is this near… */
const NEAR_MS = 4000;
/** …or, before the line's pace is known, once it is this near the front… */
const NEAR_PLACE = 3;
/**
 * …and at least this often anyway: a hand in deciding the line when nobody else does, and the exact place. Only at
 * the front: every NEAR_PLACE places further back, the page waits as long again. An ask further back leads nothing
 * and is told the place the line's progress already tells; asked every 20 s, the 7,000 pages after a fair start's
 * draw of 3,000 families would make 350 asks a second that the capacity plan never counted.
 */
const QUIET_MS = 20_000;
/** A page that could not read its line's progress for this long (its own 1 to 2 times it) asks in any case. */
const UNSEEN_MS = 90_000;
/**
 * An ask about a request further than this from its line's front is answered its place at once (enrollmentAnswer.ts):
 * it would not be decided within the ask's short wait, which costs a look at its decision every few hundred ms and a
 * try at leading its line. After a fair start's draw about 6,300 pages asked within 30 s, and waiting each of them
 * out kept the local engine's calls timing out for ten minutes (`npm run bench -- fair`, 2026-11-29). The requests
 * nearer the front lead the line, and the fairStartDraws schedule leads a line every minute in any case.
 */
export const FAR_PLACE = 50;

/** How long a page at `place` goes without asking the portal while it follows its line. */
export const quietMs = (place: number) => QUIET_MS * Math.max(1, Math.ceil(place / NEAR_PLACE));
/**
 * After a fair start's draw, a page that found no place in its drawn line asks at a random moment within this long:
 * every family's page waits for the same moment, and at 10,000 families their 20,000 asks at once would be as many
 * Lambdas in the same second (infra/capacity.ts counts the asks over it, the most they can be).
 */
export const DRAW_ASK_SPREAD_MS = 30_000;
/**
 * After the draw, each page reads its drawn line at a random moment within this long: the edge answers them all
 * from one read of the line, and a page whose clock runs a little fast reads it once the draw came.
 */
const DRAWN_LINE_READ_SPREAD_MS = 2000;
/** Readings of a drawn line still from before the draw (the edge keeps one up to its age) before the page asks. */
const DRAWN_LINE_READS = 3;

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

/** How long a page at `place`, in a line deciding `pace` requests a second, waits before its next reading. */
export function progressReadMs(place: number, pace: number | undefined): number {
  const turn = turnInMs(place, pace);
  return turn === undefined ? PROGRESS_READ_MS : Math.min(PROGRESS_READ_MAX_MS, Math.max(PROGRESS_READ_MS, turn / 10));
}

/** Whether to ask the portal about the request now rather than keep following its line. */
export function askNow(place: number, pace: number | undefined, sinceAskedMs: number): boolean {
  if (sinceAskedMs >= quietMs(place)) return true;
  return pace === undefined ? place <= NEAR_PLACE : turnInMs(place, pace)! <= NEAR_MS;
}

/** The two reads a waiting page makes: the request itself (the origin), and its semester's lines (the edge). */
export interface LineReads {
  askAgain(requestId: string): Promise<EnrollmentAnswer>;
  progress(): Promise<Record<string, LineProgress>>;
  /** A line as its fair start's draw put it in order (the edge's `drawnLine`): the page's place after the draw. */
  drawnLine?(line: string): Promise<DrawnLine>;
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
    if ('drawAt' in pending) {
      onWaiting(pending);
      await pause(askAgainInMs(pending) + Math.random() * DRAWN_LINE_READ_SPREAD_MS);
      if (signal.aborted) return undefined;
      // Its place from the line the draw put in order, followed from there; else an ask within the spread.
      const drawn = await placeInDraw(last.requestId, pending, reads);
      if (drawn) await followLine(drawn.place, drawn.mark, reads, onWaiting, signal);
      else await pause(Math.random() * DRAW_ASK_SPREAD_MS);
    } else if (!pending.line) {
      onWaiting(pending);
      await pause(askAgainInMs(pending));
    } else {
      await followLine(pending.place, pending.line, reads, onWaiting, signal);
    }
    if (signal.aborted) return undefined;
    last = await askThroughBusy(reads, last.requestId, signal);
  }
  return last;
}

/**
 * A request's place in the line its fair start's draw put in order, and the line's mark to follow it from; undefined
 * when the line cannot be read, or does not list the request (decided already, or past the line's listed length).
 */
async function placeInDraw(
  requestId: string,
  pending: { drawAt: string; line?: string },
  reads: LineReads,
): Promise<{ place: number; mark: LineMark } | undefined> {
  const { line } = pending;
  if (line === undefined || !reads.drawnLine) return undefined;
  for (let read = 1; ; read += 1) {
    const drawn = await reads.drawnLine(line).catch(() => undefined);
    if (!drawn) return undefined;
    if (Date.parse(drawn.readAt) >= Date.parse(pending.drawAt)) {
      const index = drawn.requests.indexOf(requestTag(requestId));
      return index === -1 ? undefined : { place: index + 1, mark: { id: line, decided: drawn.decided } };
    }
    if (read === DRAWN_LINE_READS) return undefined;
    await pause(DRAWN_LINE_MAX_AGE_SECONDS * 1000);
  }
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
  let lastSeen = asked;
  // Every page's readings fail together when the edge's one origin call fails: each waits its own while (1 to 2
  // times UNSEEN_MS) before it asks, or they would all ask in the same seconds (at 3,000 families after a fair
  // start's draw, 27,000 asks failed within 2 minutes with 20 s and a reading every 30 s far back).
  const unseenMs = UNSEEN_MS * (1 + Math.random());
  const sightings: Sighting[] = [];
  let now = place;
  onWaiting({ place });
  for (let read = 0; ; read += 1) {
    await pause(read === 0 ? ASK_AGAIN_MS : progressReadMs(now, paceOf(sightings)));
    if (signal.aborted || askNow(now, paceOf(sightings), Date.now() - asked)) return;
    // A failed read of the progress is a reading missed; with none for a while, the portal tells the place.
    const line = (await reads.progress().catch(() => undefined))?.[mark.id];
    if (!line) {
      if (Date.now() - lastSeen >= unseenMs) return;
      continue;
    }
    lastSeen = Date.now();
    sightings.push({ decided: line.decided, at: lastSeen });
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
