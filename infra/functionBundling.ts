// How every function is bundled: the stack's functions (PortalFunction, all in one esbuild build), the size
// benchmark and the local stack's function instances (infra/local/functionBundles.ts) bundle the same way.
import { type BuildOptions, buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// ES modules need `require` for the CommonJS packages esbuild folds into the bundle.
const ESM_REQUIRE_BANNER =
  "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);";

/** Modules replaced in the bundles: a Lambda's credentials are in its environment (see the module). */
const BUNDLE_ALIASES = { '@aws-sdk/credential-provider-node': resolve('lambdas/platform/lambdaCredentials.ts') };

/**
 * How every function is bundled by esbuild: one minified ES module carrying the AWS SDK (a Lambda's own copy may
 * lag behind the one tested), with its source map (the stack sets NODE_OPTIONS=--enable-source-maps).
 */
export const ESBUILD_FUNCTION_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  mainFields: ['module', 'main'] as string[],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  alias: BUNDLE_ALIASES,
  logLevel: 'error',
} as const satisfies BuildOptions;

/** esbuild's target for the functions' runtime (FUNCTION_RUNTIME in ./portal-function, Node 24). */
export const FUNCTION_RUNTIME_TARGET = 'node24';

/** The modules one synth bundled together, and where: every function's bundle is copied from there. */
let bundledTogether: { modules: Set<string>; outdir: string } | undefined;

/** Where a module's bundle is written: its own folder, as a Lambda's `index.mjs` with its map beside it. */
const bundleFolder = (module: string) => module.replace(/\.ts$/, '');

function bundle(modules: string[], target: string): string {
  const outdir = mkdtempSync(join(tmpdir(), 'portal-functions-'));
  // The CDK copies each function's bundle into its assets: the build itself (about 100 MB) goes with the synth.
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  buildSync({
    ...ESBUILD_FUNCTION_OPTIONS,
    entryPoints: Object.fromEntries(modules.map((module) => [join(bundleFolder(module), 'index'), resolve(module)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    target,
  });
  return outdir;
}

/**
 * The folder holding `module`'s bundle (`index.mjs` and its map). The first call bundles every module Lambda runs
 * (lambdaModules) in one esbuild build, which reads the modules they share once: one esbuild process a function
 * started through npx (0.3 s before it bundles anything), as the CDK's NodejsFunction bundles, made `cdk synth`
 * take about 80 s on 2 CPUs. A module outside that list is bundled alone.
 */
export function functionBundle(module: string, target: string, everyModule: () => string[]): string {
  bundledTogether ??= (() => {
    const modules = new Set(everyModule());
    return { modules, outdir: bundle([...modules], target) };
  })();
  const outdir = bundledTogether.modules.has(module) ? bundledTogether.outdir : bundle([module], target);
  return join(outdir, bundleFolder(module));
}
