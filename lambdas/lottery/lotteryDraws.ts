// A semester's lottery draw: its state, `SEMESTER#id / LOTTERY` (the draw shown to administrators, its seed,
// summary, and whether it is published), and its export (input and result, what `npm run lottery:verify`
// reads), gzipped into parts of `LOTTERY#<semester>#<draw> / PART#n` because 1,500 requests take more than the
// 400 KB an item holds. A draw's export is written before its state names it, so a state never names a
// draw whose export is missing. Publishing moves the state from preview to publishing (the draw's placements
// are written a transaction at a time, each marked by `LOTTERY#<semester>#<draw> / PUBLISHED#<first>`, see
// lotteryPublication.ts) and then to published. A draw is named, and starts publishing, only while its seed is the
// semester's committed seed (lotterySeeds.ts).
import { gunzipSync, gzipSync } from 'node:zlib';
import type { DrawExport } from '../contract/lottery/drawExport';
import type { DrawSummary } from '../contract/lottery/draw';
import { transactWrite, type TransactItem } from '../platform/transact';
import { entity, optional, type StoredItem } from '../platform/entity';
import { seedStillCommitted } from './records/lotterySeeds';
import { partitions } from '../platform/partitions';
import type { DrawRun, LeftOutChild, LotteryDrawState } from '../contract/lottery/records';

/** A summary as stored: its counts by rank as a map ("1": first choices), which the item reader reads. */
const storedSummary = (summary: DrawSummary) => ({
  ...summary,
  byRank: Object.fromEntries(summary.byRank.map((count, index) => [String(index + 1), count])),
});

function readSummary(item: StoredItem): DrawSummary {
  const summary = item.nested('summary');
  const byRank = summary.numbers('byRank');
  return {
    requests: summary.number('requests'),
    byRank: Object.keys(byRank).map((_, index) => byRank[String(index + 1)] ?? 0),
    waitlisted: summary.number('waitlisted'),
    unplaced: summary.number('unplaced'),
    siblingUnits: summary.number('siblingUnits'),
  };
}

const readRun = (item: StoredItem): DrawRun => ({
  semesterId: item.string('semesterId'),
  drawId: item.string('drawId'),
  seed: item.string('seed'),
  ...optional('commitment', item.optionalNumber('commitment')),
  ranAt: item.string('ranAt'),
  ranBy: item.string('ranBy'),
  summary: readSummary(item),
  ...optional('publishedAt', item.optionalString('publishedAt')),
  ...optional('publishedBy', item.optionalString('publishedBy')),
  ...optional('leftOut', item.item.leftOut === undefined ? undefined : readLeftOut(item)),
});

const stateEntity = entity<LotteryDrawState, Pick<LotteryDrawState, 'semesterId'>>({
  type: 'lotteryDraw',
  key: { partition: ({ semesterId }) => partitions.semester(semesterId), sort: 'LOTTERY' },
  read: (item) => ({
    ...readRun(item),
    runs: item.number('runs'),
    status: item.oneOf('status', ['preview', 'publishing', 'published']),
  }),
  write: (state) => ({ ...state, summary: storedSummary(state.summary) }),
});

const partEntity = entity<
  { semesterId: string; drawId: string; index: number; data: string },
  { semesterId: string; drawId: string; index: number }
>({
  type: 'lotteryDrawPart',
  key: {
    partition: ({ semesterId, drawId }) => `LOTTERY#${semesterId}#${drawId}`,
    sort: { prefix: 'PART#', of: ({ index }) => String(index).padStart(3, '0') },
  },
  read: (item) => ({
    semesterId: item.string('semesterId'),
    drawId: item.string('drawId'),
    index: item.number('index'),
    data: item.string('data'),
  }),
});

const runEntity = entity<DrawRun, Pick<DrawRun, 'semesterId' | 'ranAt' | 'drawId'>>({
  type: 'lotteryDrawRun',
  key: {
    partition: ({ semesterId }) => `LOTTERY#${semesterId}`,
    sort: { prefix: 'RUN#', of: ({ ranAt, drawId }) => `${ranAt}#${drawId}` },
  },
  read: readRun,
  write: (run) => ({ ...run, summary: storedSummary(run.summary) }),
});

/** The semester's draw runs, newest first: the audit trail of its draws. */
export async function drawRunsOf(semesterId: string): Promise<DrawRun[]> {
  return (await runEntity.inPartition({ semesterId })).reverse();
}

/** Characters of base64 per part: well under an item's 400 KB. */
const PART_CHARS = 300_000;

export function drawStateOf(semesterId: string): Promise<LotteryDrawState | undefined> {
  return stateEntity.get({ semesterId });
}

/** A transaction's check that the semester's lottery has not been drawn: requests change only until then. */
export function notDrawn(semesterId: string): TransactItem {
  return stateEntity.checkItem({ semesterId }, { condition: 'attribute_not_exists(PK)' });
}

/** Keeps a draw's export (its parts), before a state names it. */
export async function putDrawExport(semesterId: string, drawId: string, exported: DrawExport): Promise<void> {
  const data = gzipSync(JSON.stringify(exported)).toString('base64');
  const parts = Array.from({ length: Math.ceil(data.length / PART_CHARS) || 1 }, (_, index) =>
    data.slice(index * PART_CHARS, (index + 1) * PART_CHARS),
  );
  await Promise.all(parts.map((part, index) => partEntity.put({ semesterId, drawId, index, data: part })));
}

/** Records a run in the audit trail, with the export already kept. */
export async function putDrawRun(run: DrawRun): Promise<void> {
  await runEntity.put(run);
}

export async function drawExportOf(semesterId: string, drawId: string): Promise<DrawExport> {
  const parts = await partEntity.inPartition({ semesterId, drawId });
  return JSON.parse(gunzipSync(Buffer.from(parts.map((part) => part.data).join(''), 'base64')).toString('utf8'));
}

/** A transaction's check that the semester's draw, if any, is a preview: a publication has not started. */
export function notPublishing(semesterId: string): TransactItem {
  return stateEntity.checkItem(
    { semesterId },
    {
      condition: 'attribute_not_exists(PK) OR #status = :preview',
      names: { '#status': 'status' },
      values: { ':preview': 'preview' },
    },
  );
}

/**
 * Names a new draw as the semester's preview, if the state is still the one read (no draw yet: `previousDrawId`
 * undefined, or that draw, not published) and the draw's seed is still the committed one. What came first when
 * it is not named: another run or a publication, or a change of seed.
 */
export async function putDrawPreview(
  state: LotteryDrawState,
  previousDrawId: string | undefined,
): Promise<'named' | 'another draw' | 'seed changed'> {
  const outcome = await transactWrite([
    stateEntity.putItem(
      state,
      previousDrawId === undefined
        ? { ifNew: true }
        : {
            condition: '#drawId = :previous AND #status = :preview',
            names: { '#drawId': 'drawId', '#status': 'status' },
            values: { ':previous': previousDrawId, ':preview': 'preview' },
          },
    ),
    seedStillCommitted(state.semesterId, state.seed),
  ]);
  if (outcome.committed) return 'named';
  return outcome.failed.has(0) ? 'another draw' : 'seed changed';
}

const readLeftOut = (item: StoredItem): LeftOutChild[] =>
  item.list('leftOut', (child) => ({
    familyId: child.string('familyId'),
    studentId: child.string('studentId'),
    firstName: child.string('firstName'),
    reason: child.string('reason'),
  }));

/**
 * The mark of one transaction of a draw's publication: the placements from `start` up to `next` are written,
 * and the children among them left unplaced.
 */
const chunkEntity = entity<
  { semesterId: string; drawId: string; start: number; next: number; leftOut: LeftOutChild[] },
  { semesterId: string; drawId: string; start: number }
>({
  type: 'lotteryPublished',
  key: {
    partition: ({ semesterId, drawId }) => `LOTTERY#${semesterId}#${drawId}`,
    sort: { prefix: 'PUBLISHED#', of: ({ start }) => String(start).padStart(6, '0') },
  },
  read: (item) => ({
    semesterId: item.string('semesterId'),
    drawId: item.string('drawId'),
    start: item.number('start'),
    next: item.number('next'),
    leftOut: item.item.leftOut === undefined ? [] : readLeftOut(item),
  }),
});

/** The transactions of a draw's publication committed so far: where each started, and where the next starts. */
export async function publishedChunks(semesterId: string, drawId: string): Promise<Map<number, number>> {
  const chunks = await chunkEntity.inPartition({ semesterId, drawId });
  return new Map(chunks.map(({ start, next }) => [start, next]));
}

/** The mark a chunk's transaction writes, only if no other try wrote it first (then nothing is written twice). */
export function chunkMark(
  semesterId: string,
  drawId: string,
  start: number,
  next: number,
  leftOut: LeftOutChild[],
): TransactItem {
  return chunkEntity.putItem({ semesterId, drawId, start, next, leftOut }, { ifNew: true });
}

/** Where the chunk that starts at `start` ended, when another try committed it. */
export async function chunkEnd(semesterId: string, drawId: string, start: number): Promise<number | undefined> {
  return (await chunkEntity.get({ semesterId, drawId, start }))?.next;
}

/**
 * Starts publishing the draw the administrator saw (`drawId`, still the preview): false when the state is no
 * longer that preview (another run, or a publication, came first), or its seed is no longer the committed one.
 */
export async function startPublishing(semesterId: string, drawId: string, by: string): Promise<boolean> {
  const state = await drawStateOf(semesterId);
  if (state?.drawId !== drawId) return false;
  const outcome = await transactWrite([
    stateEntity.updateItem(
      { semesterId },
      {
        set: { status: 'publishing', publishedBy: by },
        condition: '#drawId = :drawId AND #status = :preview',
        names: { '#drawId': 'drawId', '#status': 'status' },
        values: { ':drawId': drawId, ':preview': 'preview' },
      },
    ),
    // The draw named `drawId` has the seed read: a change of seed made since it ran stops it here.
    seedStillCommitted(semesterId, state.seed),
  ]);
  return outcome.committed;
}

/**
 * Marks the draw published once all its placements are written, with the children its publication left unplaced
 * (from its chunks' marks), and notes it on its run in the audit trail.
 */
export async function finishPublishing(state: LotteryDrawState, at: string): Promise<void> {
  const chunks = await chunkEntity.inPartition({ semesterId: state.semesterId, drawId: state.drawId });
  const published = {
    publishedAt: at,
    publishedBy: state.publishedBy ?? state.ranBy,
    leftOut: chunks.flatMap((chunk) => chunk.leftOut),
  };
  await transactWrite([
    stateEntity.updateItem(
      { semesterId: state.semesterId },
      {
        set: { status: 'published', ...published },
        condition: '#drawId = :drawId AND #status = :publishing',
        names: { '#drawId': 'drawId', '#status': 'status' },
        values: { ':drawId': state.drawId, ':publishing': 'publishing' },
      },
    ),
    runEntity.updateItem(state, { set: published, condition: 'attribute_exists(PK)' }),
  ]);
}
