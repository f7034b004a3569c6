// A function instance of the instances mode: a child process running the Lambda runtime's part
// (lambdaRuntime.ts) on the function's bundle, with the environment the stack gives its functions (this
// process's own, as in-process handlers see it) and the option the stack sets on every Lambda.
//
// Instances start (load their bundle) at most one per CPU at a time: Lambda gives each instance's init a CPU
// of its own, where here they share this machine's. Started all at once, 67 instances took 4 s each to load
// and starved the calls of those already loaded past their 10 s; one per CPU, each loads at full speed and
// the wait counts in the cold start.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { FunctionBundles } from './functionBundles';
import type { InstanceCall } from './lambdaRuntime';
import type { FunctionInstance, InstanceAnswer, StartInstance } from './lambdaPool';

export function forkedInstances(bundles: FunctionBundles): StartInstance {
  const loading = new Slots(availableParallelism());
  return async (name) => {
    await loading.take();
    try {
      return await forkInstance(bundles, name);
    } finally {
      loading.give();
    }
  };
}

function forkInstance(bundles: FunctionBundles, name: string): Promise<FunctionInstance> {
  return new Promise((resolveStart, rejectStart) => {
    const bundle = bundles.functions[name];
    if (!bundle) return rejectStart(new Error(`There is no bundle of ${name}.`));
    const child = fork(bundles.runtime, [bundle], {
      execArgv: ['--enable-source-maps'],
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let pending: { resolve: (answer: InstanceAnswer) => void; reject: (error: Error) => void } | undefined;
    let alive = true;
    const instance: FunctionInstance = {
      invoke: (event, deadline) =>
        new Promise((resolve, reject) => {
          pending = { resolve, reject };
          child.send({ name, event, deadline } satisfies InstanceCall);
        }),
      alive: () => alive,
      kill: () => {
        alive = false;
        child.kill('SIGKILL');
      },
    };
    child.on('message', (message: { ready: true } | InstanceAnswer) => {
      if ('ready' in message) return resolveStart(instance);
      const call = pending;
      pending = undefined;
      call?.resolve(message);
    });
    // A call sent on a channel that just closed: the instance is as good as dead.
    child.on('error', (error) => {
      instance.kill();
      rejectStart(error);
      pending?.reject(error);
      pending = undefined;
    });
    child.on('exit', (code, signal) => {
      alive = false;
      const error = new Error(`The instance of ${name} exited (${signal ?? code}).`);
      rejectStart(error);
      pending?.reject(error);
      pending = undefined;
    });
  });
}

/** At most `size` holders at once; the others wait in arrival order. */
class Slots {
  private readonly waiting: Array<() => void> = [];

  constructor(private free: number) {}

  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
