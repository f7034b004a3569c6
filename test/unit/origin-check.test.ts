// The origin header passes with any value Secrets Manager holds for the secret now (current, pending during a
// rotation, previous just after one: CloudFront's edges learn a new value over minutes), and with no other.
import type { Context } from 'aws-lambda';
import { AwsJsonError } from '../../lambdas/platform/awsJson';

const stages: Record<string, string | undefined> = {};
const reads: string[] = [];
jest.mock('../../lambdas/platform/awsJson', () => {
  const actual = jest.requireActual('../../lambdas/platform/awsJson');
  return {
    ...actual,
    awsJsonCall: jest.fn(async ({ input }: { input: { SecretId: string; VersionStage: string } }) => {
      reads.push(input.VersionStage);
      const value = stages[input.VersionStage];
      if (value === undefined) throw new actual.AwsJsonError('ResourceNotFoundException', 'no such version', 400);
      return { SecretString: value };
    }),
  };
});

type Check = { before: (request: unknown) => Promise<void> };
let check: Check;

beforeEach(() => {
  jest.resetModules();
  jest.useFakeTimers({ now: new Date('2026-01-05T09:00:00Z') });
  reads.length = 0;
  Object.assign(stages, { AWSCURRENT: 'current-value', AWSPENDING: undefined, AWSPREVIOUS: 'previous-value' });
  process.env.ORIGIN_SECRET_ID = 'origin';
  check = (
    require('../../lambdas/platform/originCheck') as typeof import('../../lambdas/platform/originCheck')
  ).originCheck() as Check;
});

afterEach(() => {
  jest.useRealTimers();
  delete process.env.ORIGIN_SECRET_ID;
});

const callWith = (headers: Record<string, string>) => check.before({ event: { headers }, context: {} as Context });

test('the current and the previous value pass; none, another, or a longer one do not', async () => {
  await expect(callWith({ 'x-origin-verify': 'current-value' })).resolves.toBeUndefined();
  await expect(callWith({ 'x-origin-verify': 'previous-value' })).resolves.toBeUndefined();
  const refused: Array<Record<string, string>> = [
    {},
    { 'x-origin-verify': '' },
    { 'x-origin-verify': 'guess' },
    { 'x-origin-verify': 'current-value!' },
  ];
  for (const headers of refused)
    await expect(callWith(headers)).rejects.toMatchObject({ code: 'permission-denied', status: 403 });
});

test('the values are read once for many calls, and again when a value sent is not among them after 30 s', async () => {
  for (let call = 0; call < 5; call += 1) await callWith({ 'x-origin-verify': 'current-value' });
  expect(reads.sort()).toEqual(['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS']);
  // A rotation begins: CloudFront's edges start sending the pending value.
  stages.AWSPENDING = 'pending-value';
  await expect(callWith({ 'x-origin-verify': 'pending-value' })).rejects.toMatchObject({ status: 403 });
  jest.advanceTimersByTime(30_000);
  await expect(callWith({ 'x-origin-verify': 'pending-value' })).resolves.toBeUndefined();
  expect(reads).toHaveLength(6);
});

test('a Secrets Manager failure is not a pass', async () => {
  stages.AWSCURRENT = undefined;
  const { awsJsonCall } = require('../../lambdas/platform/awsJson') as { awsJsonCall: jest.Mock };
  awsJsonCall.mockRejectedValueOnce(new AwsJsonError('InternalServiceError', 'down', 500));
  await expect(callWith({ 'x-origin-verify': 'current-value' })).rejects.toMatchObject({
    name: 'InternalServiceError',
  });
});
