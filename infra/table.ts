// The portal's table in AWS, built from the same key and index names as the local one.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
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
