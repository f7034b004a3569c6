// `cdk synth` as an engineer runs it, offline (no AWS account, no Docker): every function is bundled with
// the local esbuild into a minified ES module that carries the AWS SDK and loads on its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { portalRoutes } from '../../infra/functions';
import { STACK_NAME } from '../../infra/portal-app';
import { readViolations } from './synthesize';
import { userPoolTriggers } from '../../lambdas/platform/deployment';

const outdir = mkdtempSync(join(tmpdir(), 'portal-cdk-synth-'));
// Every function's bundle (about 100 MB): removed once the file is done.
afterAll(() => rmSync(outdir, { recursive: true, force: true }));
const { NODE_ENV: _testMode, ...environment } = process.env;
const synth = spawnSync('npx', ['cdk', 'synth', '--no-notices', '-q', '-o', outdir], {
  encoding: 'utf8',
  env: { ...environment, CDK_DISABLE_CLI_TELEMETRY: 'true' },
  // `npm test` runs this file at the lowest priority beside the stacks' files, where it takes minutes (30 s alone).
  timeout: 1_200_000,
});
type Resources = Record<
  string,
  { Type: string; Properties: { Code?: { S3Key: string } }; Metadata?: Record<string, string> }
>;
// The stack's template and its nested stacks' (the API functions are in one of their own).
const template = {
  Resources: Object.assign(
    {},
    ...(existsSync(outdir) ? readdirSync(outdir) : [])
      .filter((file) => file.startsWith(STACK_NAME) && file.endsWith('.template.json'))
      .map((file) => (JSON.parse(readFileSync(join(outdir, file), 'utf8')) as { Resources: Resources }).Resources),
  ) as Resources,
};

/** The directory of the bundle of the Lambda at a construct path. */
function bundleOf(constructPath: string): string {
  const lambda = Object.values(template.Resources).find(
    (resource) => resource.Metadata?.['aws:cdk:path'] === `${STACK_NAME}/${constructPath}/Handler/Resource`,
  );
  if (!lambda?.Properties.Code) throw new Error(`No Lambda at ${constructPath}`);
  return join(outdir, `asset.${lambda.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
}

test('succeeds offline with no unacknowledged cdk-nag error', () => {
  expect({ status: synth.status, stderr: synth.stderr }).toEqual({
    status: 0,
    stderr: expect.not.stringMatching(/ERROR|Error:/),
  });
  expect(readViolations(outdir).filter((violation) => violation.severity === 'error')).toEqual([]);
});

const functionPaths = [
  ...portalRoutes().map((route) => `Functions/${route.name}`),
  ...Object.values(userPoolTriggers).map((name) => `Users/${name}`),
  'Origin/rotateOriginSecret',
];

describe.each(functionPaths)('the bundle of %s', (constructPath) => {
  test('is a minified ES module with its source map and a require for CommonJS packages', () => {
    const code = readFileSync(join(bundleOf(constructPath), 'index.mjs'), 'utf8');
    expect(
      code.startsWith(
        "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);",
      ),
    ).toBe(true);
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    expect(existsSync(join(bundleOf(constructPath), 'index.mjs.map'))).toBe(true);
    expect(code.length / code.split('\n').length).toBeGreaterThan(500);
  });

  test('carries the AWS SDK instead of importing it, and loads alone with the settings the stack gives', () => {
    const code = readFileSync(join(bundleOf(constructPath), 'index.mjs'), 'utf8');
    // Static or dynamic imports and requires in code; the SDK's own messages quote `[require("@aws-sdk/…")]`.
    expect(
      code.match(/\bfrom\s*["']@aws-sdk\/|\bimport\(\s*["']@aws-sdk\/|[^[]require\(\s*["']@aws-sdk\//)?.[0],
    ).toBeUndefined();
    const load = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import(process.argv[1]); if (typeof m.handler !== 'function') throw new Error('no handler');",
        pathToFileURL(join(bundleOf(constructPath), 'index.mjs')).href,
      ],
      {
        encoding: 'utf8',
        cwd: outdir,
        env: {
          PATH: process.env.PATH,
          // This machine's Node may be older than the Lambda runtime; the SDK's warning about it is not the bundle's fault.
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          AWS_REGION: 'eu-west-1',
          NODE_OPTIONS: '--enable-source-maps',
          TABLE_NAME: 'registration-portal',
          JWT_ISSUER: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_portal',
          USER_POOL_ID: 'eu-west-1_portal',
          USER_POOL_CLIENT_ID: 'webclient',
          SITE_URL: 'https://portal.example',
          MAIL_FROM: 'Registration Portal <registration@mountainschool.example>',
          DISTRIBUTION_ID: 'E2PORTAL',
        },
      },
    );
    expect({ status: load.status, stderr: load.stderr }).toEqual({ status: 0, stderr: '' });
  });
});

// The table client is most of a function's bundle (about 180 KB); one the manifest gives no table (`roles`, which
// every sign-in calls, and the admin-group functions) starts faster without it.
const withoutTable = portalRoutes()
  .filter((route) => route.table === 'none')
  .map((route) => `Functions/${route.name}`);

test.each(withoutTable)('the bundle of %s carries no DynamoDB client: the manifest gives it no table', (path) => {
  expect(readFileSync(join(bundleOf(path), 'index.mjs'), 'utf8').match(/dynamodb/i)?.[0]).toBeUndefined();
});
