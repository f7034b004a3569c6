// What `cdk destroy` keeps (the table, its backup vault, the user pool: the families' records) must not stop the
// next deploy: no kept resource may carry a physical name of its own that the new stack's resource would need
// again. A kept resource names itself only with something CloudFormation makes anew for each stack (its id).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { synthesizePortal } from './synthesize';

const { assembly } = synthesizePortal();
type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };
const kept = readdirSync(assembly.directory)
  .filter((file) => file.endsWith('.template.json'))
  .flatMap((file) =>
    Object.entries(
      (JSON.parse(readFileSync(join(assembly.directory, file), 'utf8')) as { Resources?: Record<string, Resource> })
        .Resources ?? {},
    ),
  )
  .filter(([, resource]) => resource.DeletionPolicy && resource.DeletionPolicy !== 'Delete');

test('the stacks keep the table, its backup vault and the user pool when destroyed', () => {
  expect(kept.map(([, resource]) => resource.Type).sort()).toEqual([
    'AWS::Backup::BackupVault',
    'AWS::Cognito::UserPool',
    'AWS::DynamoDB::GlobalTable',
  ]);
});

test.each(kept.map(([id, resource]) => [resource.Type, id, resource] as const))(
  '%s (%s) has no physical name that a deploy after `cdk destroy` would need again',
  (_type, _id, resource) => {
    const names = Object.entries(resource.Properties ?? {}).filter(([property]) => /Name$/.test(property));
    for (const [property, value] of names)
      expect({ property, new: JSON.stringify(value).includes('"AWS::StackId"') }).toEqual({ property, new: true });
  },
);
