// The allocator: decides the pending enrollment requests of one queue (a class's, or a group's) one
// after another in the order they reached the API, several in one transaction. Whoever holds the queue's
// lease (lease.ts) decides (an `enroll` call waiting for its answer, or the table stream's consumer);
// everyone else waits for their decision. So a rush on one class never races transactions on its item: one
// writer at a time takes its seats, in arrival order, and the class item is written once per batch, not per
// seat.
//
// Each batch is one transaction: the class counts under a condition on exactly the counts that were read,
// then for each request its enrollments, audit records, the student's and the family's counts, the
// e-mail request, its decision and the removal of the pending request, and the lease's condition. A
// request refused by a condition (a student not in the grades, a cap, an account deleted, an enrollment
// that exists) is decided alone with its refusal, and the batch is planned again without it.
import { randomUUID } from 'node:crypto';
import type { Class, Semester } from '../contract/records';
import { MOMENT_DIGITS } from '../contract/lottery/fairStartRecord';
import { byDeadline } from '../platform/deadline';
import { sleep } from '../platform/dynamo';
import { isTransientAwsError } from '../platform/awsErrors';
import { optionalEnv } from '../platform/env';
import { alreadyExists, failedPrecondition, notFound, portalBusy, PortalError } from '../contract/errors';
import { transactWrite } from '../platform/transact';
import { classesNow } from '../catalogue/classes';
import { accountDeleted } from '../families/families';
import {
  decisionWrites,
  getRequestRecord,
  isDecided,
  pendingRequests,
  queueKeyOf,
  queueMoment,
  renewMilestones,
  type Decision,
  type EnrollmentRequest,
} from './enrollmentRequests';
import { enrollmentEntity } from './enrollments';
import {
  LEASE_MS,
  leaseLength,
  leaseLooksFree,
  leaseTally,
  longer,
  refusalTally,
  type LastDecided,
  releaseLease,
  takeLease,
  type QueuePace,
} from './lease';
import { keptMilestones, MILESTONES_RENEW_MS } from './lineMilestones';
import { QueueWatch } from './queueWatch';
import { seatView, type SeatView, type SeatWrite } from './seatPlan/core';
import { plan } from './seatPlan/plan';
import { alreadyMessage, capRefusal, gradeMessage } from './seatRules';
import { MAX_PLANS } from './seats';
import { failuresOf, seatTransaction } from './seatTransaction';
import { getSemester } from '../catalogue/semesters';
import { readEnrollmentCaps, recentProgrammeMoments, type EnrollmentCaps } from '../catalogue/settings';
import { getStudent, studentEntity, studentName } from '../families/students';
import { logger } from '../platform/logger';
import { countPlacedLate, countSeatChanges } from '../platform/metrics';

/**
 * How old a request must be before it is decided: a call that reached the API earlier may still be on its
 * way to the queue (a function starting cold, a busy table), and it must not lose its place to one that
 * came after it. At least SETTLE_MS; twice the longest way to the queue seen lately when that is longer (up
 * to MAX_SETTLE_MS): when calls take long to reach the queue, the allocator waits longer for them. A second
 * at least: a rush starts on cold function instances (several hundred ms each in AWS), before any way to the
 * queue has been seen; 300 ms let a request that took longer lose its place (the rush tests on a loaded machine).
 */
const SETTLE_MS = Number(optionalEnv('ALLOCATION_SETTLE_MS') ?? 1000);
const MAX_SETTLE_MS = 10_000;
/** How often a lead looks again at a queue whose requests are not settled yet. */
const SETTLE_POLL_MS = 50;
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
      if (pending.length === QUEUE_READ) await lead.keepMilestonesWhenDue();
      // What arrived by then is all in the queue now: those are decided before reading it again.
      const settledBy = lead.settledBy(pending, pending.length === QUEUE_READ);
      let settled = pending.slice(0, firstUnsettled(pending, settledBy));
      if (settled.length === 0) {
        const wait = Math.max(SETTLE_POLL_MS, queueMoment(pending[0]!) - settledBy + 1);
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

/**
 * The pending requests that arrived by `settledBy` form a prefix of the queue (it is in arrival order; a fair
 * start's draw counts as arrived at its moment).
 */
function firstUnsettled(pending: EnrollmentRequest[], settledBy: number): number {
  const index = pending.findIndex((request) => queueMoment(request) > settledBy);
  return index === -1 ? pending.length : index;
}

class LeaseLost extends Error {}

/**
 * The requests marked as decided late, the first ones standing before `last` in the queue (it is read in the queue's
 * order): each is placed after `last`. A request on its way to the queue longer than the allocator waited for it
 * would otherwise lose nothing by coming late, and make the ones decided in their turn before it look out of order.
 */
export function placeLate<R extends Pick<EnrollmentRequest, 'id' | 'draw'>>(
  requests: R[],
  last: LastDecided | undefined,
): Array<R & { placedAfter?: string }> {
  return requests.map((request) =>
    last && queueKeyOf(request) < last.key ? { ...request, placedAfter: last.requestId } : request,
  );
}

/** The last request of a batch decided in its turn (not placed late), if any. */
function lastInTurn(batch: EnrollmentRequest[]): LastDecided | undefined {
  const last = batch.findLast((request) => request.placedAfter === undefined);
  return last && { key: queueKeyOf(last), requestId: last.id };
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
  /** The last request of the queue decided in its turn, by this holder or the ones before. */
  lastDecided?: LastDecided;
  private readonly watch = new QueueWatch();
  private caps?: Promise<EnrollmentCaps>;
  private readonly semesters = new Map<string, Promise<Semester | undefined>>();
  readonly classes = new Map<string, Class>();
  /** When the line's milestones were last read, as this lead knows it. */
  private milestonesReadAt?: Promise<number>;

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
    if (taken.lastDecided && (!this.lastDecided || taken.lastDecided.key > this.lastDecided.key))
      this.lastDecided = taken.lastDecided;
    this.renewedAt = now;
    this.leaseMs = leaseMs;
    return true;
  }

  /**
   * Records a batch decided: the requests placed late (they reached the queue after the allocator stopped waiting
   * for them, see settledBy) are logged and counted.
   */
  decided(batch: EnrollmentRequest[]): void {
    const through = this.lastDecided && Number(this.lastDecided.key.slice(0, MOMENT_DIGITS));
    const late = batch.filter((request) => request.placedAfter !== undefined);
    for (const request of late)
      logger.warn('An enrollment request reached its queue after a later one was decided, and was placed after it.', {
        queue: this.queue,
        requestId: request.id,
        placedAfter: request.placedAfter,
        lateByMs: through! - queueMoment(request),
        wayToQueueMs: (request.queuedAt ?? request.arrivedAt) - request.arrivedAt,
      });
    countPlacedLate(late.length);
    this.lastDecided = lastInTurn(batch) ?? this.lastDecided;
  }

  /**
   * Renews the milestones of a long line (lineMilestones.ts) when they are MILESTONES_RENEW_MS old: the lease's
   * holder is the one caller that reads the line whole. A failed renewal leaves the places counted meanwhile.
   */
  async keepMilestonesWhenDue(now = Date.now()): Promise<void> {
    this.milestonesReadAt ??= keptMilestones(this.queue).then(
      (kept) => kept?.readAt ?? 0,
      () => 0,
    );
    if (now - (await this.milestonesReadAt) < MILESTONES_RENEW_MS) return;
    this.milestonesReadAt = Promise.resolve(now);
    await renewMilestones(this.queue).catch(unlessTransient);
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
   * `full`: the read of `pending` stopped at its limit.
   */
  settledBy(pending: EnrollmentRequest[], full: boolean, now = Date.now()): number {
    this.watch.saw(pending, full, now);
    const longestWay = Math.max(...pending.map((request) => this.watch.reached(request) - request.arrivedAt));
    this.pace.lag = longer(this.pace.lag, { ms: longestWay, seenAt: now }, now);
    const stillComing = pending
      .filter((request) => this.watch.reached(request) > now - SETTLE_MS)
      .map((request) => queueMoment(request) - 1);
    return Math.min(now - Math.min(MAX_SETTLE_MS, Math.max(SETTLE_MS, 2 * this.pace.lag.ms)), ...stillComing);
  }

  enrollmentCaps(): Promise<EnrollmentCaps> {
    this.caps ??= readEnrollmentCaps();
    return this.caps;
  }

  /**
   * What the requests are planned from: their classes, from this lead's own writes where it knows them,
   * read (strongly consistent) where not, and the semesters of those classes.
   */
  async view(requests: EnrollmentRequest[]): Promise<SeatView> {
    const ids = [...new Set(requests.flatMap((request) => request.classIds))];
    const missing = ids.filter((id) => !this.classes.has(id));
    if (missing.length) for (const [id, cls] of await classesNow(missing)) this.classes.set(id, cls);
    const classes = new Map(ids.flatMap((id) => (this.classes.has(id) ? [[id, this.classes.get(id)!] as const] : [])));
    const semesters = new Map<string, Semester>();
    for (const id of new Set([...classes.values()].map((cls) => cls.semesterId))) {
      if (!this.semesters.has(id)) this.semesters.set(id, getSemester(id));
      const semester = await this.semesters.get(id)!;
      if (semester) semesters.set(id, semester);
    }
    return seatView({ classes, semesters, when: await recentProgrammeMoments() });
  }
}

/**
 * Decides the first requests of `requests` that fit one transaction (at least one is decided unless the
 * classes keep changing): the ids of those decided, by this lead or (found already decided) another.
 */
async function decideBatch(lead: Lead, requests: EnrollmentRequest[]): Promise<Set<string>> {
  const decided = new Set<string>();
  const oneEach = new Set<string>();
  let candidates = placeLate(requests, lead.lastDecided);
  for (let attempt = 0; attempt < MAX_PLANS; attempt += 1) {
    const view = await lead.view(candidates);
    const now = new Date().toISOString();
    const caps = await lead.enrollmentCaps();
    // One item of the transaction is the lease's: its condition and tally.
    const command = { kind: 'enroll' as const, requests: candidates, caps, oneEach, reserved: 1 };
    const planned = plan(view, command, { now, token: lead.owner });
    if ('refusal' in planned) throw planned.refusal;
    const { refused, batch, after } = planned.outcome;
    for (const { request, refusal } of refused) {
      await decideAlone(request, refusal);
      decided.add(request.id);
    }
    if (batch.length === 0) return decided;

    const tally = leaseTally(lead.queue, lead.owner, batch.length, Date.now(), lastInTurn(batch));
    const tx = seatTransaction(planned.writes, now, [tally]);
    const outcome = await transactWrite(tx.items, { until: lead.until });
    if (outcome.committed) {
      countSeatChanges(view.classes, after);
      for (const [id, counts] of after)
        lead.classes.set(id, {
          ...view.classes.get(id)!,
          ...counts,
          seatsLeft: Math.max(0, counts.capacity - counts.enrolled),
        });
      lead.decided(batch);
      for (const request of batch) decided.add(request.id);
      return decided;
    }

    const failures = failuresOf(tx, outcome.failed);
    if (failures.some(({ write }) => !write)) throw new LeaseLost();
    for (const { write } of failures) if (write?.kind === 'class') lead.classes.delete(write.cls.id);
    // Decided meanwhile: by an earlier try of this very transaction, or by another holder of the lease.
    const settled = new Set(failures.flatMap(({ write }) => (write?.kind === 'decision' ? [write.forRequest!] : [])));
    const refuse = async (index: number, refusal: PortalError | undefined) => {
      if (!refusal || settled.has(index)) return;
      await decideAlone(batch[index]!, refusal);
      settled.add(index);
    };
    // A request's own condition refuses it only against the classes it was planned with.
    if (!failures.some(({ write }) => write?.kind === 'class')) {
      // The family's refusals first: a deleted account's students are gone too, and the account is the reason.
      for (const { write, item } of failures) {
        if (write?.kind !== 'family') continue;
        const members = batch.flatMap((request, index) => (request.familyId === write.familyId ? [index] : []));
        if (item?.deletedAt) for (const member of members) await refuse(member, accountDeleted());
        // Over a cap: told to the request that passes it, once the family's requests are planned one by one; a
        // request refused for its own reason (the child is there already) is told that, the more specific.
        else if (members.length === 1 && !ownFailure(failures, members[0]!))
          await refuse(members[0]!, capRefusal(write.change, item ?? {}));
        else if (members.length > 1) oneEach.add(write.familyId);
      }
      for (const { write, item } of failures) {
        if (write?.forRequest !== undefined)
          await refuse(write.forRequest, await refusalByCondition(write, item, batch[write.forRequest]!, view));
      }
    }
    for (const index of settled) decided.add(batch[index]!.id);
    candidates = candidates.filter((request) => !decided.has(request.id));
  }
  throw portalBusy('the classes kept changing while a batch was planned');
}

/** Whether a condition of the request's own writes failed (its enrollment or its student). */
const ownFailure = (failures: Array<{ write?: SeatWrite }>, index: number) =>
  failures.some(({ write }) => write?.forRequest === index && write.kind !== 'decision');

/** The refusal a request's own failed condition stands for: its student, or an enrollment that exists. */
async function refusalByCondition(
  write: SeatWrite,
  item: Record<string, unknown> | undefined,
  request: EnrollmentRequest,
  view: SeatView,
): Promise<PortalError | undefined> {
  if (write.kind === 'student')
    return item
      ? failedPrecondition(gradeMessage(studentEntity.read(item), write.grades ?? []))
      : notFound('There is no such student on your account.');
  if (write.kind === 'enrollment' && item) {
    const existing = enrollmentEntity.read(item);
    const stored = await getStudent(request.familyId, request.studentId);
    const name = stored ? studentName(stored) : 'This student';
    return alreadyExists(alreadyMessage(name, existing, view.classes.get(existing.classId)!));
  }
  return undefined;
}

/** Decides a refused request: its removal from the queue, its decision and its queue's tally, together. */
async function decideAlone(request: EnrollmentRequest, refusal: PortalError): Promise<void> {
  const decision: Decision = { error: { code: refusal.code, message: refusal.message } };
  const now = Date.now();
  // When its condition fails, the request was decided meanwhile by someone else: theirs stands.
  await transactWrite([...decisionWrites(request, decision, now), refusalTally(request.queue, now)]);
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
