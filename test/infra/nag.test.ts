// cdk-nag's AwsSolutions and Serverless packs, applied to the app as `cdk synth` applies them: no
// unacknowledged error or warning, whether the account and region are known at synth time or left to deploy
// time, in a region CloudFront logs to and in an opt-in one.
import { Validations } from 'aws-cdk-lib';
import { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import { synthesizePortal, type SynthOptions } from './synthesize';

describe.each<[string, SynthOptions]>([
  ['deployed to a known account and region', {}],
  ['synthesized offline without an account or region', { environmentAgnostic: true }],
  ['deployed to an opt-in region as a second stage', { context: { region: 'eu-south-1', stage: 'staging' } }],
])('the stack %s', (_, options) => {
  const { stack, violations } = synthesizePortal(options);

  test('has no unacknowledged cdk-nag error', () => {
    expect(violations.filter((violation) => violation.severity === 'error')).toEqual([]);
  });

  test('has no cdk-nag warning left either', () => {
    expect(violations.filter((violation) => ['AwsSolutions', 'Serverless'].includes(violation.plugin))).toEqual([]);
  });

  test('gives every acknowledgement of an AwsSolutions or Serverless rule a one-line reason', () => {
    const acknowledgements = acknowledgementsUnder(stack.node.root).filter(([id]) =>
      /(AwsSolutions|Serverless)-/.test(id),
    );
    expect(acknowledgements.filter(([id]) => id.includes('Serverless-')).length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) {
      expect({ id, reason }).toEqual({ id, reason: expect.stringMatching(/^[^\n]{20,200}$/) });
    }
  });
});

test('both packs run at every synth: a queue without TLS enforced or a redrive policy is reported by each', () => {
  const { violations } = synthesizePortal({ extend: (stack) => new CfnQueue(stack, 'Unchecked') });
  const reported = violations.filter((violation) =>
    violation.constructPaths.some((path) => path.endsWith('/Unchecked')),
  );
  expect(reported.map((violation) => violation.ruleName).sort()).toEqual(
    expect.arrayContaining(['AwsSolutions-SQS4', 'Serverless-SQSRedrivePolicy']),
  );
});

function acknowledgementsUnder(scope: IConstruct): Array<[string, string]> {
  return scope.node
    .findAll()
    .flatMap((construct) => construct.node.metadata)
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.entries(entry.data as Record<string, string>));
}
