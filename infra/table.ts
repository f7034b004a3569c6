// The portal's table in AWS, built from the same key and index names as the local one.
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, type ITableV2, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { acknowledgeCustomResourceHandler } from './portal-function';
import { tableIndexes, tableKeys, tableStream, timeToLiveAttribute } from '../lambdas/platform/table';
import { NEW_TABLE_THROUGHPUT, peakThroughput } from './capacity-limits';
import type { RegistrationDay } from './capacity';

/**
 * The table, warmed to the plan's peak when that is above what a new on-demand table serves at once (a one-time
 * charge; DynamoDB would otherwise throttle the opening's first seconds while it scales). Its indexes take the
 * same writes at most (every enrollment's entries), so they are warmed alike.
 */
export function portalTable(scope: Construct, day: RegistrationDay): TableV2 {
  const peak = peakThroughput(day);
  const warm =
    peak.writeUnits > NEW_TABLE_THROUGHPUT.writeUnits || peak.readUnits > NEW_TABLE_THROUGHPUT.readUnits
      ? {
          writeUnitsPerSecond: Math.max(peak.writeUnits, NEW_TABLE_THROUGHPUT.writeUnits),
          readUnitsPerSecond: Math.max(peak.readUnits, NEW_TABLE_THROUGHPUT.readUnits),
        }
      : undefined;
  return new TableV2(scope, 'Table', {
    ...(warm && { warmThroughput: warm }),
    partitionKey: { name: tableKeys.partitionKey, type: AttributeType.STRING },
    sortKey: { name: tableKeys.sortKey, type: AttributeType.STRING },
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    timeToLiveAttribute,
    dynamoStream: StreamViewType[tableStream],
    globalSecondaryIndexes: tableIndexes.map((index) => ({
      indexName: index.indexName,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      ...(warm && { warmThroughput: warm }),
    })),
  });
}

/**
 * A table the stack did not make: one `npm run restore` brought back (the `table` setting). Its stream, which a
 * restore makes anew, is read when the stack deploys; its indexes are granted with it. The stack's own table,
 * kept when it leaves the template, stays where it is.
 */
export function restoredTable(scope: Construct, tableName: string): ITableV2 {
  const described = new AwsCustomResource(scope, 'RestoredTableStream', {
    onUpdate: {
      service: 'DynamoDB',
      action: 'describeTable',
      parameters: { TableName: tableName },
      physicalResourceId: PhysicalResourceId.of(tableName),
    },
    policy: AwsCustomResourcePolicy.fromSdkCalls({
      resources: [Stack.of(scope).formatArn({ service: 'dynamodb', resource: 'table', resourceName: tableName })],
    }),
    installLatestAwsSdk: false,
    memorySize: 256,
  });
  acknowledgeCustomResourceHandler(described);
  return TableV2.fromTableAttributes(scope, 'Table', {
    tableName,
    tableStreamArn: described.getResponseField('Table.LatestStreamArn'),
    grantIndexPermissions: true,
  });
}
