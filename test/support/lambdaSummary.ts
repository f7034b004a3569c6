// One line on the function instances a run of the instances mode used (its /_local/lambda-stats), for the
// rush test and the benchmarks.
import type { LambdaStats } from '../../infra/local/lambdaPool';

function lambdaSummary({ concurrency, peakInstances, functions }: LambdaStats): string {
  const all = Object.values(functions);
  const total = (field: 'coldStarts' | 'throttles' | 'errors' | 'timeouts' | 'crashes') =>
    all.reduce((sum, fn) => sum + fn[field], 0);
  const coldMs = all.flatMap((fn) => fn.coldStartMs).sort((a, b) => a - b);
  const at = (p: number) => coldMs[Math.min(coldMs.length - 1, Math.floor(p * coldMs.length))] ?? 0;
  const busiest = Object.entries(functions)
    .sort(([, a], [, b]) => b.coldStarts - a.coldStarts)
    .slice(0, 3)
    .map(([name, fn]) => `${name} ${fn.coldStarts}`)
    .join(', ');
  return (
    `${peakInstances} instances at most at once (concurrency ${concurrency}); ${total('coldStarts')} cold starts` +
    ` (${busiest}), p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms; ${total('throttles')} throttled,` +
    ` ${total('errors')} failed, ${total('timeouts')} timed out, ${total('crashes')} crashed`
  );
}

/** The summary of a running portal's instances, or undefined when its functions run in its own process. */
export async function instancesUsed(portalUrl: string): Promise<string | undefined> {
  const { instances } = (await (await fetch(`${portalUrl}/_local/lambda-stats`)).json()) as {
    instances: LambdaStats | null;
  };
  return instances ? lambdaSummary(instances) : undefined;
}
