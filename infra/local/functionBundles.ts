// The functions as the stack deploys them, for the instances mode: one esbuild build with an entry point
// per function (each bundle whole, as CDK makes it, minified ESM with the AWS SDK inside), and the instances'
// runtime (lambdaRuntime.ts) beside them. Measured here (2 cores, Node 20): the build takes about 12 s for
// the 71 functions; a new process importing enroll's bundle takes 140-160 ms (190 ms with source maps on,
// as the stack sets NODE_OPTIONS), against 500-560 ms through `--import tsx` loading the TypeScript module.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { ESBUILD_FUNCTION_OPTIONS } from '../functionBundling';

export interface FunctionBundles {
  runtime: string;
  /** Each function's bundle, by name. */
  functions: Record<string, string>;
}

const RUNTIME = 'lambdaRuntime';

/** Bundles `modules` (name → module path) into `outdir`. */
export async function buildFunctionBundles(modules: Record<string, string>, outdir: string): Promise<FunctionBundles> {
  const entryPoints = Object.fromEntries([
    ...Object.entries(modules).map(([name, module]) => [name, resolve(module)]),
    [RUNTIME, resolve('infra/local/lambdaRuntime.ts')],
  ]);
  await build({
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    ...ESBUILD_FUNCTION_OPTIONS,
    // The functions run on Lambda's Node 24; here they run on this machine's Node.
    target: `node${process.versions.node.split('.')[0]}`,
  });
  const file = (name: string) => join(outdir, `${name}.mjs`);
  return {
    runtime: file(RUNTIME),
    functions: Object.fromEntries(Object.keys(modules).map((name) => [name, file(name)])),
  };
}
