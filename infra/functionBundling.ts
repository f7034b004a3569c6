// How every function is bundled, without the CDK: the stack's functions, the size benchmark and the local
// stack's function instances (infra/local/functionBundles.ts) bundle the same way.
import { resolve } from 'node:path';

// ES modules need `require` for the CommonJS packages esbuild folds into the bundle.
const ESM_REQUIRE_BANNER =
  "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);";

/** Modules replaced in the bundles: a Lambda's credentials are in its environment (see the module). */
const BUNDLE_ALIASES = { '@aws-sdk/credential-provider-node': resolve('lambdas/platform/lambdaCredentials.ts') };

/** How every function is bundled by esbuild (the size benchmark bundles the same way). */
export const FUNCTION_BUNDLING = {
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  bundleAwsSDK: true,
  esbuildArgs: Object.fromEntries(
    Object.entries(BUNDLE_ALIASES).map(([module, replacement]) => [`--alias:${module}`, replacement]),
  ),
};

/** FUNCTION_BUNDLING as esbuild's own build options, for what bundles without the CDK. */
export const ESBUILD_FUNCTION_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  mainFields: FUNCTION_BUNDLING.mainFields,
  banner: { js: FUNCTION_BUNDLING.banner },
  minify: FUNCTION_BUNDLING.minify,
  sourcemap: FUNCTION_BUNDLING.sourceMap,
  sourcesContent: FUNCTION_BUNDLING.sourcesContent,
  alias: BUNDLE_ALIASES,
  logLevel: 'error',
} as const;
