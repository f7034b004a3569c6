// The manifest's scheduled functions on a timer of the local stack, as EventBridge runs them in AWS: each at
// its rate (and once soon after the start, so a restart misses nothing), with the event's `time` set to now.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { lambdaContext } from './lambdaContext';
import { scheduleModule, schedules, type ScheduleName } from '../../lambdas/platform/deployment';

/** The first run, a moment after the stack is ready. */
const FIRST_RUN_MS = 5000;

export async function startSchedules(log: (line: string) => void): Promise<{ stop(): void }> {
  const timers: NodeJS.Timeout[] = [];
  for (const name of Object.keys(schedules) as ScheduleName[]) {
    const { handler } = (await import(pathToFileURL(resolve(scheduleModule(name))).href)) as {
      handler: (event: { time: string }, context: Context) => Promise<unknown>;
    };
    const run = () => {
      return handler({ time: new Date().toISOString() }, lambdaContext(name)).catch((error: Error) =>
        log(`scheduled ${name} failed: ${error.message}`),
      );
    };
    timers.push(setTimeout(run, FIRST_RUN_MS), setInterval(run, schedules[name].everyMinutes * 60_000));
  }
  for (const timer of timers) timer.unref();
  return { stop: () => timers.forEach(clearTimeout) };
}
