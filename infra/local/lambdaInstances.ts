// A function instance of the instances mode: a child process running the Lambda runtime's part
// (lambdaRuntime.ts) on the function's bundle, with the environment the stack gives its functions (this
// process's own, as in-process handlers see it) and the option the stack sets on every Lambda.
import { fork } from 'node:child_process';
import type { FunctionBundles } from './functionBundles';
import type { InstanceCall } from './lambdaRuntime';
import type { FunctionInstance, InstanceAnswer, StartInstance } from './lambdaPool';

export function forkedInstances(bundles: FunctionBundles): StartInstance {
  return (name) =>
    new Promise((resolveStart, rejectStart) => {
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
