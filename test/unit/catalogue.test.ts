// The catalogue's data access, with a mocked DynamoDB client.
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { classes } from '../../lambdas/catalogue/handlers/classes';
import { availableEnrollmentClasses } from '../../lambdas/enrollment/handlers/availableEnrollmentClasses';
import { isRegistrationOpen } from '../../lambdas/contract/registrationWindow';
import { classEntity } from '../../lambdas/catalogue/classes';

const dynamo = mockClient(DynamoDBDocumentClient);

const storedClass = (id: string, semesterId: string, extra: Record<string, unknown> = {}) => ({
  ...classEntity.key({ id }),
  id,
  semesterId,
  name: id,
  capacity: 10,
  enrolled: 4,
  waitlisted: 0,
  meetings: [{ date: '2027-01-09', start: '09:00', end: '12:00' }],
  status: 'open',
  ...extra,
});

beforeEach(() => dynamo.reset());

describe('classes', () => {
  test('given class references, when some keys come back unprocessed, then they are asked for again and grouped by semester', async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { 'portal-unit': [storedClass('a', 's1')] },
        UnprocessedKeys: { 'portal-unit': { Keys: [classEntity.key({ id: 'b' })] } },
      })
      .resolvesOnce({ Responses: { 'portal-unit': [storedClass('b', 's2', { enrolled: 12 })] } });
    const result = await classes({ query: [{ id: 'a' }, { id: 'b' }] });
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(result.classes).toEqual({
      s1: [expect.objectContaining({ id: 'a', seatsLeft: 6 })],
      s2: [expect.objectContaining({ id: 'b', seatsLeft: 0 })],
    });
  });

  test('given no current semester, then the list is empty', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [{ id: 'old', name: 'Old', startDate: '2020-01-01', endDate: '2020-03-01', current: false }],
    });
    expect(await classes({})).toEqual({ classes: [] });
  });
});

describe('availableEnrollmentClasses', () => {
  test('a closed class is left out, and with it every group that holds it', async () => {
    // The semester's class list is sharded: the classes below are in one shard, the others empty.
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { IndexName: 'GSI1', ExpressionAttributeValues: { ':partition': 'SEMESTERS' } }).resolves({
      Items: [{ id: 's1', name: 'Winter', startDate: '2027-01-04', endDate: '2027-03-01', current: true }],
    });
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':partition': 'SEMESTER#s1#3', ':sort': 'CLASS#' } })
      .resolves({
        Items: [
          storedClass('open-one', 's1'),
          storedClass('closed-one', 's1', { status: 'closed' }),
          storedClass('open-two', 's1'),
        ],
      });
    dynamo
      .on(QueryCommand, { ExpressionAttributeValues: { ':partition': 'SEMESTER#s1', ':sort': 'GROUP#' } })
      .resolves({
        Items: [
          { id: 'g-open', semesterId: 's1', name: 'A', classIds: ['open-one', 'open-two'] },
          { id: 'g-closed', semesterId: 's1', name: 'B', classIds: ['open-one', 'closed-one'] },
        ],
      });
    // No allocation settings stored: first come, first served without priority windows.
    dynamo.on(BatchGetCommand).resolves({ Responses: { 'portal-unit': [] } });
    const available = await availableEnrollmentClasses();
    expect(available.s1!.classes.map((cls) => cls.id).sort()).toEqual(['open-one', 'open-two']);
    expect(available.s1!.groups.map((group) => group.id)).toEqual(['g-open']);
  });
});

describe('the registration window', () => {
  const semester = { id: 's', name: 'S', startDate: '2027-01-04', endDate: '2027-03-01', current: false };
  test.each([
    ['before it opens', { registrationOpens: '2026-12-01T00:00:00Z' }, '2026-11-30T23:59:59Z', false],
    ['the moment it opens', { registrationOpens: '2026-12-01T00:00:00Z' }, '2026-12-01T00:00:00Z', true],
    [
      'the moment it closes',
      { registrationOpens: '2026-12-01T00:00:00Z', registrationCloses: '2027-01-01T00:00:00Z' },
      '2027-01-01T00:00:00Z',
      false,
    ],
    ['without dates, not current', {}, '2026-12-15T00:00:00Z', false],
    ['without dates, current', { current: true }, '2026-12-15T00:00:00Z', true],
  ])('%s', (_case, window, now, open) => {
    expect(isRegistrationOpen({ ...semester, ...window }, new Date(now))).toBe(open);
  });
});
