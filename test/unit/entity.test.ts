// The entity declarations: the items they store, key for key and attribute for attribute (items stored
// before a type was declared with entity.ts must still read), and the queries they make, with a mocked
// DynamoDB client.
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { entity } from '../../lambdas/platform/entity';
import {
  failedMail,
  MailRefused,
  mailRequestEntity,
  mailRequestPut,
  noteMailFailure,
} from '../../lambdas/platform/mailRequests';
import { AwsJsonError } from '../../lambdas/platform/awsJson';
import { refusedForGood } from '../../lambdas/mail/mail';
import { deliveryEntity, messageEntity, type StoredMessage } from '../../lambdas/mail/messages';
import { reminderEntity } from '../../lambdas/mail/reminders';
import {
  recordRemoval,
  removalRecords,
  retentionSetting,
  saveRetentionSetting,
} from '../../lambdas/administration/retention';
import { clearSuppression, listSuppressions, suppress } from '../../lambdas/mail/suppressions';

const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => dynamo.reset());

/** A type of the library's own test: a note in a box, some listed as flagged. */
const noteEntity = entity<{ text: string; flaggedAt?: string }, { box: string; id: string }, 'flagged'>({
  type: 'note',
  key: { partition: ({ box }) => `BOX#${box}`, sort: { prefix: 'NOTE#', of: ({ id }) => id } },
  lists: {
    flagged: {
      index: 'GSI1',
      partition: () => 'FLAGGED',
      sort: { prefix: '', of: ({ flaggedAt, id }) => `${flaggedAt}#${id}` },
      when: ({ flaggedAt }) => flaggedAt !== undefined,
    },
  },
  read: (item) => ({ text: item.string('text') }),
  write: ({ text, flaggedAt }) => ({ text, ...(flaggedAt && { flaggedAt }) }),
});

describe('the library', () => {
  test('`write` decides the attributes beside the keys: fields held in the key alone are not stored twice', () => {
    expect(noteEntity.item({ box: 'b', id: 'n1', text: 'Hi' })).toEqual({
      PK: 'BOX#b',
      SK: 'NOTE#n1',
      type: 'note',
      text: 'Hi',
    });
  });

  test('an item is on a sparse list only when its `when` holds, and `listKeys` gives an update the list keys', () => {
    expect(noteEntity.item({ box: 'b', id: 'n1', text: 'Hi', flaggedAt: '2027-01-04' })).toEqual({
      PK: 'BOX#b',
      SK: 'NOTE#n1',
      GSI1PK: 'FLAGGED',
      GSI1SK: '2027-01-04#n1',
      type: 'note',
      text: 'Hi',
      flaggedAt: '2027-01-04',
    });
    expect(noteEntity.listKeys('flagged', { id: 'n1', flaggedAt: '2027-01-05' })).toEqual({
      GSI1PK: 'FLAGGED',
      GSI1SK: '2027-01-05#n1',
    });
  });

  test('`where` reads the items of a partition with these values only, filtered by DynamoDB', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ PK: 'BOX#b', SK: 'NOTE#n1', text: 'Hi' }] });
    expect(await noteEntity.inPartition({ box: 'b' }, { where: { text: 'Hi', colour: 'red' } })).toEqual([
      { text: 'Hi' },
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :partition AND begins_with(SK, :sort)',
      FilterExpression: '#where0 = :where0 AND #where1 = :where1',
      ExpressionAttributeNames: { '#where0': 'text', '#where1': 'colour' },
      ExpressionAttributeValues: { ':partition': 'BOX#b', ':sort': 'NOTE#', ':where0': 'Hi', ':where1': 'red' },
    });
  });

  test('`newestFirst` reads the last items of a partition first', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    await noteEntity.firstInPartition({ box: 'b' }, 3, { newestFirst: true });
    await noteEntity.firstInPartition({ box: 'b' }, 3);
    const [newest, oldest] = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(newest).toMatchObject({ Limit: 3, ScanIndexForward: false });
    expect(oldest).toMatchObject({ Limit: 3 });
    expect(oldest).not.toHaveProperty('ScanIndexForward');
  });
});

describe('a mail request', () => {
  const stored = {
    PK: 'MAIL#r1',
    SK: 'MAIL',
    type: 'mail',
    kind: 'enrolled',
    familyId: 'f1',
    studentId: 's1',
    classIds: ['c1'],
    requestedAt: '2027-01-04T10:00:00.000Z',
  };

  test('is stored with its id in its key alone, and reads back whole', () => {
    const put = mailRequestPut(
      { kind: 'enrolled', familyId: 'f1', studentId: 's1', classIds: ['c1'] },
      '2027-01-04T10:00:00.000Z',
    );
    const item = put.Put!.Item!;
    expect(item).toEqual({ ...stored, PK: expect.stringMatching(/^MAIL#[0-9a-f-]{36}$/) });
    expect(mailRequestEntity.read(stored)).toEqual({
      id: 'r1',
      kind: 'enrolled',
      familyId: 'f1',
      studentId: 's1',
      classIds: ['c1'],
      requestedAt: '2027-01-04T10:00:00.000Z',
    });
  });

  test("a failed send puts it on GSI1's list of failed mail; the list reads as it always did", async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { failures: 2 } });
    expect(await noteMailFailure({ PK: 'MAIL#r1', SK: 'MAIL' }, new Error('refused'), '2027-01-04T10:01:00.000Z')).toBe(
      false,
    );
    const update = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    const set = Object.fromEntries(
      Object.entries(update.ExpressionAttributeNames!)
        .filter(([name]) => name.startsWith('#set'))
        .map(([name, attribute]) => [attribute, update.ExpressionAttributeValues![`:${name.slice(1)}`]]),
    );
    expect(set).toEqual({
      failedAt: '2027-01-04T10:01:00.000Z',
      lastError: 'Error: refused',
      GSI1PK: 'MAIL#FAILED',
      GSI1SK: '2027-01-04T10:01:00.000Z#r1',
    });
    expect(update).toMatchObject({ Key: { PK: 'MAIL#r1', SK: 'MAIL' }, ConditionExpression: 'attribute_exists(PK)' });
    expect(update.UpdateExpression).toContain('ADD #add0 :add0');

    const failed = { ...stored, GSI1PK: 'MAIL#FAILED', GSI1SK: '2027-01-04T10:01:00.000Z#r1' };
    dynamo.on(QueryCommand).resolves({
      Items: [{ ...failed, failedAt: '2027-01-04T10:01:00.000Z', lastError: 'Error: refused', failures: 5 }],
    });
    expect(await failedMail()).toEqual([
      {
        id: 'r1',
        kind: 'enrolled',
        requestedAt: '2027-01-04T10:00:00.000Z',
        failedAt: '2027-01-04T10:01:00.000Z',
        failures: 5,
        lastError: 'Error: refused',
        waiting: true,
        resends: 0,
        familyId: 'f1',
        classIds: ['c1'],
      },
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ExpressionAttributeNames: { '#partition': 'GSI1PK' },
      ExpressionAttributeValues: { ':partition': 'MAIL#FAILED' },
    });
  });

  test('refused for good by SES (an address it does not write to), it waits for "Send again" from its first failure; throttled, the stream tries it again', async () => {
    const failure = (type: string, status: number) => new AwsJsonError(type, `SES answered ${status}`, status);
    const rejected = failure('MessageRejected', 400);
    const throttled = failure('TooManyRequestsException', 429);
    expect([rejected, throttled, failure('InternalFailure', 500)].map(refusedForGood)).toEqual([true, false, false]);

    dynamo.on(UpdateCommand).resolves({ Attributes: { failures: 1 } });
    const refusal = (error: AwsJsonError) => new MailRefused(['b@example.org'], [error], refusedForGood(error));
    expect(await noteMailFailure({ PK: 'MAIL#r1', SK: 'MAIL' }, refusal(throttled))).toBe(false);
    expect(await noteMailFailure({ PK: 'MAIL#r1', SK: 'MAIL' }, refusal(rejected))).toBe(true);
    const [, forGood] = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(Object.values(forGood!.ExpressionAttributeNames!)).toContain('refusedForGood');

    dynamo.on(QueryCommand).resolves({
      Items: [
        {
          ...{ PK: 'MAIL#r1', SK: 'MAIL', type: 'mail', requestedAt: '2027-01-04T10:00:00.000Z' },
          ...{ kind: 'message', messageId: 'm1', recipient: { familyId: 'f1', email: 'b@example.org' } },
          ...{ failedAt: '2027-01-04T10:01:00.000Z', lastError: 'MessageRejected: SES answered 400', failures: 1 },
          ...{ failedTo: ['b@example.org'], refusedForGood: true },
        },
      ],
    });
    expect(await failedMail()).toEqual([
      expect.objectContaining({ kind: 'message', failures: 1, waiting: true, messageId: 'm1', familyId: 'f1' }),
    ]);
  });

  test('about a class or a message (or its e-mail to one address) reads back as it was written', () => {
    const meetingCancelled = {
      kind: 'meetingCancelled',
      classId: 'c1',
      meeting: { date: '2027-01-09', start: '09:00', end: '12:00' },
      note: 'Avalanche risk',
    } as const;
    const toOneAddress = {
      kind: 'message',
      messageId: 'm1',
      recipient: { familyId: 'f1', email: 'b@example.org' },
    } as const;
    for (const request of [meetingCancelled, { kind: 'message', messageId: 'm1' } as const, toOneAddress]) {
      const item = mailRequestPut(request, '2027-01-04T10:00:00.000Z').Put!.Item!;
      expect(mailRequestEntity.read(item)).toEqual({
        ...request,
        id: String(item.PK).slice('MAIL#'.length),
        requestedAt: '2027-01-04T10:00:00.000Z',
      });
    }
  });
});

describe('a message and its deliveries', () => {
  const message: StoredMessage = {
    id: 'm1',
    semesterId: 'w27',
    classIds: ['c1'],
    topic: 'meetingCancelled',
    subject: 'Cancelled: Ice Climbing on Sat, Jan 9',
    audienceLabel: 'Ice Climbing',
    sentBy: 'portal',
    createdAt: '2027-01-04T10:00:00.000Z',
    meeting: { date: '2027-01-09', start: '09:00', end: '12:00' },
    note: 'Avalanche risk',
    status: 'sending',
    recipients: 2,
    familiesDone: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
  };

  test("the message is stored in its partition and on its semester's list in GSI2, and reads back whole", () => {
    const item = messageEntity.item(message);
    expect(item).toEqual({
      PK: 'MESSAGE#m1',
      SK: 'MESSAGE',
      GSI2PK: 'SEMESTER#w27#MESSAGES',
      GSI2SK: '2027-01-04T10:00:00.000Z#m1',
      type: 'message',
      ...message,
    });
    expect(messageEntity.read(item)).toEqual(message);
  });

  test("a delivery is stored in its message's partition, and reads back whole", () => {
    const delivery = {
      messageId: 'm1',
      familyId: 'f1',
      children: [{ name: 'Ada Tester', status: 'waitlisted' as const, waitlistPosition: 2 }],
      status: 'sending' as const,
      addresses: { 'a@example.org': 'sent' as const, 'b@example.org': 'failed' as const },
    };
    const item = deliveryEntity.item(delivery);
    expect(item).toEqual({ PK: 'MESSAGE#m1', SK: 'TO#f1', type: 'delivery', ...delivery });
    expect(deliveryEntity.read(item)).toEqual(delivery);
  });
});

describe('a suppressed address', () => {
  test('is stored under its address in lower case, listed on GSI1, and read back as recorded', async () => {
    dynamo.on(PutCommand).resolves({});
    await suppress({ email: 'Ada@Example.org', reason: 'bounce', detail: 'smtp; 550 no such user', at: '2027-01-04' });
    const item = dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    const recorded = { email: 'ada@example.org', reason: 'bounce', detail: 'smtp; 550 no such user', at: '2027-01-04' };
    expect(item).toEqual({
      PK: 'SUPPRESSED#ada@example.org',
      SK: 'SUPPRESSED',
      GSI1PK: 'SUPPRESSIONS',
      GSI1SK: '2027-01-04#ada@example.org',
      type: 'suppression',
      ...recorded,
    });
    dynamo.on(QueryCommand).resolves({ Items: [item] });
    expect(await listSuppressions()).toEqual([recorded]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      ExpressionAttributeValues: { ':partition': 'SUPPRESSIONS' },
      ScanIndexForward: false,
    });
  });

  test('is cleared by its address in any case; clearing one that is not there says so', async () => {
    dynamo
      .on(DeleteCommand)
      .resolvesOnce({})
      .rejectsOnce(
        Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }),
      );
    expect(await clearSuppression('ADA@example.org')).toBe(true);
    expect(await clearSuppression('ADA@example.org')).toBe(false);
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({
      PK: 'SUPPRESSED#ada@example.org',
      SK: 'SUPPRESSED',
    });
  });
});

test("a reminder's marker holds when it was asked for, in the class's partition, its class and child in its key alone", () => {
  const put = reminderEntity.putItem(
    { classId: 'c1', studentId: 's1', remindedAt: '2027-01-07T08:00:00.000Z' },
    { ifNew: true },
  );
  expect(put.Put!.Item).toEqual({
    PK: 'CLASS#c1',
    SK: 'REMINDED#s1',
    type: 'reminder',
    remindedAt: '2027-01-07T08:00:00.000Z',
  });
  expect(put.Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
});

describe('retention', () => {
  test('the setting is stored among the settings, and reads back (the default while there is none)', async () => {
    dynamo.on(PutCommand).resolves({});
    const setting = await saveRetentionSetting(5, 'admin-1');
    const item = dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item;
    expect(item).toEqual({
      PK: 'SETTINGS',
      SK: 'RETENTION',
      type: 'retention',
      years: 5,
      updatedAt: setting.updatedAt,
      updatedBy: 'admin-1',
    });
    dynamo.on(GetCommand).resolvesOnce({ Item: item }).resolvesOnce({});
    expect(await retentionSetting()).toEqual(setting);
    expect(await retentionSetting()).toEqual({ years: 3 });
  });

  test('a removal is logged under RETENTION in the order made, and the latest are read back first', async () => {
    dynamo.on(PutCommand).resolves({});
    const record = await recordRemoval({
      by: 'admin-1',
      years: 3,
      cutoff: '2024-01-04',
      semesters: [{ id: 'w20', name: 'Winter 2020' }],
      removed: { enrollments: 4, auditRecords: 9, students: 1 },
      done: true,
    });
    const item = dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item;
    expect(item).toEqual({ PK: 'RETENTION', SK: `REMOVAL#${record.at}#${record.id}`, type: 'removal', ...record });
    dynamo.on(QueryCommand).resolves({ Items: [item!] });
    expect(await removalRecords()).toEqual([record]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':partition': 'RETENTION', ':sort': 'REMOVAL#' },
      ScanIndexForward: false,
      Limit: 50,
    });
  });
});
