// `npm test`'s Jest run, in two Jests side by side: the projects that share the local stack (integration,
// e2e) one file at a time, as before, and beside them the projects that need no stack (unit, web, infra),
// which used to wait for them (about 300 s on a 2-CPU machine, where Jest runs one file at a time). The stack's
// output goes by as it comes; the other Jest's is printed whole when it ends. The last line is the two runs'
// "N passed, N failed" added up, as CI reads it. Arguments (a path, -t) go to both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const JEST = createRequire(import.meta.url).resolve('jest/bin/jest');
const SUMMARY = /^(\d+) passed, (\d+) failed$/;

interface Outcome {
  passed: number;
  failed: number;
  exitCode: number;
}

/** One Jest on `projects`: its summary line read from its output (none: it counts as one failure). */
function jest(projects: string[], live: boolean): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    [JEST, '--selectProjects', ...projects, '--passWithNoTests', ...process.argv.slice(2)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
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

const outcomes = await Promise.all([jest(['integration', 'e2e'], true), jest(['unit', 'web', 'infra'], false)]);
const sum = (of: (outcome: Outcome) => number) => outcomes.reduce((total, outcome) => total + of(outcome), 0);
process.stderr.write(`\n${sum((o) => o.passed)} passed, ${sum((o) => o.failed)} failed\n`);
process.exitCode = outcomes.some((outcome) => outcome.exitCode !== 0) ? 1 : 0;
