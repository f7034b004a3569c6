// The capacity plan at one size, as an engineer reads it before a deploy: the day's peak, the throttles and the
// table's warm throughput the stack deploys for it, the partitions written most, and every quota the day uses
// against AWS's default, the first one that binds named. `npm run capacity` and `npm run bench -- district`.
import { table } from './textTable';
import {
  bindingOrder,
  NEW_TABLE_THROUGHPUT,
  PARTITION_WRITE_UNITS,
  partitionPeaks,
  peakThroughput,
} from './capacity-limits';
import { peakArrivals, peakCallsPerSecond, peakConcurrency, routeThrottles, type RegistrationDay } from './capacity';
import { DRAW_ASK_SPREAD_MS } from '../lambdas/contract/waitingInLine';

const whole = (value: number) => Math.ceil(value).toLocaleString('en-US');

export function capacityReport(day: RegistrationDay, mailRate?: number): string {
  const throttles = routeThrottles(day);
  const throughput = peakThroughput(day);
  const warm =
    throughput.writeUnits > NEW_TABLE_THROUGHPUT.writeUnits || throughput.readUnits > NEW_TABLE_THROUGHPUT.readUnits;
  const order = bindingOrder(day, mailRate);
  const first = order[0];
  return [
    `Registration day for ${whole(day.families)} families and ${whole(day.classes)} classes: ` +
      `${whole(peakArrivals(day))} families/s at the peak (${
        day.fairStart
          ? `a fair start: evenly over its ${day.fairStart.minutes} minutes, the draw's asks over ${DRAW_ASK_SPREAD_MS / 1000} s`
          : `${Math.round(day.rush.share * 100)} % in the first ${day.rush.seconds} s`
      }), ` +
      `${whole(peakCallsPerSecond(day))} API calls/s, ${whole(peakConcurrency(day))} Lambdas at once (enroll waiting for its decision counted).`,
    '',
    day.fairStart
      ? 'Route throttles this opening needs (per route, by access level; the stack deploys those of first come, first served, its worst case):'
      : 'Route throttles the stack deploys (per route, by access level):',
    table([
      ['access', 'rate/s', 'burst'],
      ...Object.entries(throttles).map(([access, limits]) => [
        access,
        whole(limits.rateLimit),
        whole(limits.burstLimit),
      ]),
    ]),
    '',
    `Table at the peak: ${whole(throughput.writeUnits)} write units/s, ${whole(throughput.readUnits)} read units/s; ` +
      (warm
        ? 'the stack warms the table and its indexes to that before the day (a one-time charge).'
        : `within what a new on-demand table serves at once (${whole(NEW_TABLE_THROUGHPUT.writeUnits)} writes, ${whole(NEW_TABLE_THROUGHPUT.readUnits)} reads): no warming.`),
    '',
    `Partitions written most (DynamoDB's limit: ${whole(PARTITION_WRITE_UNITS)} write units/s each):`,
    table([
      ['partition', 'write units/s', 'of limit', 'why'],
      ...partitionPeaks(day).map((peak) => [
        peak.partition,
        whole(peak.writeUnits),
        `${Math.round((peak.writeUnits / PARTITION_WRITE_UNITS) * 100)} %`,
        peak.why,
      ]),
    ]),
    '',
    'Quotas in the order they bind as the families grow (AWS defaults; ask before the day for every one over):',
    table([
      ['quota', 'default', 'needed', 'unit', 'over', 'binds from', 'how to raise'],
      ...order.map((need) => [
        need.quota,
        whole(need.default),
        whole(need.needed),
        need.unit,
        need.ratio > 1 ? `${need.ratio.toFixed(1)}x` : '-',
        need.bindsAtFamilies === undefined ? '-' : `${whole(need.bindsAtFamilies)} families`,
        need.ratio > 1 ? need.ask : '',
      ]),
    ]),
    '',
    first!.ratio > 1
      ? `First limit that binds: ${first!.quota}, from ${whole(first!.bindsAtFamilies!)} families; at ${whole(day.families)} it is ${first!.ratio.toFixed(1)}x its default (${whole(first!.needed)} against ${whole(first!.default)} ${first!.unit}).`
      : `No limit binds at ${whole(day.families)} families; the first to bind as they grow: ${first!.quota}, from ${first!.bindsAtFamilies === undefined ? 'no size up to 1,000,000' : `${whole(first!.bindsAtFamilies)} families`}.`,
  ].join('\n');
}
