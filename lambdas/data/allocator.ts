// The allocator: decides the pending enrollment requests of one queue (a class's, or a group's) one
// after another in the order they reached the API, several in one transaction. Whoever holds the queue's
// lease decides (an `enroll` call waiting for its answer, or the table stream's consumer); everyone else
// waits for their decision. So a rush on one class never races transactions on its item: one writer at a
// time takes its seats, in arrival order, and the class item is written once per batch, not per seat.
//
// Each batch is one transaction: the class counts under a condition on exactly the counts that were read,
// then for each request its enrollments, audit records, the student's and the family's counts, the
// e-mail request, its decision and the removal of the pending request, and the lease's condition. A
// request refused by a condition (a student not in the grades, a cap, an account deleted, an enrollment
// that exists) is decided alone with its refusal, and the batch is planned again without it.
import { randomUUID } from 'node:crypto';
import type { Class, Semester } from '../records';
import { byDeadline } from '../shared/deadline';
import { sleep } from '../shared/dynamo';
import { isTransientAwsError } from '../shared/awsErrors';
import { optionalEnv } from '../shared/env';
import {
  alreadyExists,
  BUSY_MESSAGE,
  failedPrecondition,
  notFound,
  PortalError,
  resourceExhausted,
} from '../shared/errors';
import { transactWrite } from '../shared/transact';
import { allocateSeats, batchLength, type SeatCounts, type SeatOutcome } from './allocation';
import { classesNow } from './classes';
import { accountDeleted } from './families';
import {
  decisionWrites,
  getRequestRecord,
  isDecided,
  leaseCheck,
  leaseLooksFree,
  pendingRequests,
  releaseLease,
  takeLease,
  type Decision,
  type EnrollmentRequest,
  type QueuePace,
  type Seen,
} from './enrollmentRequests';
import type { StoredEnrollment } from './enrollments';
import { getSemester, isRegistrationOpen, registrationWindowMessage } from './semesters';
import { readEnrollmentCaps, type EnrollmentCaps } from './settings';
import {
  alreadyMessage,
  capsOf,
  familyCounts,
  gradeMessage,
  gradesAdmitted,
  MAX_PLANS,
  MAX_TRANSACTION_ITEMS,
  nameOf,
  newEnrollment,
  refuseOverCaps,
  SeatTransaction,
  type ItemRole,
} from './seats';
import type { StoredStudent } from './students';
import { countSeatChanges } from '../shared/metrics';

/**
 * How old a request must be before it is decided: a call that reached the API earlier may still be on its
 * way to the queue (a function starting cold, a busy table), and it must not lose its place to one that
 * came after it. At least SETTLE_MS; twice the longest way to the queue seen lately when that is longer (up
 * to MAX_SETTLE_MS): when calls take long to reach the queue, the allocator waits longer for them.
 */
export const SETTLE_MS = Number(optionalEnv('ALLOCATION_SETTLE_MS') ?? 300);
const MAX_SETTLE_MS = 10_000;
/** How often a lead looks again at a queue whose requests are not settled yet. */
const SETTLE_POLL_MS = 50;
/** How long what a lease's holder saw of the queue's pace counts for the next holders. */
const PACE_MEMORY_MS = 60_000;
/**
 * How long a lease lasts unless renewed: a holder that stops (a function timing out) holds up its queue
 * this long. A lease that lapses while its holder's batch is still being written lets another caller lead
 * meanwhile, and the batch fails on the lease: on a slow table every batch would. So a lease lasts
 * LEASE_MS, or LEASE_STEPS times the slowest batch seen lately when that is longer, and twice the length
 * of one that lapsed while still held (its holder overran it), up to MAX_LEASE_MS.
 */
export const LEASE_MS = 3000;
const LEASE_STEPS = 4;
export const MAX_LEASE_MS = 20_000;

/** The length of a lease (see LEASE_MS), from the slowest batch seen lately and the length of one that lapsed while held. */
export function leaseLength(slowestBatchMs: number, lapsedLeaseMs = 0): number {
  return Math.min(MAX_LEASE_MS, Math.max(LEASE_MS, LEASE_STEPS * slowestBatchMs, 2 * lapsedLeaseMs));
}
/** How long a waiting caller holds the lease at least before it hands over, once its own request is decided. */
const LEAD_MIN_MS = 1000;
const QUEUE_READ = 100;

/** How a lead ended: its queue drained, held by another (until when, if known), or stopped at its time. */
export type QueueOutcome = 'drained' | 'stopped' | { held: true; until?: number };
const held = (until?: number): QueueOutcome => ({ held: true, ...(until !== undefined && { until }) });

export interface LeadOptions {
  /** Stop (at a batch's end) after this moment. */
  until: number;
  /** A caller waiting for this request hands the queue over once it is decided and LEAD_MIN_MS passed. */
  ownRequest?: string;
}

/**
 * Decides the queue's pending requests while this caller holds its lease: `held` when someone else holds
 * it, `drained` when no request is left, `stopped` when `until` came (or the caller's own request is decided).
 */
export async function decideQueue(queue: string, options: LeadOptions): Promise<QueueOutcome> {
  const lease = await leaseLooksFree(queue);
  if (lease.heldUntil !== undefined) return held(lease.heldUntil);
  const lead = new Lead(queue, options.until, lease.lapsedMs);
  if (!(await lead.renew())) return held();
  try {
    for (;;) {
      if (!(await lead.renewWhenDue())) return held();
      const pending = await pendingRequests(queue, QUEUE_READ);
      if (pending.length === 0) return 'drained';
      // What arrived by then is all in the queue now: those are decided before reading it again.
      const settledBy = lead.settledBy(pending);
      let settled = pending.slice(0, firstUnsettled(pending, settledBy));
      if (settled.length === 0) {
        const wait = Math.max(SETTLE_POLL_MS, pending[0]!.arrivedAt - settledBy + 1);
        if (Date.now() + wait > options.until) return 'stopped';
        // Not past the lease: it is renewed before the queue is read again.
        await sleep(Math.min(wait, lead.leaseLeft() / 2));
      }
      while (settled.length > 0) {
        if (!(await lead.renewWhenDue())) return held();
        const started = Date.now();
        const decided = await decideBatch(lead, settled);
        lead.stepTook(Date.now() - started);
        settled = settled.filter((request) => !decided.has(request.id));
        const ownDecided = options.ownRequest !== undefined && decided.has(options.ownRequest);
        if (Date.now() >= options.until || (ownDecided && Date.now() - lead.since >= LEAD_MIN_MS)) return 'stopped';
      }
    }
  } catch (error) {
    if (error instanceof LeaseLost) return held();
    throw error;
  } finally {
    // A lease that could not be released lapses by itself.
    await releaseLease(queue, lead.owner, lead.pace).catch(unlessTransient);
  }
}

/** The pending requests that arrived by `settledBy` form a prefix of the queue (it is in arrival order). */
function firstUnsettled(pending: EnrollmentRequest[], settledBy: number): number {
  const index = pending.findIndex((request) => request.arrivedAt > settledBy);
  return index === -1 ? pending.length : index;
}

class LeaseLost extends Error {}

/**
 * The longer of two durations seen in the last PACE_MEMORY_MS (the later one when equal): each keeps the
 * moment it was seen, so a long one is forgotten in time.
 */
function longer(before: Seen, seen: Seen, now: number): Seen {
  return [before, seen]
    .filter(({ seenAt }) => now - seenAt < PACE_MEMORY_MS)
    .reduce((kept, next) => (next.ms >= kept.ms ? next : kept), { ms: 0, seenAt: now });
}

/**
 * One hold of a queue's lease, and what it reads once: the caps, the semesters, and the classes as its own
 * transactions left them (it is their one writer while it holds the lease; a class changed by someone
 * else fails the next transaction's condition, and is read again).
 */
class Lead {
  readonly owner = randomUUID();
  readonly since = Date.now();
  private renewedAt = 0;
  private leaseMs = LEASE_MS;
  /** The queue's pace seen lately, by this holder or the holders before it in the last PACE_MEMORY_MS. */
  pace: QueuePace = { lag: { ms: 0, seenAt: 0 }, step: { ms: 0, seenAt: 0 } };
  private caps?: Promise<EnrollmentCaps>;
  private readonly semesters = new Map<string, Promise<Semester | undefined>>();
  readonly classes = new Map<string, Class>();

  /**
   * `until`: when the holder must stop (its batches retry no later); `lapsedLeaseMs`: the length of the
   * lease before, when it lapsed while still held.
   */
  constructor(
    readonly queue: string,
    readonly until: number,
    private readonly lapsedLeaseMs?: number,
  ) {}

  async renew(): Promise<boolean> {
    const now = Date.now();
    const leaseMs = leaseLength(this.pace.step.ms, this.lapsedLeaseMs);
    const taken = await takeLease(this.queue, this.owner, leaseMs, now);
    if (!taken) return false;
    if (taken.pace)
      this.pace = {
        lag: longer(this.pace.lag, taken.pace.lag, now),
        step: longer(this.pace.step, taken.pace.step, now),
      };
    this.renewedAt = now;
    this.leaseMs = leaseMs;
    return true;
  }

  leaseLeft(): number {
    return this.renewedAt + this.leaseMs - Date.now();
  }

  /** Renews the lease unless it still lasts two of the slowest batches seen lately (and half of itself). */
  renewWhenDue(): Promise<boolean> {
    return this.leaseLeft() > Math.max(this.leaseMs / 2, 2 * this.pace.step.ms) ? Promise.resolve(true) : this.renew();
  }

  stepTook(ms: number, now = Date.now()): void {
    this.pace.step = longer(this.pace.step, { ms, seenAt: now }, now);
  }

  /**
   * Until when the calls that arrived are all in the queue: the settle time before now (see SETTLE_MS), and
   * before any request that reached the queue in the last SETTLE_MS: while calls that arrived at some
   * moment are still reaching the queue (the backlog of a rush), others from that moment may be on their way.
   */
  settledBy(pending: EnrollmentRequest[], now = Date.now()): number {
    const longestWay = Math.max(
      ...pending.map((request) => (request.queuedAt ?? request.arrivedAt) - request.arrivedAt),
    );
    this.pace.lag = longer(this.pace.lag, { ms: longestWay, seenAt: now }, now);
    const stillComing = pending
      .filter((request) => (request.queuedAt ?? request.arrivedAt) > now - SETTLE_MS)
      .map((request) => request.arrivedAt - 1);
    return Math.min(now - Math.min(MAX_SETTLE_MS, Math.max(SETTLE_MS, 2 * this.pace.lag.ms)), ...stillComing);
  }

  enrollmentCaps(): Promise<EnrollmentCaps> {
    this.caps ??= readEnrollmentCaps();
    return this.caps;
  }

  semester(id: string): Promise<Semester | undefined> {
    if (!this.semesters.has(id)) this.semesters.set(id, getSemester(id));
    return this.semesters.get(id)!;
  }

  /** The classes, from this lead's own writes where it knows them, read (strongly consistent) where not. */
  async classesOf(ids: string[]): Promise<Map<string, Class>> {
    const missing = ids.filter((id) => !this.classes.has(id));
    if (missing.length) for (const [id, cls] of await classesNow(missing)) this.classes.set(id, cls);
    return new Map(ids.flatMap((id) => (this.classes.has(id) ? [[id, this.classes.get(id)!] as const] : [])));
  }
}

/**
 * Decides the first requests of `requests` that fit one transaction (at least one is decided unless the
 * classes keep changing): the ids of those decided, by this lead or (found already decided) another.
 */
async function decideBatch(lead: Lead, requests: EnrollmentRequest[]): Promise<Set<string>> {
  const decided = new Set<string>();
  const oneEach = new Set<string>();
  let candidates = requests;
  for (let plan = 0; plan < MAX_PLANS; plan += 1) {
    const classes = await lead.classesOf([...new Set(candidates.flatMap((request) => request.classIds))]);
    const open: EnrollmentRequest[] = [];
    for (const request of candidates) {
      const refusal = await refusalByView(request, classes, lead);
      if (refusal) {
        await decideAlone(request, refusal);
        decided.add(request.id);
      } else open.push(request);
    }
    const batch = open.slice(0, batchLength(open, MAX_TRANSACTION_ITEMS - 1, oneEach));
    if (batch.length === 0) return decided;

    const caps = await lead.enrollmentCaps();
    const tx = new SeatTransaction(new Date().toISOString());
    const { families, after } = writeBatch(tx, lead, batch, classes, caps);
    const outcome = await transactWrite(tx.items, { until: lead.until });
    if (outcome.committed) {
      countSeatChanges(classes, after);
      for (const [id, counts] of after)
        lead.classes.set(id, {
          ...classes.get(id)!,
          ...counts,
          seatsLeft: Math.max(0, counts.capacity - counts.enrolled),
        });
      for (const request of batch) decided.add(request.id);
      return decided;
    }

    const failed = [...outcome.failed].map(([index, item]) => ({ index, role: tx.roles[index]!, item }));
    if (failed.some(({ role }) => role.kind === 'lease')) throw new LeaseLost();
    for (const { role } of failed) if (role.kind === 'class') lead.classes.delete(role.classId);
    // Decided meanwhile: by an earlier try of this very transaction, or by another holder of the lease.
    const settled = new Set(
      failed.flatMap(({ role }) => (role.kind === 'request' && role.request !== undefined ? [role.request] : [])),
    );
    const refuse = async (index: number, refusal: PortalError | undefined) => {
      if (!refusal || settled.has(index)) return;
      await decideAlone(batch[index]!, refusal);
      settled.add(index);
    };
    // A request's own condition refuses it only against the classes it was planned with.
    if (!failed.some(({ role }) => role.kind === 'class')) {
      // The family's refusals first: a deleted account's students are gone too, and the account is the reason.
      for (const { index, item } of failed) {
        const family = families.get(index);
        if (!family) continue;
        if (item?.deletedAt) for (const member of family.requests) await refuse(member, accountDeleted());
        // Over a cap: told to the request that passes it, once the family's requests are planned one by one.
        else if (family.requests.length === 1) await refuse(family.requests[0]!, capRefusal(family, item, caps));
        else oneEach.add(batch[family.requests[0]!]!.familyId);
      }
      for (const { role, item } of failed) {
        if (role.request !== undefined)
          await refuse(role.request, await refusalByCondition(role, item, batch[role.request]!, classes));
      }
    }
    for (const index of settled) decided.add(batch[index]!.id);
    candidates = candidates.filter((request) => !decided.has(request.id));
  }
  throw resourceExhausted(BUSY_MESSAGE);
}

/** A family's share of a batch: its requests (by index in the batch) and the counts they add together. */
interface FamilyShare {
  requests: number[];
  counts: Record<string, number>;
  limits?: Record<string, number>;
}

/**
 * Adds the batch to the transaction: the lease's condition, each class's counts (on exactly the counts
 * read), each request's writes, and each family's counts once. The families' shares, by item index.
 */
function writeBatch(
  tx: SeatTransaction,
  lead: Lead,
  batch: EnrollmentRequest[],
  classes: Map<string, Class>,
  caps: EnrollmentCaps,
): { families: Map<number, FamilyShare>; after: Map<string, SeatCounts> } {
  const { outcomes, places, after } = allocateSeats(new Map<string, SeatCounts>(classes), batch);
  tx.add(leaseCheck(lead.queue, lead.owner), { kind: 'lease' });
  for (const cls of classes.values()) {
    const asking = batch.flatMap((request, index) =>
      request.classIds.includes(cls.id) ? [{ request, outcome: outcomes[index] }] : [],
    );
    const joining = asking.filter(({ outcome }) => outcome === 'waitlisted').map(({ request }) => request.studentId);
    if (asking.length === 0) continue;
    tx.classCounts(
      cls,
      { enrolled: asking.length - joining.length, waitlisted: joining.length, joining },
      { asRead: true, open: true, gradesAsSeen: true },
    );
  }
  const shares = new Map<string, FamilyShare>();
  batch.forEach((request, index) => {
    tx.request = index;
    const counts = writeRequest(tx, request, { status: outcomes[index]!, places: places[index] }, classes);
    const share = shares.get(request.familyId) ?? { requests: [], counts: {} };
    share.requests.push(index);
    for (const [name, amount] of Object.entries(counts)) share.counts[name] = (share.counts[name] ?? 0) + amount;
    shares.set(request.familyId, share);
  });
  tx.request = undefined;
  const byItem = new Map<number, FamilyShare>();
  for (const [familyId, share] of shares) {
    // An administrator's requests pass the caps; a batch never mixes them with the family's own (batchLength).
    if (!batch[share.requests[0]!]!.by.isAdmin) share.limits = capsOf(share.counts, caps);
    byItem.set(tx.items.length, share);
    tx.family(familyId, { counts: share.counts, ...(share.limits && { caps: share.limits }), refuseDeleted: true });
  }
  return { families: byItem, after };
}

/**
 * Adds what deciding `request` writes, seated or waitlisted (with its place in line in each class), but its
 * family's counts: those it adds.
 */
function writeRequest(
  tx: SeatTransaction,
  request: EnrollmentRequest,
  { status, places }: { status: SeatOutcome; places?: Record<string, number> },
  classes: Map<string, Class>,
): Record<string, number> {
  const ordered = request.classIds.map((classId) => classes.get(classId)!);
  const student = { id: request.studentId, familyId: request.familyId };
  const enrollments = ordered.map((cls) => newEnrollment(student, cls, request.group, status, request.id, tx.now));
  for (const enrollment of enrollments)
    tx.enrollment(enrollment, 'none', status === 'enrolled' ? 'enroll' : 'waitlist', request.by);
  tx.studentActiveCount(
    { familyId: request.familyId, studentId: request.studentId },
    enrollments.length,
    gradesAdmitted(ordered),
  );
  tx.notify(status, enrollments);
  const placeOf = (enrollment: StoredEnrollment) => [enrollment.id, places![enrollment.classId]!];
  const decided = { enrollments, ...(places && { places: Object.fromEntries(enrollments.map(placeOf)) }) };
  const [removal, decision] = decisionWrites(request, decided, Date.now());
  tx.add(removal!, { kind: 'request' });
  tx.add(decision!, { kind: 'record' });
  return familyCounts(enrollments, 1);
}

/** The refusal of a family's one request whose counts passed a cap. */
function capRefusal(
  share: FamilyShare,
  profile: Record<string, unknown> | undefined,
  caps: EnrollmentCaps,
): PortalError | undefined {
  if (!share.limits) return undefined;
  try {
    refuseOverCaps(share.counts, share.limits, profile ?? {}, caps);
    return undefined;
  } catch (error) {
    if (error instanceof PortalError) return error;
    throw error;
  }
}

/** What the classes as they are refuse at once: a class gone or closed, registration not open when the call came. */
async function refusalByView(
  request: EnrollmentRequest,
  classes: Map<string, Class>,
  lead: Lead,
): Promise<PortalError | undefined> {
  for (const classId of request.classIds) {
    const cls = classes.get(classId);
    if (!cls) return notFound(`There is no class ${classId}.`);
    if (cls.status !== 'open') return failedPrecondition(`${cls.name} is closed to new enrollments.`);
  }
  if (request.by.isAdmin) return undefined;
  const semester = await lead.semester(classes.get(request.classIds[0]!)!.semesterId);
  if (!semester) return notFound('This class belongs to no semester.');
  const arrived = new Date(request.arrivedAt);
  return isRegistrationOpen(semester, arrived)
    ? undefined
    : failedPrecondition(registrationWindowMessage(semester, arrived));
}

/** The refusal a request's own failed condition stands for: its student, or an enrollment that exists. */
async function refusalByCondition(
  role: ItemRole,
  item: Record<string, unknown> | undefined,
  request: EnrollmentRequest,
  classes: Map<string, Class>,
): Promise<PortalError | undefined> {
  const ordered = request.classIds.map((classId) => classes.get(classId)!);
  if (role.kind === 'student')
    return item
      ? failedPrecondition(gradeMessage(item as unknown as StoredStudent, ordered))
      : notFound('There is no such student on your account.');
  if (role.kind === 'enrollment' && item) {
    const existing = item as unknown as StoredEnrollment;
    return alreadyExists(
      alreadyMessage(
        await nameOf({ id: request.studentId, familyId: request.familyId }),
        existing,
        classes.get(existing.classId)!,
      ),
    );
  }
  return undefined;
}

/** Decides a refused request: its removal from the queue and its decision, together. */
async function decideAlone(request: EnrollmentRequest, refusal: PortalError): Promise<void> {
  const decision: Decision = { error: { code: refusal.code, message: refusal.message } };
  // When its condition fails, the request was decided meanwhile by someone else: theirs stands.
  await transactWrite(decisionWrites(request, decision, Date.now()));
}

function unlessTransient(error: unknown): undefined {
  if (isTransientAwsError(error)) return undefined;
  throw error;
}

/**
 * How often a caller waiting for a decision looks for it (and for a free lease): soon at first, then less
 * often, so a long line of waiting callers does not load the table the allocator writes to.
 */
const WAIT_POLL_MS = 100;
const HELD_LOOK_MS = 1000;
const WAIT_POLL_MAX_MS = 1000;

/**
 * Waits for a request's decision until `until`, taking the queue's lease whenever nobody holds it: the
 * decision, or undefined when it did not come in time (the request stays in line and is decided later).
 * A look at the table or a batch still under way at `until` does not hold the caller up.
 */
export function awaitDecision(request: Pick<EnrollmentRequest, 'id' | 'queue'>, until: number) {
  return byDeadline(lookAndLead(request, until), until, () => undefined);
}

async function lookAndLead(
  request: Pick<EnrollmentRequest, 'id' | 'queue'>,
  until: number,
): Promise<Decision | undefined> {
  let poll = WAIT_POLL_MS;
  // While another holds the lease, the lease is looked at once a second (it may be given up early), not on
  // every look for the decision: a long line of waiting callers would load the table the holder writes to.
  let heldUntil = 0;
  for (;;) {
    // A read that failed for a moment is a look missed: the request is in line, the caller is told so at worst.
    const record = await getRequestRecord(request.id).catch(unlessTransient);
    if (record && isDecided(record)) return record;
    if (Date.now() >= until) return undefined;
    const outcome =
      Date.now() < heldUntil
        ? held(heldUntil)
        : await decideQueue(request.queue, { until, ownRequest: request.id }).catch((error: unknown) => {
            // Contention that outlasted the retries, or the table failing for a moment: the requests stay in line for the next lead.
            if ((error instanceof PortalError && error.code === 'resource-exhausted') || isTransientAwsError(error))
              return held();
            throw error;
          });
    if (typeof outcome === 'object') heldUntil = Math.min(outcome.until ?? 0, Date.now() + HELD_LOOK_MS);
    if (outcome !== 'stopped') await sleep(Math.min(poll, Math.max(0, until - Date.now())));
    poll = Math.min(WAIT_POLL_MAX_MS, poll * 1.5);
  }
}
