// Random and adversarial payloads for every function of the manifest (fast-check): wrong types, huge
// strings, deep nesting, unknown fields, prototype-pollution keys. None may get a 5xx, and a payload the
// function's schema refuses must change nothing: the table is compared before and after.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { functionNames, manifest, type FunctionName } from '../../lambdas/manifest';
import { invokeRaw } from '../support/in-process';
import { useOwnTable } from '../support/own-table';

const { scan } = useOwnTable('portal-fuzz');

/** A caller the authorizer would pass: a family, or an administrator for admin functions. */
function claimsFor(name: FunctionName): Record<string, string> | undefined {
  const { access } = manifest[name];
  if (access === 'public') return undefined;
  const sub = randomUUID();
  return { sub, username: sub, token_use: 'access', ...(access === 'admin' && { 'cognito:groups': '[admin]' }) };
}

const fieldNames = ['id', 'classId', 'studentId', 'groupId', 'enrollmentId', 'semesterId', 'query', 'semesters', 'groups', 'values', 'sizes', 'email', 'cursor', 'limit', 'from', 'to', 'name', 'capacity', 'meetings', 'emergencyContacts'];
const pollutingKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const key = fc.oneof(fc.constantFrom(...fieldNames, ...pollutingKeys), fc.string({ maxLength: 12 }));

const nested = (depth: number): unknown => (depth === 0 ? 'bottom' : { [fieldNames[depth % fieldNames.length]!]: [nested(depth - 1)] });

const payload: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 })), { maxKeys: 4 }),
  fc.constantFrom(...pollutingKeys).map((name) => JSON.parse(`{"${name}": {"isAdmin": true, "polluted": 1}}`)),
  fc.integer({ min: 200, max: 2000 }).map(nested),
  fc.constantFrom(...fieldNames).map((name) => ({ [name]: 'x'.repeat(300_000) })),
  fc.constantFrom(...fieldNames).map((name) => ({ [name]: 'é'.repeat(5_000) })),
);

/** A body that is not JSON at all, or not an object. */
const rawBody = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('', '[', '{"a":', 'null', '[]', '"text"', '1e309', '{"a":1}}', '\u0000'));

describe.each(functionNames)('%s', (name) => {
  const spec = manifest[name];
  test('no payload gets a 5xx; one its schema refuses gets 400 and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(payload, async (input) => {
        const valid = spec.input.safeParse(input).success;
        // A valid payload may change data (that is the function's job): only unchanged for those that write.
        fc.pre(!valid || spec.table !== 'write');
        const before = await scan();
        const { statusCode } = await invokeRaw(name, JSON.stringify(input), claimsFor(name));
        expect(statusCode).toBeLessThan(500);
        if (!valid) expect(statusCode).toBe(400);
        expect(await scan()).toBe(before);
      }),
      { numRuns: 25 },
    );
  });

  test('a body that is not a JSON object gets 400', async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, async (body) => {
        fc.pre(body.trim() !== '' && body.trim() !== '{}');
        const { statusCode, body: answer } = await invokeRaw(name, body, claimsFor(name));
        expect([statusCode, answer.error?.code]).toEqual([400, 'invalid-argument']);
      }),
      { numRuns: 15 },
    );
  });
});
