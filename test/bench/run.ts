// `npm run bench`: starts the local stack as the tests do, runs every benchmark and prints the figures.
// BENCH_CALLS (default 200), BENCH_FAMILIES (20), BENCH_SEATS (25) shape the registration rush;
// BENCH_CONFLICT_HOLDS (0,10,20,40) the hold times it also runs at under transaction conflicts.
// `npm run bench -- conflicts` runs only that part.
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import startStackForTests from '../support/stack-setup';
import stopStackForTests from '../support/stack-teardown';
import { lambdaReport, lambdaSizes } from './lambdas';
import { pageWeight, pageWeightReport } from './page-weight';
import { conflictReport, conflictRush, registrationRush, rushReport, type ConflictRushRow } from './rush';

const calls = Number(process.env.BENCH_CALLS ?? 200);
const families = Number(process.env.BENCH_FAMILIES ?? 20);
const seats = Number(process.env.BENCH_SEATS ?? 25);
const only = process.argv[2];

console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`);
try {
  if (!only || only === 'lambdas') console.log(`${lambdaReport(await lambdaSizes())}\n`);
  if (!only || only === 'rush' || only === 'conflicts' || only === 'pages') {
    await startStackForTests();
    if (!only || only === 'rush') console.log(`${rushReport(await registrationRush(calls, families, seats), seats)}\n`);
    if (!only || only === 'rush' || only === 'conflicts') {
      // Alone, the stack is cold: warm it up as the rush above would have.
      if (only === 'conflicts') await conflictRush(calls, families, seats, null);
      const off = await conflictRush(calls, families, seats, null);
      console.log(`${conflictReport([off, ...(await conflictRushes())], calls, seats)}\n`);
    }
    if (!only || only === 'pages') console.log(`${pageWeightReport(await pageWeight(['/classes/enrollment', '/admin', '/calendar/classes']))}\n`);
  }
} finally {
  await stopStackForTests();
}

/** The rows of test/bench/conflicts.ts, run in its own process against a second portal on this stack's engine. */
function conflictRushes(): Promise<ConflictRushRow[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/conflicts.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as ConflictRushRow[]) : reject(new Error(`test/bench/conflicts.ts exited with ${code}:\n${output}`))));
  });
}
