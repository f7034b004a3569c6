// The portal's own figures for the registration-day dashboard: enrollments, waitlist joins, e-mails sent and
// failed. Each is a log line in CloudWatch's Embedded Metric Format (Powertools Metrics): CloudWatch turns it
// into a metric with no API call and nothing to wait for. The stack names the namespace's `service` (its own
// name, so copies of the portal keep their figures apart); the local stack switches them off.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const METRICS_NAMESPACE = 'RegistrationPortal';

/** The metrics the functions emit, by what they count. */
export const portalMetrics = {
  enrollments: 'Enrollments',
  waitlistJoins: 'WaitlistJoins',
  mailSent: 'MailSent',
  mailFailed: 'MailFailed',
  /** E-mails the mailer stopped trying: kept for an administrator to send again (Messages, Failed e-mail). */
  mailGivenUp: 'MailGivenUp',
  /** Enrollment requests decided after one that arrived later (they reached their queue too late): 0 is the promise. */
  requestsPlacedLate: 'RequestsPlacedLate',
} as const;

type MetricName = (typeof portalMetrics)[keyof typeof portalMetrics];

const metrics = new Metrics({ namespace: METRICS_NAMESPACE });

/** Emits the counts at once (one log line): a call keeps nothing for later, whatever else the process runs. */
function emit(counts: Partial<Record<MetricName, number>>): void {
  const nonZero = Object.entries(counts).filter(([, count]) => count);
  if (nonZero.length === 0) return;
  for (const [name, count] of nonZero) metrics.addMetric(name, MetricUnit.Count, count!);
  metrics.publishStoredMetrics();
}

/** The seats taken and waitlist places given by one committed allocation: each class's counts before and after. */
export function countSeatChanges(
  before: ReadonlyMap<string, { enrolled: number; waitlisted: number }>,
  after: ReadonlyMap<string, { enrolled: number; waitlisted: number }>,
): void {
  let enrollments = 0;
  let waitlistJoins = 0;
  for (const [classId, counts] of after) {
    const was = before.get(classId);
    if (!was) continue;
    enrollments += Math.max(0, counts.enrolled - was.enrolled);
    waitlistJoins += Math.max(0, counts.waitlisted - was.waitlisted);
  }
  emit({ [portalMetrics.enrollments]: enrollments, [portalMetrics.waitlistJoins]: waitlistJoins });
}

/** One e-mail SES took, or one the mailer failed to send (the stream tries it again). */
export function countMail(outcome: 'sent' | 'failed' | 'givenUp'): void {
  const name = { sent: portalMetrics.mailSent, failed: portalMetrics.mailFailed, givenUp: portalMetrics.mailGivenUp };
  emit({ [name[outcome]]: 1 });
}

/** Enrollment requests placed late: they reached their queue after a later one was decided, and were placed after it. */
export function countPlacedLate(requests: number): void {
  emit({ [portalMetrics.requestsPlacedLate]: requests });
}
