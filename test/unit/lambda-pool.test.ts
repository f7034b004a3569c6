// The instances mode's admission, as Lambda admits synchronous calls: with fake instances whose calls the test
// answers, ends or leaves hanging.
import { type FunctionInstance, type InstanceAnswer, LambdaPool } from '../../infra/local/lambdaPool';

interface FakeInstance extends FunctionInstance {
  name: string;
  calls: number;
  /** The call under way (one at most), for the test to answer or to end the instance during. */
  current?: { event: unknown; answer(answer: InstanceAnswer): void; die(): void };
  killed: boolean;
}

function fakeInstances() {
  const started: FakeInstance[] = [];
  const start = async (name: string): Promise<FunctionInstance> => {
    const instance: FakeInstance = {
      name,
      calls: 0,
      killed: false,
      invoke: (event) =>
        new Promise((resolve, reject) => {
          if (instance.current) throw new Error(`${name}: a second call while one runs`);
          instance.calls += 1;
          instance.current = {
            event,
            answer: (answer) => {
              instance.current = undefined;
              resolve(answer);
            },
            die: () => {
              instance.killed = true;
              instance.current = undefined;
              reject(new Error('exited'));
            },
          };
        }),
      alive: () => !instance.killed,
      // As a process killed mid-call: the call fails.
      kill: () => {
        instance.killed = true;
        instance.current?.die();
      },
    };
    started.push(instance);
    return instance;
  };
  return { started, start };
}

const ok = { result: { statusCode: 200 } };
/** Lets the pool's awaits run (the fake instances start at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a call starts an instance (a cold start, counted and timed); the next call of the function, once it is idle, reuses it warm', async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 10, timeoutMs: 1000 });
  const first = pool.invoke('enroll', { n: 1 });
  await settle();
  started[0]!.current!.answer(ok);
  expect(await first).toEqual({ outcome: 'answered', answer: ok, cold: true });

  const second = pool.invoke('enroll', { n: 2 });
  await settle();
  expect(started).toHaveLength(1);
  expect(started[0]!.current!.event).toEqual({ n: 2 });
  started[0]!.current!.answer(ok);
  expect(await second).toEqual({ outcome: 'answered', answer: ok, cold: false });
  expect(pool.stats().functions.enroll).toMatchObject({ busy: 0, idle: 1, coldStarts: 1, throttles: 0 });
  expect(pool.stats().functions.enroll!.coldStartMs).toHaveLength(1);
});

test('an instance runs one call at a time: a call while the only instance is busy starts a second one', async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 10, timeoutMs: 1000 });
  const calls = [pool.invoke('enroll', 1), pool.invoke('enroll', 2)];
  await settle();
  expect(started.map((instance) => instance.calls)).toEqual([1, 1]);
  expect(pool.stats().functions.enroll).toMatchObject({ busy: 2, idle: 0, coldStarts: 2 });
  for (const instance of started) instance.current!.answer(ok);
  await Promise.all(calls);
  expect(pool.stats()).toMatchObject({ peakInstances: 2, functions: { enroll: { busy: 0, idle: 2 } } });
});

test('at the concurrency limit with every instance busy, a call is throttled and no instance starts', async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 2, timeoutMs: 1000 });
  const running = [pool.invoke('enroll', 1), pool.invoke('myEnrollments', 2)];
  await settle();
  expect(await pool.invoke('enroll', 3)).toEqual({ outcome: 'throttled' });
  expect(started).toHaveLength(2);
  expect(pool.stats().functions.enroll).toMatchObject({ throttles: 1, coldStarts: 1 });
  for (const instance of started) instance.current!.answer(ok);
  await Promise.all(running);
});

test("at the limit, another function's oldest idle instance is recycled to make room", async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 2, timeoutMs: 1000 });
  for (const name of ['catalogue', 'semesters']) {
    const call = pool.invoke(name, {});
    await settle();
    started.at(-1)!.current!.answer(ok);
    await call;
  }
  const call = pool.invoke('enroll', {});
  await settle();
  expect(started.map((instance) => [instance.name, instance.killed])).toEqual([
    ['catalogue', true],
    ['semesters', false],
    ['enroll', false],
  ]);
  started[2]!.current!.answer(ok);
  expect(await call).toMatchObject({ outcome: 'answered', cold: true });
  expect(pool.stats().functions.catalogue).toMatchObject({ idle: 0 });
});

test('a function starts at most its scaling rate of new instances in 10 s; then its calls are throttled', async () => {
  const { start } = fakeInstances();
  let now = 0;
  const pool = new LambdaPool(start, { concurrency: 100, timeoutMs: 60_000, scaleUpPer10s: 3 }, () => now);
  const running = [1, 2, 3].map((n) => pool.invoke('enroll', n));
  await settle();
  expect(await pool.invoke('enroll', 4)).toEqual({ outcome: 'throttled' });
  now = 10_001;
  pool.invoke('enroll', 5);
  await settle();
  expect(pool.stats().functions.enroll).toMatchObject({ busy: 4, coldStarts: 4, throttles: 1 });
  pool.stop();
  await Promise.allSettled(running);
});

test("a call past the function's timeout ends its instance and answers timed-out; the next call starts a new one", async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 10, timeoutMs: 30 });
  expect(await pool.invoke('enroll', 1)).toEqual({ outcome: 'timed-out' });
  expect(started[0]!.killed).toBe(true);
  const next = pool.invoke('enroll', 2);
  await settle();
  started[1]!.current!.answer(ok);
  expect(await next).toMatchObject({ outcome: 'answered', cold: true });
  expect(pool.stats().functions.enroll).toMatchObject({ timeouts: 1, coldStarts: 2, busy: 0, idle: 1 });
});

test('an instance that dies during a call answers crashed (never hangs), and is replaced by the next call', async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 10, timeoutMs: 1000 });
  const call = pool.invoke('enroll', 1);
  await settle();
  started[0]!.current!.die();
  expect(await call).toEqual({ outcome: 'crashed', message: 'exited' });
  const next = pool.invoke('enroll', 2);
  await settle();
  expect(started).toHaveLength(2);
  started[1]!.current!.answer(ok);
  expect(await next).toMatchObject({ outcome: 'answered', cold: true });
  expect(pool.stats().functions.enroll).toMatchObject({ crashes: 1, coldStarts: 2 });
});

test('an idle instance that died is not given a call: a new one starts', async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 1, timeoutMs: 1000 });
  const first = pool.invoke('enroll', 1);
  await settle();
  started[0]!.current!.answer(ok);
  await first;
  started[0]!.kill();
  const next = pool.invoke('enroll', 2);
  await settle();
  expect(started).toHaveLength(2);
  started[1]!.current!.answer(ok);
  expect(await next).toMatchObject({ outcome: 'answered', cold: true });
});

test('an instance that fails to start answers crashed and takes no place', async () => {
  const pool = new LambdaPool(
    async () => {
      throw new Error('no bundle');
    },
    { concurrency: 1, timeoutMs: 1000 },
  );
  expect(await pool.invoke('enroll', 1)).toEqual({ outcome: 'crashed', message: 'no bundle' });
  expect(pool.stats().functions.enroll).toMatchObject({ busy: 0, idle: 0, crashes: 1 });
});

test('stopping ends every instance, busy or idle', async () => {
  const { started, start } = fakeInstances();
  const pool = new LambdaPool(start, { concurrency: 10, timeoutMs: 1000 });
  const idle = pool.invoke('catalogue', {});
  await settle();
  started[0]!.current!.answer(ok);
  await idle;
  pool.invoke('enroll', {});
  await settle();
  pool.stop();
  expect(started.map((instance) => instance.killed)).toEqual([true, true]);
});
