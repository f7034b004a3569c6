// `npm test`'s Jest run. The projects that share local stacks (integration, e2e) run on three stacks, one per Jest
// worker, three files at once (PORTAL_TEST_STACKS=N for N): a stack's files mostly wait (the allocator's settle
// time, the stream's polls, the browser), and one file at a time left the CPUs idle about half the time; on 2 CPUs
// three took CI to 14 min 40 s, two to 17 min (docs/testing.md). Beside them, at
// the lowest priority (`nice -n 19`), run the projects that need no stack (unit, web, infra): they only need CPU
// time, and take what the stacks leave, where at the same priority they starved the stacks' files, whose calls
// have deadlines. Once the stacks' files are done come the registration rushes, on one stack: they check that 200
// enroll calls at once are answered in time, which depends on the CPU they get (a rush sharing the machine
// answered calls "very busy"; in AWS each Lambda has its CPU to itself); the niced Jest, if still running, takes
// only what they leave. The stacks' output goes by as it comes; the other Jest's is printed whole when it ends.
// The last line is the runs' "N passed, N failed" added up, as CI reads it. Arguments (a path, -t) go to every run.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const JEST = require.resolve('jest/bin/jest');
const StackSequencer: unknown = require('./stack-sequencer.cjs');
const SUMMARY = /^(\d+) passed, (\d+) failed$/;

interface Outcome {
  passed: number;
  failed: number;
  exitCode: number;
}

/** One Jest on `projects` with `options`: its summary line read from its output (none: it counts as one failure). */
function jest(
  projects: string[],
  live: boolean,
  options: string[] = [],
  env: Record<string, string> = {},
  niceness = 0,
): Promise<Outcome> {
  const args = [JEST, '--selectProjects', ...projects, '--passWithNoTests', ...options, ...process.argv.slice(2)];
  const child = spawn(
    niceness ? 'nice' : process.execPath,
    niceness ? ['-n', String(niceness), process.execPath, ...args] : args,
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  let output = '';
  const keep = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
    output += chunk;
    if (live) stream.write(chunk);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!live) process.stderr.write(output);
      const summary = output.trimEnd().split('\n').at(-1)?.match(SUMMARY);
      resolve({
        passed: Number(summary?.[1] ?? 0),
        failed: summary ? Number(summary[2]) : 1,
        exitCode: code ?? 1,
      });
    });
  });
}

const STACKS = Math.max(1, Number(process.env.PORTAL_TEST_STACKS ?? 3) || 3);
const RUSHES: string[] = (StackSequencer as { RUSHES: string[] }).RUSHES;
// Jest's ignore patterns are regular expressions, given one by one (a list would swallow the arguments after it).
const ignoring = (pattern: string) => `--testPathIgnorePatterns=${pattern}`;
const rushPattern = `(${RUSHES.map((path) => path.replace(/[.]/g, '\\.')).join('|')})$`;

// The allocator's settle time on the stacks' files: a quarter of the deployed second. Each enroll waits it out
// (integration/enrollment took 88 s with 1 s, 43 s with this), and what those files check does not rest on it: a
// request that reaches its queue later is placed by rule (decisions 42, 49). The rushes, which check arrival order
// under load, run with the deployed default.
const STACK_FILES_SETTLE_MS = '250';

// Niced, a test waits for the CPU the rushes leave: a unit test's 5 s ran out during them once (CI, 2026-11-28).
const stackless = jest(['unit', 'web', 'infra'], false, ['--testTimeout=60000'], {}, 19);
const outcomes = [
  await jest(
    ['integration', 'e2e'],
    true,
    [`--maxWorkers=${STACKS}`, ignoring('/node_modules/'), ignoring(rushPattern)],
    {
      PORTAL_TEST_STACKS: String(STACKS),
      ALLOCATION_SETTLE_MS: process.env.ALLOCATION_SETTLE_MS ?? STACK_FILES_SETTLE_MS,
    },
  ),
  await jest(['integration'], true, [ignoring(`^(?!.*${rushPattern})`)]),
  await stackless,
];
const sum = (of: (outcome: Outcome) => number) => outcomes.reduce((total, outcome) => total + of(outcome), 0);
process.stderr.write(`\n${sum((o) => o.passed)} passed, ${sum((o) => o.failed)} failed\n`);
process.exitCode = outcomes.some((outcome) => outcome.exitCode !== 0) ? 1 : 0;
