// The rush under transaction conflicts, in a process of its own (run.ts starts it): a second portal with a
// DynamoDB Local of its own (a fresh engine, as fresh as the benchmark stack's was for the run without
// conflicts) and the conflicts proxy in front, a warm-up run, then one run per hold time
// (BENCH_CONFLICT_HOLDS, ms, comma-separated). A process of its own because the test helpers keep one
// user pool client and one admin session per process. Prints the rows as JSON on stdout.
import { stackEnvironment, startStack } from '../support/stack-setup';
import { conflictRush, rushClasses, rushSettings, type ConflictRushRow } from './rush';

const { calls, families, seats } = rushSettings;
const holds = (process.env.BENCH_CONFLICT_HOLDS ?? '0,10,20,40').split(',').map(Number);
const stack = await startStack({ PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: String(holds[0]) });
try {
  Object.assign(process.env, stackEnvironment(stack));
  const [warmUpClass, ...classes] = await rushClasses(holds.length + 1, seats);
  // Warm up as the benchmark stack was: connections, JIT, caches.
  await conflictRush(warmUpClass!, calls, families, holds[0]!);
  const rows: ConflictRushRow[] = [];
  for (const [index, holdMs] of holds.entries())
    rows.push(await conflictRush(classes[index]!, calls, families, holdMs));
  console.log(JSON.stringify(rows));
} finally {
  await stack.stop();
}
