// The documented first deploy works on a fresh account only if every environment the app deploys to was
// bootstrapped: the portal's region and, for the edge stack (CloudFront's web ACL), us-east-1. The README's and
// the deploy guide's bootstrap command must name each region the synthesized assembly deploys a stack to.
import { readFileSync } from 'node:fs';
import { synthesizePortal, TEST_ACCOUNT, TEST_REGION } from './synthesize';

const { assembly } = synthesizePortal();
const regions = [...new Set(assembly.stacks.map((stack) => stack.environment.region))].sort();

/** The environments a document's `cdk bootstrap` command names, `<region>` standing for the portal's region. */
function bootstrapped(document: string): string[] {
  const command = readFileSync(document, 'utf8')
    .split('\n')
    .find((line) => line.includes('cdk bootstrap aws://'));
  const environments = [...(command ?? '').matchAll(/aws:\/\/<account-id>\/([\w<>-]+)/g)].map((match) => match[1]!);
  return environments.map((region) => (region === '<region>' ? TEST_REGION : region)).sort();
}

test('the app deploys to the portal’s region and us-east-1, in one account', () => {
  expect(regions).toEqual([TEST_REGION, 'us-east-1'].sort());
  expect(new Set(assembly.stacks.map((stack) => stack.environment.account))).toEqual(new Set([TEST_ACCOUNT]));
});

test.each(['README.md', 'docs/deploying.md'])(
  '%s bootstraps every region a stack deploys to, in one command',
  (document) => {
    expect(bootstrapped(document)).toEqual(regions);
  },
);
