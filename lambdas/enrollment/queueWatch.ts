// When each pending request of a queue reached it, as one holder of the queue's lease can tell. A request
// carries the moment its call began to write it (`queuedAt`), but the write may land much later (a busy
// table, a call that gave up on it and left it to land by itself): a request that shows up in a read behind
// the part of the queue an earlier read covered was not there then, so it reached the queue no sooner than
// this read. The allocator waits longer for requests on their way when it sees such late ones.
import { queueMoment, type EnrollmentRequest } from './enrollmentRequests';

export type WatchedRequest = Pick<EnrollmentRequest, 'id' | 'arrivedAt' | 'queuedAt' | 'draw'>;

export class QueueWatch {
  private reachedAt = new Map<string, number>();
  /** The latest queue moment up to which the reads so far saw every request (a read stops at its limit). */
  private coveredThrough = Number.NEGATIVE_INFINITY;

  /**
   * Records a read of the queue's first pending requests, in queue order, made at `now` (`full`: the read
   * stopped at its limit, so the requests after its last one were not looked at).
   */
  saw(pending: WatchedRequest[], full: boolean, now: number): void {
    const reachedAt = new Map<string, number>();
    for (const request of pending) {
      const written = request.queuedAt ?? request.arrivedAt;
      const known = this.reachedAt.get(request.id);
      reachedAt.set(
        request.id,
        known ?? (queueMoment(request) < this.coveredThrough ? Math.max(written, now) : written),
      );
    }
    this.reachedAt = reachedAt;
    const last = pending.at(-1);
    const covered = full && last ? queueMoment(last) : Number.POSITIVE_INFINITY;
    this.coveredThrough = Math.max(this.coveredThrough, covered);
  }

  /** When the request reached the queue, as far as the reads tell (its write's start when nothing later is known). */
  reached(request: WatchedRequest): number {
    return this.reachedAt.get(request.id) ?? request.queuedAt ?? request.arrivedAt;
  }
}
