// One of the portal's own figures (lambdas/platform/metrics.ts) as CloudWatch holds it: the portal's namespace,
// under the stack's name as `service`. The dashboard draws them and the alarms watch them.
import type { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { METRICS_NAMESPACE } from '../lambdas/platform/metrics';

export const portalMetric = (service: string, metricName: string, period: Duration, label?: string) =>
  new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service },
    statistic: 'Sum',
    period,
    ...(label && { label }),
  });
