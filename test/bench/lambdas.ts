// Lambda size and start: each function bundled as the stack bundles it (esbuild, minified ESM, AWS SDK
// inside), its size, and the time a fresh Node process takes to import it (the cold start's own part).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESBUILD_FUNCTION_OPTIONS } from '../../infra/functionBundling';
import { kb, ms, percentile, table } from './stats';
import { lambdaModules } from '../../lambdas/platform/deployment';

export interface LambdaFigures {
  name: string;
  bytes: number;
  importMs: number;
}

// What the stack sets on a function (fake values: importing must not reach anything).
const functionEnvironment = {
  TABLE_NAME: 'bench',
  JWT_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_bench',
  USER_POOL_ID: 'eu-west-1_bench',
  USER_POOL_CLIENT_ID: 'bench',
  SITE_URL: 'https://portal.example.org',
  AWS_REGION: 'eu-west-1',
  NODE_OPTIONS: '--enable-source-maps',
  // The SDK warns on Node 20 that it will need Node 22; the functions run on Node 24 in Lambda.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const IMPORT_RUNS = 5;

async function bundle(entry: string, outdir: string): Promise<string> {
  const outfile = join(outdir, 'index.mjs');
  await build({
    entryPoints: [resolve(entry)],
    outfile,
    ...ESBUILD_FUNCTION_OPTIONS,
    target: 'node24',
  });
  return outfile;
}

function importTime(file: string): number {
  const script =
    'const t0 = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t0));';
  const times = Array.from({ length: IMPORT_RUNS }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script, file], {
        env: { ...process.env, ...functionEnvironment },
        encoding: 'utf8',
      }),
    ),
  );
  return percentile(times, 50);
}

export async function lambdaSizes(): Promise<LambdaFigures[]> {
  const figures: LambdaFigures[] = [];
  for (const { name, module } of lambdaModules()) {
    const file = await bundle(module, mkdtempSync(join(tmpdir(), 'portal-bench-')));
    figures.push({ name, bytes: statSync(file).size, importMs: importTime(file) });
  }
  return figures;
}

export function lambdaReport(figures: LambdaFigures[]): string {
  const biggest = Math.max(...figures.map((f) => f.bytes));
  const slowest = Math.max(...figures.map((f) => f.importMs));
  return [
    `Lambda size and cold import (median of ${IMPORT_RUNS} fresh processes); targets: under 300 KB and 150 ms`,
    table([['function', 'bundle', 'import'], ...figures.map((f) => [f.name, kb(f.bytes), ms(f.importMs)])]),
    `largest ${kb(biggest)}, slowest import ${ms(slowest)}: ${biggest < 300 * 1024 && slowest < 150 ? 'within' : 'OVER'} the targets`,
  ].join('\n');
}
