// The ledger of a fair start: one item per decision of a request in a semester with a fair start (in its draw or
// after it), written in the transaction that decides the request, so the order in which each line's requests were
// decided can be checked against the draw long after (the decisions themselves expire after a day). One partition
// per semester and line, `FAIRSTART#<semesterId>#LINE#<line>`: a line is decided by one allocator at a time, so no
// partition takes more than one batch at a time however many families enroll. Sorted by
// `DECISION#<decidedAt:15>#<position in its batch:3>#<requestId>`, so a query reads a line in the order of its
// decisions. No time to live: the ledger is kept with its semester, like its lottery draws (ids only, no child's
// data, so the retention removal leaves it too).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FairStartRecord, RecordedDecision } from '../contract/lottery/fairStartRecord';
import { dynamo, tableName } from '../platform/dynamo';
import { notACursor } from '../platform/cursor';
import type { TransactItem } from '../platform/transact';
import { entity, optional } from '../platform/entity';

/** Where a request's decision is recorded: its semester's fair start, in its line. */
export interface FairStartMark {
  semesterId: string;
  line: string;
}

type LedgerKey = FairStartMark & Pick<RecordedDecision, 'decidedAt' | 'requestId'> & { position: number };

const MOMENT_DIGITS = 15;
const POSITION_DIGITS = 3;

const partitionOf = ({ semesterId, line }: FairStartMark) => `FAIRSTART#${semesterId}#LINE#${line}`;

const ledgerEntity = entity<RecordedDecision, LedgerKey>({
  type: 'fairStartDecision',
  key: {
    partition: partitionOf,
    sort: {
      prefix: 'DECISION#',
      of: ({ decidedAt, position, requestId }) =>
        `${String(decidedAt).padStart(MOMENT_DIGITS, '0')}#${String(position).padStart(POSITION_DIGITS, '0')}#${requestId}`,
    },
  },
  read: (item) => ({
    decidedAt: item.number('decidedAt'),
    requestId: item.string('requestId'),
    familyId: item.string('familyId'),
    studentId: item.string('studentId'),
    classIds: item.strings('classIds'),
    ...optional('groupId', item.optionalString('groupId')),
    arrivedAt: item.number('arrivedAt'),
    ...optional(
      'draw',
      item.item.draw === undefined
        ? undefined
        : {
            opening: item.nested('draw').string('opening'),
            at: item.nested('draw').number('at'),
            rank: item.nested('draw').string('rank'),
          },
    ),
    outcome: item.oneOf('outcome', ['enrolled', 'waitlisted', 'refused'] as const),
    ...optional('refusal', item.optionalString('refusal')),
  }),
});

/**
 * The ledger's item of a decision in its fair start's line, for the transaction that decides the request;
 * `position`: the request's place in its batch, which orders the decisions of one moment.
 */
export function ledgerWrite(mark: FairStartMark, position: number, decision: RecordedDecision): TransactItem {
  return ledgerEntity.putItem({ ...mark, position, ...decision });
}

/** Where a page of a semester's ledger stopped: in which line, after which decision (none: the line's start). */
interface LedgerPlace {
  line: string;
  after?: string;
}

const cursorOf = (place: LedgerPlace) => Buffer.from(JSON.stringify(place)).toString('base64url');

/** A client's cursor, read back: a place in one of the semester's lines, after a decision of the ledger. */
function placeOf(cursor: string, lines: readonly string[]): LedgerPlace {
  let place: unknown;
  try {
    place = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  const { line, after, ...more } = (place ?? {}) as Record<string, unknown>;
  const valid =
    typeof line === 'string' &&
    lines.includes(line) &&
    (after === undefined || (typeof after === 'string' && after.startsWith(ledgerEntity.sortPrefix))) &&
    Object.keys(more).length === 0;
  if (!valid) throw notACursor();
  return { line: line as string, ...optional('after', after as string | undefined) };
}

/**
 * The next `limit` decisions of a semester's ledger, line after line (`lines`, in their order) and each line in
 * the order of its decisions, and the cursor that goes on from there when more may follow.
 */
export async function ledgerPage(
  semesterId: string,
  lines: readonly string[],
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<{ lines: FairStartRecord['lines']; next?: string }> {
  const place = cursor ? placeOf(cursor, lines) : undefined;
  const page: FairStartRecord['lines'] = [];
  let left = limit;
  for (const line of lines.slice(place ? lines.indexOf(place.line) : 0)) {
    const after = line === place?.line ? place.after : undefined;
    if (left === 0) return { lines: page, next: cursorOf({ line, ...optional('after', after) }) };
    const partition = partitionOf({ semesterId, line });
    const { Items = [], LastEvaluatedKey } = await dynamo.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :partition AND begins_with(SK, :sort)',
        ExpressionAttributeValues: { ':partition': partition, ':sort': ledgerEntity.sortPrefix },
        ...(after && { ExclusiveStartKey: { PK: partition, SK: after } }),
        ConsistentRead: true,
        Limit: left,
      }),
    );
    if (Items.length) page.push({ line, decisions: Items.map(ledgerEntity.read) });
    left -= Items.length;
    if (LastEvaluatedKey) return { lines: page, next: cursorOf({ line, after: LastEvaluatedKey.SK as string }) };
  }
  return { lines: page };
}
