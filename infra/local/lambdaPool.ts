// The Lambda service's admission of synchronous calls, for the local gateway's instances mode: each function
// instance runs one call at a time; an idle instance of the function takes the call (warm), otherwise a new
// one starts (a cold start) while the account's instances stay within its concurrency, and a call beyond it
// is throttled. The oldest idle instance of any function is recycled to make room, as Lambda recycles idle
// environments. A function also scales by at most 1,000 new instances every 10 seconds (AWS's documented
// scaling rate). A call past the function's timeout ends its instance; an instance that dies is replaced by
// the next call's cold start. How instances start (child processes) is left to `StartInstance`.

/** What a call of an instance answers: the handler's result, or the error it threw (the instance lives on). */
export type InstanceAnswer = { result: unknown } | { error: { name: string; message: string } };

export interface FunctionInstance {
  /** Runs one call with Lambda's deadline (epoch ms); rejects when the instance dies during it. */
  invoke(event: unknown, deadline: number): Promise<InstanceAnswer>;
  /** Whether the instance still runs (one may die while idle). */
  alive(): boolean;
  /** Ends the instance at once. */
  kill(): void;
}

/** Starts an instance of the function: resolves once its handler is loaded (the cold start's init). */
export type StartInstance = (name: string) => Promise<FunctionInstance>;

export type Invocation =
  | { outcome: 'answered'; answer: InstanceAnswer; cold: boolean }
  | { outcome: 'throttled' }
  | { outcome: 'timed-out' }
  | { outcome: 'crashed'; message: string };

export interface LambdaLimits {
  /** Instances of all functions together, busy or idle (the account's concurrency). */
  concurrency: number;
  timeoutMs: number;
  /** New instances a function may start in any 10 s (AWS: 1,000). */
  scaleUpPer10s?: number;
}

interface FunctionInstanceStats {
  busy: number;
  idle: number;
  coldStarts: number;
  /** Each cold start's time to load the handler, in ms, in order. */
  coldStartMs: number[];
  throttles: number;
  /** Calls whose handler threw (Lambda's function errors). */
  errors: number;
  timeouts: number;
  crashes: number;
}

export interface LambdaStats {
  concurrency: number;
  /** The most instances that ran at once (busy and idle). */
  peakInstances: number;
  functions: Record<string, FunctionInstanceStats>;
}

const SCALING_WINDOW_MS = 10_000;

interface Idle {
  instance: FunctionInstance;
  since: number;
}

interface FunctionState {
  /** Most recently idle last: the next call takes the warmest, the recycler the oldest. */
  idle: Idle[];
  /** Running a call, or starting for one. */
  busy: number;
  /** When its recent cold starts began, for the scaling rate. */
  recentStarts: number[];
  stats: Omit<FunctionInstanceStats, 'busy' | 'idle'>;
}

export class LambdaPool {
  private readonly functions = new Map<string, FunctionState>();
  private readonly running = new Set<FunctionInstance>();
  private peakInstances = 0;

  constructor(
    private readonly start: StartInstance,
    private readonly limits: LambdaLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async invoke(name: string, event: unknown): Promise<Invocation> {
    const fn = this.state(name);
    this.forgetDead();
    const warm = fn.idle.pop()?.instance;
    if (warm) return this.run(fn, warm, event, false);
    if (!this.roomForOneMore() || !this.mayScale(fn)) {
      fn.stats.throttles += 1;
      return { outcome: 'throttled' };
    }
    fn.busy += 1;
    this.peakInstances = Math.max(this.peakInstances, this.instances());
    fn.recentStarts.push(this.now());
    fn.stats.coldStarts += 1;
    const started = performance.now();
    let instance: FunctionInstance;
    try {
      instance = await this.start(name);
    } catch (error) {
      fn.busy -= 1;
      fn.stats.crashes += 1;
      return { outcome: 'crashed', message: (error as Error).message };
    }
    fn.stats.coldStartMs.push(Math.round(performance.now() - started));
    this.running.add(instance);
    fn.busy -= 1;
    return this.run(fn, instance, event, true);
  }

  private async run(fn: FunctionState, instance: FunctionInstance, event: unknown, cold: boolean) {
    fn.busy += 1;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed-out'>((resolve) => {
      timer = setTimeout(() => resolve('timed-out'), this.limits.timeoutMs);
    });
    try {
      const answer = await Promise.race([instance.invoke(event, this.now() + this.limits.timeoutMs), timedOut]);
      if (answer === 'timed-out') {
        fn.stats.timeouts += 1;
        this.end(instance);
        return { outcome: 'timed-out' } as const;
      }
      if ('error' in answer) fn.stats.errors += 1;
      fn.idle.push({ instance, since: this.now() });
      return { outcome: 'answered', answer, cold } as const;
    } catch (error) {
      fn.stats.crashes += 1;
      this.end(instance);
      return { outcome: 'crashed', message: (error as Error).message } as const;
    } finally {
      clearTimeout(timer);
      fn.busy -= 1;
    }
  }

  /** Whether one more instance fits the concurrency, recycling the oldest idle instance if it must. */
  private roomForOneMore(): boolean {
    if (this.instances() < this.limits.concurrency) return true;
    let oldest: { fn: FunctionState; index: number } | undefined;
    for (const fn of this.functions.values())
      fn.idle.forEach((idle, index) => {
        if (!oldest || idle.since < oldest.fn.idle[oldest.index]!.since) oldest = { fn, index };
      });
    if (!oldest) return false;
    const [recycled] = oldest.fn.idle.splice(oldest.index, 1);
    this.end(recycled!.instance);
    return true;
  }

  private mayScale(fn: FunctionState): boolean {
    const since = this.now() - SCALING_WINDOW_MS;
    fn.recentStarts = fn.recentStarts.filter((at) => at > since);
    return fn.recentStarts.length < (this.limits.scaleUpPer10s ?? 1000);
  }

  /** Busy (or starting) and idle instances of every function. */
  private instances(): number {
    let count = 0;
    for (const fn of this.functions.values()) count += fn.busy + fn.idle.length;
    return count;
  }

  private forgetDead() {
    for (const fn of this.functions.values()) {
      const dead = fn.idle.filter((idle) => !idle.instance.alive());
      if (!dead.length) continue;
      fn.idle = fn.idle.filter((idle) => idle.instance.alive());
      for (const { instance } of dead) this.running.delete(instance);
    }
  }

  private end(instance: FunctionInstance) {
    instance.kill();
    this.running.delete(instance);
  }

  private state(name: string): FunctionState {
    let fn = this.functions.get(name);
    if (!fn) {
      fn = {
        idle: [],
        busy: 0,
        recentStarts: [],
        stats: { coldStarts: 0, coldStartMs: [], throttles: 0, errors: 0, timeouts: 0, crashes: 0 },
      };
      this.functions.set(name, fn);
    }
    return fn;
  }

  stats(): LambdaStats {
    return {
      concurrency: this.limits.concurrency,
      peakInstances: this.peakInstances,
      functions: Object.fromEntries(
        [...this.functions].map(([name, fn]) => [
          name,
          { busy: fn.busy, idle: fn.idle.length, ...fn.stats, coldStartMs: [...fn.stats.coldStartMs] },
        ]),
      ),
    };
  }

  /** Ends every instance, busy or idle (their calls answer as crashed). */
  stop(): void {
    for (const instance of this.running) instance.kill();
    this.running.clear();
    for (const fn of this.functions.values()) fn.idle = [];
  }
}
