// The registration-day dashboard: what the portal decided (enrollments, waitlist joins, e-mails), how the API
// answered (by status code, latency percentiles), and what held it back (throttles, conflicts, concurrency).
// One minute a point; the portal's own figures come from its functions (lambdas/platform/metrics.ts).
import { Duration } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  LogQueryVisualizationType,
  LogQueryWidget,
  Metric,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { portalStackOf } from './stack-of';
import { portalMetrics } from '../lambdas/platform/metrics';
import { portalMetric } from './portal-metric';
import { EDGE_REGION, edgeMetricNames } from './edge-acl';

export interface PortalDashboardProps {
  stage: HttpStage;
  accessLogs: ILogGroup;
  table: ITableV2;
  distribution: Distribution;
}

const minute = Duration.minutes(1);

export class PortalDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: PortalDashboardProps) {
    super(scope, id);
    const stackName = portalStackOf(this).stackName;
    const portal = (metricName: string, label: string) => portalMetric(stackName, metricName, minute, label);
    const table = (metricName: string, label: string, dimensions: Record<string, string> = {}) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName, ...dimensions },
        statistic: 'Sum',
        period: minute,
        label,
      });
    const lambda = (metricName: string, label: string, statistic = 'Sum') =>
      new Metric({ namespace: 'AWS/Lambda', metricName, statistic, period: minute, label });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${stackName}-registration-day`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          '# Registration day\nOne point a minute. What each alarm means and what to do: docs/deploying.md in the repository, "Alarms and what to do".',
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Enrollments and waitlist joins per minute',
        left: [
          portal(portalMetrics.enrollments, 'seats taken'),
          portal(portalMetrics.waitlistJoins, 'waitlist places given'),
        ],
        // 0 is the aim: a request placed late reached its queue after a later one was decided.
        right: [portal(portalMetrics.requestsPlacedLate, 'placed late')],
        width: 12,
      }),
      new GraphWidget({
        title: 'E-mails sent and failed per minute',
        left: [
          portal(portalMetrics.mailSent, 'sent (SES took it)'),
          portal(portalMetrics.mailFailed, 'failed (retried)'),
          portal(portalMetrics.mailGivenUp, 'given up (kept to send again)'),
        ],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new LogQueryWidget({
        title: "The API's answers by status code, per minute",
        logGroupNames: [props.accessLogs.logGroupName],
        queryLines: ['fields status', 'stats count(*) as answers by bin(1m), status'],
        view: LogQueryVisualizationType.LINE,
        width: 12,
      }),
      new GraphWidget({
        title: "The API's latency (ms)",
        left: ['p50', 'p90', 'p99'].map((statistic) =>
          props.stage.metricLatency({ statistic, period: minute, label: statistic }),
        ),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Throttles per minute',
        left: [
          props.stage.metricClientError({
            statistic: 'Sum',
            period: minute,
            label: 'API 4xx (its throttling answers 429: see the answers by status)',
          }),
          lambda('Throttles', 'Lambda (account)'),
          table('ReadThrottleEvents', 'table reads'),
          table('WriteThrottleEvents', 'table writes'),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'Transaction conflicts per minute',
        left: [table('TransactionConflict', 'writes cancelled by a conflicting transaction')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Requests the web firewall blocked per minute',
        left: [
          [edgeMetricNames(stackName).apiRequestsPerAddress, 'one address over its API allowance (429)'],
          ['ALL', 'all its rules'],
        ].map(
          ([rule, label]) =>
            new Metric({
              namespace: 'AWS/WAFV2',
              metricName: 'BlockedRequests',
              dimensionsMap: { WebACL: edgeMetricNames(stackName).acl, Rule: rule! },
              statistic: 'Sum',
              period: minute,
              region: EDGE_REGION,
              label,
            }),
        ),
        width: 12,
      }),
      new GraphWidget({
        title: 'Lambda concurrency (account, this region)',
        left: [lambda('ConcurrentExecutions', 'concurrent executions', 'Maximum')],
        width: 12,
      }),
      new GraphWidget({
        title: "CloudFront's answers that are 4xx and 5xx (%)",
        left: ['4xxErrorRate', '5xxErrorRate'].map(
          (metricName) =>
            new Metric({
              namespace: 'AWS/CloudFront',
              metricName,
              dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
              statistic: 'Average',
              period: minute,
              region: EDGE_REGION,
              label: metricName,
            }),
        ),
        width: 12,
      }),
    );
  }
}
