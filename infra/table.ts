// The portal's table in AWS, built from the same key and index names as the local one.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableIndexes, tableKeys, tableStream, timeToLiveAttribute } from '../lambdas/data/table';

export function portalTable(scope: Construct): TableV2 {
  return new TableV2(scope, 'Table', {
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
    })),
  });
}
