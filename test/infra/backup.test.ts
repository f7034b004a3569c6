// The table's backups beyond point-in-time recovery: daily kept 35 days, monthly kept a year, in a vault
// that outlives the stack.
import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, synthesizePortal } from './synthesize';

const { stack, template } = synthesizePortal();
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
const resources = template.toJSON().Resources as Record<string, Resource>;
const tableId = logicalId(stack.node.findChild('Table'));
const backup = stack.node.findChild('Backup');

test('the vault is kept when the stack is destroyed, like the table, under a name new with each stack', () => {
  const vault = resources[logicalId(backup.node.findChild('Vault'))]!;
  const stackIdPart = {
    'Fn::Select': [0, { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] }],
  };
  expect(vault).toMatchObject({
    Type: 'AWS::Backup::BackupVault',
    Properties: { BackupVaultName: { 'Fn::Join': ['', ['RegistrationPortal-table-', stackIdPart]] } },
    DeletionPolicy: 'Retain',
  });
});

test('a daily backup kept 35 days and a monthly one kept a year, into that vault', () => {
  const plan = resources[logicalId(backup.node.findChild('Plan'))]!.Properties.BackupPlan;
  const vault = { 'Fn::GetAtt': [logicalId(backup.node.findChild('Vault')), 'BackupVaultName'] };
  expect(plan.BackupPlanRule).toEqual([
    expect.objectContaining({
      RuleName: 'Daily',
      ScheduleExpression: 'cron(0 3 * * ? *)',
      Lifecycle: { DeleteAfterDays: 35 },
      TargetBackupVault: vault,
    }),
    expect.objectContaining({
      RuleName: 'Monthly',
      ScheduleExpression: 'cron(0 4 1 * ? *)',
      Lifecycle: { DeleteAfterDays: 365 },
      TargetBackupVault: vault,
    }),
  ]);
});

test("the plan backs up the portal's table (on top of its point-in-time recovery), with AWS Backup's own role", () => {
  template.hasResourceProperties('AWS::Backup::BackupSelection', {
    BackupSelection: {
      Resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }],
      IamRoleArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('BackupPlanTableRole'), 'Arn'] },
    },
  });
  template.hasResourceProperties('AWS::IAM::Role', {
    ManagedPolicyArns: [
      {
        'Fn::Join': [
          '',
          ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup'],
        ],
      },
    ],
  });
  template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
    Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
  });
});
