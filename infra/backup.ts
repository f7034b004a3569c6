// Backups of the table beyond its point-in-time recovery (35 days, to the second): AWS Backup takes a copy
// every day, kept 35 days, and one on the first of each month, kept a year, in a vault of their own that
// outlives the stack. (The user pool has no backup in AWS: `npm run users -- export` is its backup.)
import { Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';

const BACKUP_RULES = {
  daily: { keptDays: 35, schedule: { hour: '3', minute: '0' } },
  monthly: { keptDays: 365, schedule: { day: '1', hour: '4', minute: '0' } },
} as const;

export class TableBackup extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: { table: ITableV2 }) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    // Kept when the stack is destroyed, as the table is: the backups are the families' records too. So its name
    // is new with each stack (the first part of the stack's id, made when the stack is created): a deploy after
    // `cdk destroy` makes a vault of its own beside the one kept, instead of failing on the name.
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: `${stackName}-table-${stackIdPart(this)}`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `${stackName}-table`,
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: Schedule.cron(BACKUP_RULES.daily.schedule),
          deleteAfter: Duration.days(BACKUP_RULES.daily.keptDays),
        }),
        new BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: Schedule.cron(BACKUP_RULES.monthly.schedule),
          deleteAfter: Duration.days(BACKUP_RULES.monthly.keptDays),
        }),
      ],
    });
    const selection = this.plan.addSelection('Table', { resources: [BackupResource.fromArn(props.table.tableArn)] });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's own role policy for taking backups, as AWS recommends it.",
    });
  }
}

/** The first part of the stack's id (`arn:…:stack/<name>/<uuid>`), which CloudFormation makes anew for each stack. */
function stackIdPart(scope: Construct): string {
  return Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Stack.of(scope).stackId))));
}
