// Lottery requests: a family's ranked choices for each child, in the family's partition
// (`FAMILY#id / LOTTERY#<semester>#<student>`), and listed for the draw through GSI1 under `LOTTERY#<semester>`.
// Every change is written under the condition that the semester's draw has not been run (lotteryDraws.ts), so
// a draw's input never changes once it is drawn.
import type { LotteryChoice, LotteryRequest } from '../../contract/records';
import { writeAll, type Key } from '../../platform/dynamo';
import { transactWrite, type TransactItem } from '../../platform/transact';
import { entity, optional, type StoredItem } from '../../platform/entity';
import { partitions } from '../../platform/partitions';
import { keepingRecordsItem } from '../../families/students';

export type StoredLotteryRequest = LotteryRequest & { familyId: string };
type StoredRequest = StoredLotteryRequest;

const readResult = (result: StoredItem): NonNullable<LotteryRequest['result']> => ({
  outcome: result.oneOf('outcome', ['enrolled', 'waitlisted', 'unplaced']),
  ...optional(
    'choice',
    result.item.choice === undefined
      ? undefined
      : { kind: result.nested('choice').oneOf('kind', ['class', 'group']), id: result.nested('choice').string('id') },
  ),
  ...optional('rank', result.optionalNumber('rank')),
  ...optional('reason', result.optionalString('reason')),
});

const requestEntity = entity<StoredRequest, Pick<StoredRequest, 'familyId' | 'semesterId' | 'studentId'>, 'ofLottery'>({
  type: 'lotteryRequest',
  key: {
    partition: ({ familyId }) => partitions.family(familyId),
    sort: { prefix: 'LOTTERY#', of: ({ semesterId, studentId }) => `${semesterId}#${studentId}` },
  },
  lists: {
    ofLottery: {
      index: 'GSI1',
      partition: ({ semesterId }) => `LOTTERY#${semesterId}`,
      sort: { prefix: '', of: (r) => r.studentId },
    },
  },
  read: (item) => ({
    familyId: item.string('familyId'),
    semesterId: item.string('semesterId'),
    studentId: item.string('studentId'),
    choices: item.list('choices', (choice) => ({
      kind: choice.oneOf('kind', ['class', 'group']),
      id: choice.string('id'),
    })) as LotteryChoice[],
    keepTogether: item.boolean('keepTogether'),
    updatedAt: item.string('updatedAt'),
    ...optional('result', item.item.result === undefined ? undefined : readResult(item.nested('result'))),
  }),
});

/** The family's requests in the semester's lottery. */
export async function familyLotteryRequests(familyId: string, semesterId: string): Promise<LotteryRequest[]> {
  return (await requestEntity.inPartition({ familyId }))
    .filter((request) => request.semesterId === semesterId)
    .map(({ familyId: _familyId, ...request }) => request);
}

/** The requests of these children in the semester's lottery, as they are now (those withdrawn are missing). */
export function lotteryRequestsAt(
  semesterId: string,
  keys: Array<{ familyId: string; studentId: string }>,
): Promise<StoredRequest[]> {
  return requestEntity.getMany(
    keys.map(({ familyId, studentId }) => ({ familyId, semesterId, studentId })),
    { consistent: true },
  );
}

/** A child's result in the published draw, written on the request (which must still be there). */
export function lotteryResultItem(
  {
    familyId,
    semesterId,
    studentId,
    result,
  }: Pick<StoredRequest, 'familyId' | 'semesterId' | 'studentId'> & {
    result: NonNullable<LotteryRequest['result']>;
  },
  now: string,
): TransactItem {
  return requestEntity.updateItem(
    { familyId, semesterId, studentId },
    { set: { result, updatedAt: now }, condition: 'attribute_exists(PK)' },
  );
}

/** Every request of the semester's lottery, with its family (the index lags a write by a moment: read after the window closed). */
export function lotteryRequestsOf(semesterId: string): Promise<StoredRequest[]> {
  return requestEntity.inList('ofLottery', { semesterId });
}

/**
 * Saves one child's request and sets `keepTogether` on every other request of the family in the semester, in one
 * transaction that holds only while `unchanged` (the condition that the draw was not run) and the child is on file
 * (counted among the records that keep it: see keepingRecords).
 */
export async function saveLotteryRequest(
  familyId: string,
  request: LotteryRequest,
  siblings: LotteryRequest[],
  unchanged: TransactItem,
): Promise<'saved' | 'changed' | 'no student'> {
  const outcome = await transactWrite([
    unchanged,
    // The child must be on file, and a retention removal that read it before this request keeps it.
    keepingRecordsItem(familyId, request.studentId, 1),
    requestEntity.putItem({ ...request, familyId }),
    ...siblings
      .filter((sibling) => sibling.studentId !== request.studentId && sibling.keepTogether !== request.keepTogether)
      .map((sibling) =>
        requestEntity.updateItem(
          { familyId, semesterId: sibling.semesterId, studentId: sibling.studentId },
          { set: { keepTogether: request.keepTogether, updatedAt: request.updatedAt } },
        ),
      ),
  ]);
  if (outcome.committed) return 'saved';
  return outcome.failed.has(1) ? 'no student' : 'changed';
}

/** Withdraws one child's request, while `unchanged` holds; false when it failed. */
export async function withdrawLotteryRequest(
  familyId: string,
  semesterId: string,
  studentId: string,
  unchanged: TransactItem,
): Promise<boolean> {
  const outcome = await transactWrite([unchanged, requestEntity.deleteItem({ familyId, semesterId, studentId })]);
  return outcome.committed;
}

/** Requests written as they are, in batches, without the draw's condition: a large lottery's test data. */
export async function putLotteryRequests(requests: StoredRequest[]): Promise<void> {
  await writeAll(requests.map((request) => requestEntity.item(request)));
}

/**
 * The keys of a family's lottery requests, to remove them: all (its account deleted), or one child's, in the
 * semesters given (their records expired) or in all.
 */
export async function lotteryRequestKeys(
  familyId: string,
  { studentId, semesterIds }: { studentId?: string; semesterIds?: ReadonlySet<string> } = {},
): Promise<Key[]> {
  return (await requestEntity.inPartition({ familyId }))
    .filter((request) => (studentId ?? request.studentId) === request.studentId)
    .filter((request) => semesterIds?.has(request.semesterId) ?? true)
    .map((request) => requestEntity.key(request));
}
