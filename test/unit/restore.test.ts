// A restore in AWS, against the DynamoDB API as AWS documents it (mocked: no AWS account here): the table as it
// was at the moment, into a new table, given what a restore leaves out, in an order DynamoDB accepts.
import {
  DescribeTableCommand,
  DynamoDBClient,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { restoredTableName, restoreToMoment } from '../../infra/restore';
import { tableStream, timeToLiveAttribute } from '../../lambdas/platform/table';

const AT = new Date('2026-11-28T09:00:00Z');
const STREAM = 'arn:aws:dynamodb:us-west-2:123456789012:table/t/stream/2026-11-28T10:00:00.000';

test("the new table's name says what it restores and to when, and a restore of a restore does not grow it", () => {
  expect(restoredTableName('RegistrationPortal-Table', AT)).toBe('RegistrationPortal-Table-restored-20261128T0900');
  expect(restoredTableName('RegistrationPortal-Table-restored-20261128T0900', new Date('2026-11-29T10:30:00Z'))).toBe(
    'RegistrationPortal-Table-restored-20261129T1030',
  );
});

test('restores to the moment, then turns on the stream, deletion protection, expiry and point-in-time recovery', async () => {
  const dynamo = mockClient(DynamoDBClient);
  dynamo.on(DescribeTableCommand).resolves({ Table: { TableStatus: 'ACTIVE', LatestStreamArn: STREAM } });
  const restored = await restoreToMoment(new DynamoDBClient({ region: 'us-west-2' }), 'RegistrationPortal-Table', AT);
  const target = 'RegistrationPortal-Table-restored-20261128T0900';
  expect(restored).toMatchObject({ tableName: target, streamArn: STREAM });
  const calls = dynamo.calls().map((call) => call.args[0]);
  const changes = calls.filter((command) => !(command instanceof DescribeTableCommand));
  expect(changes.map((command) => [command.constructor.name, command.input])).toEqual([
    [
      RestoreTableToPointInTimeCommand.name,
      {
        SourceTableName: 'RegistrationPortal-Table',
        TargetTableName: target,
        RestoreDateTime: AT,
        BillingModeOverride: 'PAY_PER_REQUEST',
      },
    ],
    [
      UpdateTableCommand.name,
      { TableName: target, StreamSpecification: { StreamEnabled: true, StreamViewType: tableStream } },
    ],
    [UpdateTableCommand.name, { TableName: target, DeletionProtectionEnabled: true }],
    [
      UpdateTimeToLiveCommand.name,
      { TableName: target, TimeToLiveSpecification: { Enabled: true, AttributeName: timeToLiveAttribute } },
    ],
    [
      UpdateContinuousBackupsCommand.name,
      { TableName: target, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } },
    ],
  ]);
  // Each change to the table waits for it to be ACTIVE again: DynamoDB refuses a second update while one runs.
  const describedBefore = (index: number) =>
    calls.slice(0, calls.indexOf(changes[index]!)).filter((command) => command instanceof DescribeTableCommand).length;
  expect(describedBefore(1)).toBeGreaterThanOrEqual(1);
  expect(describedBefore(2)).toBeGreaterThan(describedBefore(1));
  expect(describedBefore(3)).toBeGreaterThan(describedBefore(2));
});
