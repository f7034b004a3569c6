import { tableIndexes, timeToLiveAttribute } from '../../lambdas/platform/table';
import { synthesizePortal } from './synthesize';

test('the table is on demand, recoverable, protected and retained, with the shared keys and indexes', () => {
  const { template } = synthesizePortal();
  template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    Replicas: [
      { DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } },
    ],
    TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
  });
});
