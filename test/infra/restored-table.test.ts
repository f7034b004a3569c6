// A stack pointed at a table `npm run restore` made (the `table` setting): no table of its own, the functions,
// the stream consumers, the backups and the alarms on the restored one, its stream read at deploy time.
import { synthesizePortal, logicalId } from './synthesize';

const RESTORED = 'registration-portal-restored-20261128T0900';
const { stack, template, violations } = synthesizePortal({ context: { table: RESTORED } });
type Resource = { Type: string; Properties: Record<string, any> };
const resources = template.toJSON().Resources as Record<string, Resource>;
const ofType = (type: string) => Object.values(resources).filter((resource) => resource.Type === type);

test('makes no table of its own', () => {
  expect(ofType('AWS::DynamoDB::GlobalTable')).toEqual([]);
  expect(ofType('AWS::DynamoDB::Table')).toEqual([]);
});

test("every function that reads or writes the table gets the restored one's name", () => {
  const functions = ofType('AWS::Lambda::Function').filter((fn) => fn.Properties.Environment?.Variables?.TABLE_NAME);
  expect(functions.length).toBeGreaterThan(50);
  for (const fn of functions) expect(fn.Properties.Environment.Variables.TABLE_NAME).toBe(RESTORED);
});

test("the stream consumers read the restored table's stream, which the stack reads when it deploys", () => {
  const reader = logicalId(stack.node.findChild('RestoredTableStream').node.findChild('Resource'));
  const mappings = ofType('AWS::Lambda::EventSourceMapping').filter((mapping) => mapping.Properties.EventSourceArn);
  const fromStream = mappings.filter((mapping) => !JSON.stringify(mapping.Properties.EventSourceArn).includes('Queue'));
  expect(fromStream.length).toBe(2);
  for (const mapping of fromStream)
    expect(mapping.Properties.EventSourceArn).toEqual({ 'Fn::GetAtt': [reader, 'Table.LatestStreamArn'] });
});

test('the backups are of the restored table', () => {
  const [selection] = ofType('AWS::Backup::BackupSelection');
  expect(JSON.stringify(selection!.Properties.BackupSelection.Resources)).toContain(`:table/${RESTORED}`);
});

test('cdk-nag finds nothing unacknowledged', () => {
  expect(violations).toEqual([]);
});
