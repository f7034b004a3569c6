// `npm run bench`: starts the local stack as the tests do, runs every benchmark and prints the figures.
// BENCH_CALLS (default 200), BENCH_FAMILIES (20), BENCH_SEATS (25) shape the registration rush.
import { cpus, totalmem } from 'node:os';
import startStackForTests from '../support/stack-setup';
import stopStackForTests from '../support/stack-teardown';
import { lambdaReport, lambdaSizes } from './lambdas';
import { pageWeight, pageWeightReport } from './page-weight';
import { registrationRush, rushReport } from './rush';

const calls = Number(process.env.BENCH_CALLS ?? 200);
const families = Number(process.env.BENCH_FAMILIES ?? 20);
const seats = Number(process.env.BENCH_SEATS ?? 25);
const only = process.argv[2];

console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`);
try {
  if (!only || only === 'lambdas') console.log(`${lambdaReport(await lambdaSizes())}\n`);
  if (!only || only === 'rush' || only === 'pages') {
    await startStackForTests();
    if (!only || only === 'rush') console.log(`${rushReport(await registrationRush(calls, families, seats), seats)}\n`);
    if (!only || only === 'pages') console.log(`${pageWeightReport(await pageWeight(['/classes/enrollment', '/admin', '/calendar/classes']))}\n`);
  }
} finally {
  await stopStackForTests();
}
