// What registration day asks of AWS at a given size, and what to ask AWS for before it. From the capacity plan
// (capacity.ts: the families' arrival and the calls of their visit) and the writes one enrollment makes (the
// data model's seat transactions), it computes each hot partition's writes a second, the table's throughput
// at the peak (its warm throughput), and every account quota the day uses, against AWS's published defaults.
// `npm run capacity -- --families 10000` prints it; the district benchmark models 10,000 and 50,000 families.
import { deployment } from '../lambdas/platform/deployment';
import { SEMESTER_LIST_SHARDS } from '../lambdas/platform/partitions';
import {
  drawAsks,
  familyVisit,
  openingFamilies,
  peakArrivals,
  peakCallsPerSecond,
  peakConcurrency,
  type RegistrationDay,
} from './capacity';
import { READY_LEAD_MS, READY_SPREAD_MS } from '../lambdas/contract/sessionAhead';
import { COGNITO_QUOTAS } from './cognitoQuotas';
import { ACCOUNT_THROTTLE } from './throttles';

/** DynamoDB's ceiling for one partition (of the table or of an index): write units a second. It is not raised on request. */
export const PARTITION_WRITE_UNITS = 1_000;

/** A transactional write costs twice a plain one: 2 write units per KB. */
const IN_TRANSACTION = 2;

/**
 * The table writes of one enrollment on the day, in write units, from the data model: `enroll` puts the request
 * and its note in one transaction; the allocator's batch deletes the request and writes its decision, the
 * enrollment, its audit record, the family's pointer, the student's and the family's counts and the mail
 * request, all in one transaction.
 */
const ENROLLMENT_WRITES = {
  /** The request put in its line, and deleted once decided: the line's partition. */
  line: 2 * IN_TRANSACTION,
  /** The enrollment, in its class's partition. */
  class: IN_TRANSACTION,
  /** Each in a partition of its own (the request's note and decision, the audit record, the mail request) or the family's. */
  spread: 8 * IN_TRANSACTION,
  /** Each index entry it adds: the semester's enrollments and its activity (GSI2), 1 unit each (an index write is plain). */
  semesterLists: 2,
} as const;

/** Each allocator transaction: the class's counts (its item rewritten), and the lease checked and renewed. */
const transactionWrites = (day: RegistrationDay) => ({
  class: IN_TRANSACTION * day.classItemKB,
  line: IN_TRANSACTION + 1,
  /** The class's entry on the semester's class list (GSI1) is rewritten with it. */
  classList: day.classItemKB,
});

/** Read units per API call that reaches a function (the membership read, a partition or a few items). */
const READ_UNITS_PER_CALL = 4;

/**
 * Enrollments decided a second at the peak: every family arriving in the rush enrolls its children; with a fair
 * start, the draw's requests are decided as their pages' asks lead the lines, within the asks' spread.
 */
export const peakEnrollments = (day: RegistrationDay) =>
  Math.max(peakArrivals(day) * day.enrollmentsPerFamily, drawAsks(day));

/** Seat transactions a second at the peak: each line commits one per request up to its own pace. */
function peakTransactions(day: RegistrationDay): { all: number; hottestLine: number } {
  const enrollments = peakEnrollments(day);
  const hottest = enrollments * day.hottestClassShare;
  const perOtherLine = (enrollments - hottest) / Math.max(1, day.classes - 1);
  const hottestLine = Math.min(hottest, day.transactionsPerLine);
  return { all: hottestLine + (day.classes - 1) * Math.min(perOtherLine, day.transactionsPerLine), hottestLine };
}

export interface PartitionPeak {
  partition: string;
  /** Write units a second at the peak. */
  writeUnits: number;
  why: string;
}

/** The partitions registration day writes most, each with its write units a second at the peak. */
export function partitionPeaks(day: RegistrationDay): PartitionPeak[] {
  const enrollments = peakEnrollments(day);
  const hottest = enrollments * day.hottestClassShare;
  const transactions = peakTransactions(day);
  const perTransaction = transactionWrites(day);
  const perShard = enrollments / SEMESTER_LIST_SHARDS;
  return [
    {
      partition: 'QUEUE#LINE#<the most wanted class>',
      writeUnits: hottest * ENROLLMENT_WRITES.line + transactions.hottestLine * perTransaction.line,
      why: `${pct(day.hottestClassShare)} of ${fmt(enrollments)} enrollments/s: each request put and deleted, in transactions; the lease each batch`,
    },
    {
      partition: 'CLASS#<the most wanted class>',
      writeUnits: hottest * ENROLLMENT_WRITES.class + transactions.hottestLine * perTransaction.class,
      why: 'each enrollment written, in a transaction; the class item with its counts each batch',
    },
    {
      partition: `GSI2 SEMESTER#<id>#ENROLLMENTS#<shard of ${SEMESTER_LIST_SHARDS}>`,
      writeUnits: perShard,
      why: "each enrollment's entry, spread over the shards by a hash",
    },
    {
      partition: `GSI2 SEMESTER#<id>#ACTIVITY#<shard of ${SEMESTER_LIST_SHARDS}>`,
      writeUnits: perShard,
      why: "each enrollment's audit record, spread over the shards by a hash (its sort key only grows)",
    },
    {
      partition: `GSI1 SEMESTER#<id>#<shard of ${SEMESTER_LIST_SHARDS}>`,
      writeUnits: (transactions.all * perTransaction.classList) / SEMESTER_LIST_SHARDS,
      why: `the class list's copy of each class item, rewritten with every seat transaction (${fmt(transactions.all)}/s, each line at most ${day.transactionsPerLine}/s)`,
    },
  ];
}

/** The table's throughput at the peak, indexes included: what to warm it to before the day. */
export function peakThroughput(day: RegistrationDay): { writeUnits: number; readUnits: number } {
  const enrollments = peakEnrollments(day);
  const limitedCalls = familyVisit(day)
    .filter((call) => 'rateLimit' in deployment[call.name])
    .reduce((sum, call) => sum + call.calls, 0);
  const perTransaction = transactionWrites(day);
  const writeUnits =
    enrollments *
      (ENROLLMENT_WRITES.line + ENROLLMENT_WRITES.class + ENROLLMENT_WRITES.spread + ENROLLMENT_WRITES.semesterLists) +
    peakTransactions(day).all * (perTransaction.class + perTransaction.line + perTransaction.classList) +
    peakArrivals(day) * limitedCalls;
  return { writeUnits: Math.ceil(writeUnits), readUnits: Math.ceil(peakCallsPerSecond(day) * READ_UNITS_PER_CALL) };
}

/** DynamoDB's warm throughput of a new on-demand table: what it serves at once without having seen traffic. */
export const NEW_TABLE_THROUGHPUT = { writeUnits: 4_000, readUnits: 12_000 } as const;

/** A quota the day uses: AWS's published default, what the plan needs, and whether AWS raises it on request. */
export interface QuotaNeed {
  quota: string;
  default: number;
  needed: number;
  unit: string;
  /** What to do when the need is over the default. */
  ask: string;
}

/** The opening's e-mails (the rush's, or a fair start's draw's): each enrollment e-mails each guardian. */
export const openingEmails = (day: RegistrationDay) =>
  Math.ceil(openingFamilies(day) * day.enrollmentsPerFamily * day.guardiansPerFamily);

/**
 * How far behind the stream the mailer may fall before its alarm goes off, ms: twice the time the opening's
 * e-mails take at SES's rate (they are all written within the opening's minutes), and at least 2 minutes. A
 * backlog past that is real; one below it is the opening's e-mails going out at the rate SES allows.
 */
export const mailerIteratorAgeMs = (day: RegistrationDay, mailRate: number = SES_DEFAULTS.rate) =>
  Math.max(120_000, Math.ceil((2 * openingEmails(day)) / mailRate) * 1000);

/** The e-mails of the day: each enrollment e-mails each guardian of the family. */
export const emailsOfTheDay = (day: RegistrationDay) =>
  Math.ceil(day.families * day.enrollmentsPerFamily * day.guardiansPerFamily);

/**
 * First come, first served: the share of the opening's families that must have Class Registration open, signed in,
 * before the opening for Cognito's UserAuthentication quota to hold at the peak. Their sign-in came earlier, at
 * their own moment, and their refresh is paced over the minutes before the opening (READY_SPREAD_MS); the others
 * sign in as they arrive. 0 when the quota holds anyway (and with a fair start, whose arrivals are spread); above 1
 * when no share is enough.
 */
export function signedInAheadNeeded(day: RegistrationDay, quota = COGNITO_QUOTAS.UserAuthentication.perSecond): number {
  const peak = peakArrivals(day) * day.authCallsPerFamily;
  if (day.fairStart || peak <= quota) return 0;
  const paced = (openingFamilies(day) * day.authCallsPerFamily) / ((READY_SPREAD_MS - READY_LEAD_MS) / 1000);
  return (peak - quota) / (peak - paced);
}

/** Every quota registration day uses, with its need at the peak. */
export function quotaNeeds(day: RegistrationDay, mailRate: number = SES_DEFAULTS.rate): QuotaNeed[] {
  const throughput = peakThroughput(day);
  const busiestPartition = Math.max(...partitionPeaks(day).map((peak) => peak.writeUnits));
  const signedInAhead = signedInAheadNeeded(day);
  return [
    {
      quota: 'Lambda concurrent executions (account, Region)',
      default: 1_000,
      needed: peakConcurrency(day),
      unit: 'at once',
      ask: 'Service Quotas: AWS Lambda, "Concurrent executions"',
    },
    {
      quota: 'API Gateway throttle (account, Region)',
      default: ACCOUNT_THROTTLE.rateLimit,
      needed: Math.ceil(peakCallsPerSecond(day)),
      unit: 'requests/s',
      ask: 'Service Quotas: Amazon API Gateway, "Throttle rate"',
    },
    {
      quota: 'Cognito UserAuthentication (sign-ins and refreshes)',
      default: COGNITO_QUOTAS.UserAuthentication.perSecond,
      needed: Math.ceil(peakArrivals(day) * day.authCallsPerFamily),
      unit: 'requests/s',
      ask: `Service Quotas: Amazon Cognito user pools, "Rate of UserAuthentication requests"; or ${signedInAhead <= 1 ? `${Math.ceil(signedInAhead * 100)} % of the opening's families signed in with Class Registration open before it, or ` : ''}open with a fair start (sign-ins spread over its window)`,
    },
    {
      quota: 'DynamoDB per-table on-demand maximum (account, Region)',
      default: 40_000,
      needed: throughput.writeUnits,
      unit: 'write units/s',
      ask: 'Service Quotas: Amazon DynamoDB, "Table-level write throughput limit"',
    },
    {
      quota: 'DynamoDB writes to one partition',
      default: PARTITION_WRITE_UNITS,
      needed: Math.ceil(busiestPartition),
      unit: 'write units/s',
      ask: 'not raised by AWS: shard the partition (more SEMESTER_LIST_SHARDS), or fewer requests per class',
    },
    {
      quota: 'SES sending quota (24 hours)',
      default: SES_DEFAULTS.perDay,
      needed: emailsOfTheDay(day),
      unit: 'e-mails/day',
      ask: 'SES console: request a sending quota increase',
    },
    {
      quota: "SES sending rate: the opening's e-mails (the rush's, or a fair start's draw's) sent within 10 minutes",
      default: mailRate,
      needed: Math.ceil(openingEmails(day) / 600),
      unit: 'e-mails/s',
      ask: 'SES console: request a higher sending rate, then deploy with -c mailRate=N',
    },
  ];
}

/** A fresh SES production account's usual quotas: 50,000 e-mails a day, 14 a second. */
export const SES_DEFAULTS = { perDay: 50_000, rate: 14 } as const;

/** The most families the plan is made for: a limit that binds at no size up to it never binds. */
const MOST_FAMILIES = 1_000_000;

export interface Binding extends QuotaNeed {
  /** Needed over the default at this size: over 1, it binds. */
  ratio: number;
  /** The fewest families at which it binds (the day's other assumptions kept); absent: not up to MOST_FAMILIES. */
  bindsAtFamilies?: number;
}

/**
 * Every quota in the order it binds as the families grow: the first is the first limit to ask AWS for (or to
 * design around), with how far over it this size is. Each need grows with the families, so a binary search finds
 * where it passes its default.
 */
export function bindingOrder(day: RegistrationDay, mailRate?: number): Binding[] {
  const needAt = (families: number, quota: string) =>
    quotaNeeds({ ...day, families }, mailRate).find((need) => need.quota === quota)!;
  const bindsAt = (quota: string): number | undefined => {
    const over = (families: number) => {
      const need = needAt(families, quota);
      return need.needed > need.default;
    };
    if (!over(MOST_FAMILIES)) return undefined;
    let [low, high] = [0, MOST_FAMILIES];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (over(middle)) high = middle;
      else low = middle;
    }
    return high;
  };
  return quotaNeeds(day, mailRate)
    .map((need): Binding => {
      const families = bindsAt(need.quota);
      return {
        ...need,
        ratio: need.needed / need.default,
        ...(families !== undefined && { bindsAtFamilies: families }),
      };
    })
    .sort((a, b) => (a.bindsAtFamilies ?? Number.POSITIVE_INFINITY) - (b.bindsAtFamilies ?? Number.POSITIVE_INFINITY));
}

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const pct = (share: number) => `${Math.round(share * 100)} %`;
