// `npm run bench`: starts the local stack as the tests do, runs every benchmark and prints the figures.
// BENCH_CALLS (default 200), BENCH_FAMILIES (a third of the calls), BENCH_SEATS (25) shape the registration rush;
// BENCH_CONFLICT_HOLDS (0,10,20,40) the hold times it also runs at under transaction conflicts.
// `npm run bench -- conflicts` runs only that part. `npm run bench -- day` plays registration day
// (test/bench/day.ts: BENCH_DAY_FAMILIES, BENCH_DAY_CLASSES, BENCH_DAY_SECONDS, BENCH_DAY_HOLD_MS, BENCH_DAY_SEED);
// `npm run bench -- fair` the same day opening with a fair start (BENCH_DAY_FAIR_START_MINUTES, 5; 3,000 families; BENCH_DAY_COGNITO_QUOTAS on),
// its record checked with the seed after.
// `npm run bench -- attendance` has 60 classes' instructors sync a day's marks at once (test/bench/attendance.ts).
// `npm run bench -- lighthouse` runs Lighthouse on /classes/enrollment (test/bench/lighthouse.ts, BENCH_LIGHTHOUSE_RUNS).
// `npm run bench -- lottery` times the lottery draw at the large seed's size (test/bench/lottery.ts, BENCH_LOTTERY_RUNS),
// and its publication through the stack (BENCH_LOTTERY_PUBLISH_RUNS). `npm run bench -- district` prints the
// capacity plan at 10,000 and 50,000 families (infra/capacity-report.ts): each hot partition, every quota in the
// order it binds as the families grow; it needs no stack. With PORTAL_LAMBDA_INSTANCES=on (and
// PORTAL_LAMBDA_CONCURRENCY) the stacks run each function call in an instance of its own, as Lambda does, and
// the rush and the day print the instances they used and their cold starts.
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { registrationDay } from '../../infra/capacity';
import { capacityReport } from '../../infra/capacity-report';
import startStackForTests from '../support/stack-setup';
import stopStackForTests from '../support/stack-teardown';
import { instancesUsed } from '../support/lambdaSummary';
import { lambdaReport, lambdaSizes } from './lambdas';
import { pageWeight, pageWeightReport } from './page-weight';
import { lighthouseReport, lighthouseRuns } from './lighthouse';
import { lotteryPublicationReport, lotteryReport } from './lottery';
import { attendanceReport, attendanceSync } from './attendance';
import { dayReport, type DayRun } from './dayReport';
import {
  conflictReport,
  conflictRush,
  registrationRush,
  rushClasses,
  rushReport,
  rushSettings,
  type ConflictRushRow,
} from './rush';

const { calls, families, seats } = rushSettings;
/**
 * `fair`: registration day opening with a fair start of 5 minutes (the setting's default), for 3,000 families, the
 * local user pool enforcing Cognito's quotas, unless BENCH_DAY_* say otherwise.
 */
const FAIR_START_DAY = {
  BENCH_DAY_FAMILIES: process.env.BENCH_DAY_FAMILIES ?? '3000',
  BENCH_DAY_FAIR_START_MINUTES: process.env.BENCH_DAY_FAIR_START_MINUTES ?? '5',
  BENCH_DAY_COGNITO_QUOTAS: process.env.BENCH_DAY_COGNITO_QUOTAS ?? 'on',
};
const only = process.argv[2];

console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`,
);
try {
  if (!only || only === 'lambdas') console.log(`${lambdaReport(await lambdaSizes())}\n`);
  if (!only || only === 'lottery') console.log(`${lotteryReport()}\n`);
  if (!only || only === 'district')
    for (const families of [10_000, 50_000])
      for (const fairStart of [undefined, { minutes: 5 }])
        console.log(`${capacityReport(registrationDay({ families, ...(fairStart && { fairStart }) }))}\n`);
  if (!only || ['rush', 'conflicts', 'day', 'fair', 'pages', 'lighthouse', 'lottery', 'attendance'].includes(only)) {
    await startStackForTests();
    const conflicts = !only || only === 'rush' || only === 'conflicts';
    // Before the rushes: the fixtures' administrator session would not outlive them (rushClasses).
    const [offClass, warmUpClass] = conflicts ? await rushClasses(only === 'conflicts' ? 2 : 1, seats) : [];
    if (!only || only === 'rush') {
      console.log(`${rushReport(await registrationRush(calls, families, seats), seats)}`);
      const instances = await instancesUsed(process.env.PORTAL_TEST_URL!);
      console.log(instances ? `function instances (setup and rush): ${instances}\n` : '');
    }
    if (conflicts) {
      // Alone, the stack is cold: warm it up as the rush above would have.
      if (only === 'conflicts') await conflictRush(warmUpClass!, calls, families, null);
      const off = await conflictRush(offClass!, calls, families, null);
      console.log(
        `${conflictReport([off, ...(await ownProcess<ConflictRushRow[]>('test/bench/conflicts.ts'))], calls, seats)}\n`,
      );
    }
    if (!only || only === 'day') console.log(`${dayReport(await ownProcess<DayRun>('test/bench/day.ts'))}\n`);
    if (!only || only === 'fair')
      console.log(`${dayReport(await ownProcess<DayRun>('test/bench/day.ts', FAIR_START_DAY))}\n`);
    if (!only || only === 'pages')
      console.log(`${pageWeightReport(await pageWeight(['/classes/enrollment', '/admin', '/calendar/classes']))}\n`);
    if (!only || only === 'lighthouse') console.log(`${lighthouseReport(await lighthouseRuns())}\n`);
    if (!only || only === 'lottery') console.log(`${await lotteryPublicationReport()}\n`);
    if (!only || only === 'attendance') console.log(`${attendanceReport(await attendanceSync())}\n`);
  }
} finally {
  await stopStackForTests();
}

/**
 * A benchmark that runs in its own process against a second portal on this stack's engine
 * (test/bench/conflicts.ts, test/bench/day.ts): what it prints last on stdout, as JSON.
 */
function ownProcess<T>(script: string, settings: Record<string, string> = {}): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...settings },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as T)
        : reject(new Error(`${script} exited with ${code}:\n${output}`)),
    );
  });
}
