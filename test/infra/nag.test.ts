// cdk-nag's AwsSolutions pack, applied to the app as `cdk synth` applies it: no unacknowledged error,
// whether the account and region are known at synth time or left to deploy time.
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { synthesizePortal, type SynthOptions } from './synthesize';

describe.each<[string, SynthOptions]>([
  ['deployed to a known account and region', {}],
  ['synthesized offline without an account or region', { environmentAgnostic: true }],
])('the stack %s', (_, options) => {
  const { stack, violations } = synthesizePortal(options);

  test('has no unacknowledged cdk-nag error', () => {
    expect(violations.filter((violation) => violation.severity === 'error')).toEqual([]);
  });

  test('has no cdk-nag warning left either', () => {
    expect(violations.filter((violation) => violation.plugin === 'AwsSolutions')).toEqual([]);
  });

  test('gives every acknowledgement of an AwsSolutions rule a one-line reason', () => {
    const acknowledgements = acknowledgementsUnder(stack).filter(([id]) => id.includes('AwsSolutions-'));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) {
      expect({ id, reason }).toEqual({ id, reason: expect.stringMatching(/^[^\n]{20,200}$/) });
    }
  });
});

function acknowledgementsUnder(scope: IConstruct): Array<[string, string]> {
  return scope.node
    .findAll()
    .flatMap((construct) => construct.node.metadata)
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.entries(entry.data as Record<string, string>));
}
