// What registration day asks of AWS at a size: each hot partition's writes derived from the writes one
// enrollment makes, the table's peak, and the quotas against AWS's defaults, the first that binds named.
import { readFileSync } from 'node:fs';
import { registrationDay } from '../../infra/capacity';
import {
  emailsOfTheDay,
  bindingOrder,
  PARTITION_WRITE_UNITS,
  partitionPeaks,
  peakEnrollments,
  peakThroughput,
  quotaNeeds,
  signedInAheadNeeded,
} from '../../infra/capacity-limits';
import { capacityReport } from '../../infra/capacity-report';
import { SEMESTER_LIST_SHARDS } from '../../lambdas/platform/partitions';

const district = registrationDay({ families: 10_000 });
const peakOf = (day: typeof district, partition: string) =>
  partitionPeaks(day).find((peak) => peak.partition.startsWith(partition))!.writeUnits;
const needOf = (day: typeof district, quota: string) => quotaNeeds(day).find((need) => need.quota.startsWith(quota))!;

test('10,000 families: 1,200 enrollments a second at the peak, more than one partition takes, so the semester lists are sharded', () => {
  expect(peakEnrollments(district)).toBe(1200);
  expect(peakEnrollments(district)).toBeGreaterThan(PARTITION_WRITE_UNITS);
  // One index write unit per enrollment on each list, spread over the shards.
  expect(peakOf(district, 'GSI2 SEMESTER#<id>#ENROLLMENTS')).toBe(1200 / SEMESTER_LIST_SHARDS);
  expect(peakOf(district, 'GSI2 SEMESTER#<id>#ACTIVITY')).toBe(1200 / SEMESTER_LIST_SHARDS);
});

test('10,000 families: no partition over DynamoDB’s 1,000 write units a second', () => {
  for (const peak of partitionPeaks(district))
    expect([peak.partition, peak.writeUnits <= PARTITION_WRITE_UNITS]).toEqual([peak.partition, true]);
  // The most wanted class's line (a tenth of the requests): each request put and deleted in transactions (4 units),
  // the lease checked and renewed by each of its 10 batches a second (3 units).
  expect(peakOf(district, 'QUEUE#LINE')).toBe(120 * 4 + 10 * 3);
  // The class list: 60 lines at up to 10 seat transactions a second, each rewriting a 2 KB class item's copy.
  expect(peakOf(district, 'GSI1 SEMESTER')).toBe((60 * 10 * 2) / SEMESTER_LIST_SHARDS);
});

test('50,000 families: the most wanted class’s line and partition bind, which no quota raises; the shards hold', () => {
  const large = registrationDay({ families: 50_000 });
  const over = partitionPeaks(large).filter((peak) => peak.writeUnits > PARTITION_WRITE_UNITS);
  expect(over.map((peak) => peak.partition)).toEqual([
    'QUEUE#LINE#<the most wanted class>',
    'CLASS#<the most wanted class>',
  ]);
  expect(needOf(large, 'DynamoDB writes to one partition').ask).toMatch(/not raised by AWS/);
});

test('10,000 families: Lambda concurrency binds first, then Cognito’s sign-ins; the account’s API throttle from 9,197 families', () => {
  expect(needOf(district, 'Lambda concurrent executions').needed).toBe(11_294);
  expect(needOf(district, 'Cognito UserAuthentication')).toMatchObject({ default: 120, needed: 600 });
  expect(needOf(district, 'API Gateway throttle')).toMatchObject({ default: 10_000, needed: 10_868 });
  const [first, second] = bindingOrder(district);
  expect(first).toMatchObject({ quota: 'Lambda concurrent executions (account, Region)' });
  expect(first!.ratio).toBeCloseTo(11.294);
  // Every enroll waiting its full 6 s: the default 1,000 holds up to 874 families.
  expect(first!.bindsAtFamilies).toBe(875);
  expect(second).toMatchObject({ quota: 'Cognito UserAuthentication (sign-ins and refreshes)', bindsAtFamilies: 2001 });
  expect(bindingOrder(district).find(({ quota }) => quota.startsWith('API Gateway'))?.bindsAtFamilies).toBe(9197);
});

test('the table’s peak grows with the families, and the e-mails of the day with the guardians', () => {
  const small = peakThroughput(registrationDay());
  expect(peakThroughput(district).writeUnits).toBeGreaterThan(8 * small.writeUnits);
  expect(emailsOfTheDay(district)).toBe(10_000 * 2 * 1.5);
  expect(needOf(district, 'SES sending quota').needed).toBe(30_000);
});

test('the report names the size, the throttles, the partitions and the first limit that binds', () => {
  const report = capacityReport(district);
  expect(report).toContain('Registration day for 10,000 families and 60 classes');
  expect(report).toContain('user         4,800  9,600');
  expect(report).toContain(
    'First limit that binds: Lambda concurrent executions (account, Region), from 875 families; at 10,000 it is 11.3x its default',
  );
});

test('docs/capacity.md gives the families at which each quota binds as the plan computes them', () => {
  const page = readFileSync('docs/capacity.md', 'utf8');
  for (const binding of bindingOrder(district))
    expect([binding.quota, page.includes(`| ${binding.bindsAtFamilies!.toLocaleString('en-US')} `)]).toEqual([
      binding.quota,
      true,
    ]);
  for (const [families, column] of [
    [1_000, 0],
    [10_000, 1],
    [50_000, 2],
  ] as const) {
    const peaks = partitionPeaks(registrationDay({ families })).map((peak) => Math.ceil(peak.writeUnits));
    const row = (label: string) =>
      page
        .split('\n')
        .find((line) => line.startsWith(`| ${label}`))!
        .split('|')
        .slice(2, 5)
        .map((cell) => Number(cell.replace(/[*,\s]/g, '')));
    expect(row("the most wanted class's line")[column]).toBe(peaks[0]);
    expect(row("the most wanted class's partition")[column]).toBe(peaks[1]);
    expect(row("a shard of the semester's enrollments")[column]).toBe(peaks[2]);
    expect(row("a shard of the semester's class list")[column]).toBe(peaks[4]);
  }
});

test("10,000 families with a fair start of 5 minutes: sign-ins spread over its window stay under Cognito's quota, and the draw's asks and e-mails make the peak", () => {
  const fair = registrationDay({ families: 10_000, fairStart: { minutes: 5 } });
  // 10,000 families over 300 s sign in at 34 a second, against 600 at the first-come opening's peak.
  expect(needOf(fair, 'Cognito UserAuthentication').needed).toBe(34);
  expect(needOf(district, 'Cognito UserAuthentication').needed).toBe(600);
  // After the draw each of the 20,000 enrollments' pages asks once within 30 s, and the lines decide as they ask.
  expect(peakEnrollments(fair)).toBeCloseTo(20_000 / 30);
  expect(peakOf(fair, 'QUEUE#LINE')).toBeLessThan(peakOf(district, 'QUEUE#LINE'));
  // Every family is decided at the draw: all their e-mails, not the rush's 60 %, within the 10 minutes.
  expect(needOf(fair, 'SES sending rate').needed).toBe(Math.ceil((10_000 * 2 * 1.5) / 600));
  expect(needOf(district, 'SES sending rate').needed).toBe(Math.ceil((6_000 * 2 * 1.5) / 600));
  expect(bindingOrder(fair)[0]!.quota).toMatch(/^SES sending rate/);
  expect(capacityReport(fair)).toContain('a fair start: evenly over its 5 minutes');
});

test('first come, first served at 10,000 families: Cognito’s sign-in quota holds if 82 % of the opening’s families had the page open, signed in, before it', () => {
  // 600 families a second at the peak, each signing in; those signed in ahead refresh over the 8 minutes before.
  const share = signedInAheadNeeded(district);
  const atPeak = (1 - share) * 600 + (share * 6000) / 480;
  expect(atPeak).toBeCloseTo(120, 6);
  expect(Math.ceil(share * 100)).toBe(82);
  expect(needOf(district, 'Cognito UserAuthentication').ask).toContain("82 % of the opening's families signed in");
  expect(signedInAheadNeeded(registrationDay({ families: 1_000 }))).toBe(0);
  expect(signedInAheadNeeded(registrationDay({ families: 10_000, fairStart: { minutes: 5 } }))).toBe(0);
  // Past a size, even every family signed in ahead is not enough: the quota must be raised.
  expect(signedInAheadNeeded(registrationDay({ families: 1_000_000 }))).toBeGreaterThan(1);
});
