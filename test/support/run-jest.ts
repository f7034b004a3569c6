// `npm test`'s Jest run. The projects that share local stacks (integration, e2e) run one file at a time on one
// stack, or with PORTAL_TEST_STACKS=N on N stacks, one per Jest worker, N files at once (a stack's files mostly
// wait: the allocator's settle time, the stream's polls, the browser). Beside them run the projects that need no
// stack (unit, web, infra). Last and alone, on one stack, come the registration rushes: they check that 200 enroll
// calls at once are answered in time, which depends on the CPU they get (a rush sharing the machine answered calls
// "very busy"; in AWS each Lambda has its CPU to itself). The stacks' output goes by as it comes; the other Jest's
// is printed whole when it ends. The last line is the runs' "N passed, N failed" added up, as CI reads it.
// Arguments (a path, -t) go to every run.
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
): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    [JEST, '--selectProjects', ...projects, '--passWithNoTests', ...options, ...process.argv.slice(2)],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
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

// One stack unless PORTAL_TEST_STACKS says more: on 2 CPUs two stacks took the whole CI from about 40 to 34 minutes,
// but starved the Jest beside them (the bundling of every function ran past its 10 minutes).
const STACKS = Math.max(1, Number(process.env.PORTAL_TEST_STACKS ?? 1) || 1);
const RUSHES: string[] = (StackSequencer as { RUSHES: string[] }).RUSHES;
// Jest's ignore patterns are regular expressions, given one by one (a list would swallow the arguments after it).
const ignoring = (pattern: string) => `--testPathIgnorePatterns=${pattern}`;
const rushPattern = `(${RUSHES.map((path) => path.replace(/[.]/g, '\\.')).join('|')})$`;

const outcomes = await Promise.all([
  jest(['integration', 'e2e'], true, [`--maxWorkers=${STACKS}`, ignoring('/node_modules/'), ignoring(rushPattern)], {
    PORTAL_TEST_STACKS: String(STACKS),
  }),
  jest(['unit', 'web', 'infra'], false),
]);
outcomes.push(await jest(['integration'], true, [ignoring(`^(?!.*${rushPattern})`)]));
const sum = (of: (outcome: Outcome) => number) => outcomes.reduce((total, outcome) => total + of(outcome), 0);
process.stderr.write(`\n${sum((o) => o.passed)} passed, ${sum((o) => o.failed)} failed\n`);
process.exitCode = outcomes.some((outcome) => outcome.exitCode !== 0) ? 1 : 0;
