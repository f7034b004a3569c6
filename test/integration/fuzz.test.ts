// Random and adversarial payloads for every function of the manifest (fast-check): wrong types, huge
// strings, deep nesting, unknown fields, prototype-pollution keys. None may get a 5xx, and a payload the
// function's schema refuses must change nothing: the table is compared before and after.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { functionNames, manifest, type FunctionName } from '../../lambdas/contract/manifest';
import { deployment } from '../../lambdas/platform/deployment';
import { adminSession } from '../support/fixtures';
import { claimsOf, invokeRaw } from '../support/in-process';
import { useOwnTable } from '../support/own-table';

const { scan } = useOwnTable('portal-fuzz');

// The administrator of the user pool: an admin token's holder is checked with the pool at each call (in the
// admin group, second factor on), so made-up admin claims would be refused before their payload is read.
let poolAdmin: Record<string, string>;
beforeAll(async () => {
  poolAdmin = claimsOf(await adminSession());
});

/** A caller the authorizer would pass: a family, or an administrator for admin functions. */
function claimsFor(name: FunctionName): Record<string, string> | undefined {
  const { access } = manifest[name];
  if (access === 'public') return undefined;
  if (access === 'admin') return poolAdmin;
  const sub = randomUUID();
  return { sub, username: sub, token_use: 'access', iat: String(Math.floor(Date.now() / 1000)) };
}

const fieldNames = [
  'id',
  'classId',
  'studentId',
  'groupId',
  'enrollmentId',
  'semesterId',
  'query',
  'semesters',
  'groups',
  'values',
  'sizes',
  'email',
  'cursor',
  'limit',
  'from',
  'to',
  'name',
  'capacity',
  'meetings',
  'emergencyContacts',
  'waitlistMode',
  'offerHours',
  'questions',
  'answers',
  // The policies' fields (savePolicy, acceptPolicies).
  'title',
  'text',
  'required',
  'basedOnVersion',
  'accepted',
  'policyId',
  'version',
  // The guardians' fields (guardians, inviteGuardian, acceptInvitation).
  'invitation',
  'familyName',
  'token',
  // The lottery's change of seed (changeLotterySeed).
  'replacing',
  'reason',
];
const pollutingKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const key = fc.oneof(fc.constantFrom(...fieldNames, ...pollutingKeys), fc.string({ maxLength: 12 }));

const nested = (depth: number): unknown =>
  depth === 0 ? 'bottom' : { [fieldNames[depth % fieldNames.length]!]: [nested(depth - 1)] };

const payload: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.dictionary(
    fc.constantFrom(...fieldNames),
    fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
    ),
    { maxKeys: 4 },
  ),
  fc.constantFrom(...pollutingKeys).map((name) => JSON.parse(`{"${name}": {"isAdmin": true, "polluted": 1}}`)),
  fc.integer({ min: 200, max: 2000 }).map(nested),
  fc.constantFrom(...fieldNames).map((name) => ({ [name]: 'x'.repeat(300_000) })),
  fc.constantFrom(...fieldNames).map((name) => ({ [name]: 'é'.repeat(5_000) })),
);

/** A body that is not JSON at all, or not an object. */
const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '[', '{"a":', 'null', '[]', '"text"', '1e309', '{"a":1}}', '\u0000'),
);

describe.each(functionNames)('%s', (name) => {
  const spec = manifest[name];
  test('no payload gets a 5xx; one its schema refuses gets 400 and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(payload, async (input) => {
        const valid = spec.input.safeParse(input).success;
        // A valid payload may change data (that is the function's job): only unchanged for those that write.
        fc.pre(!valid || deployment[name].table !== 'write');
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

describe('keys a caller chooses', () => {
  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
  const data = async (name: FunctionName, input: unknown, claims: Record<string, string> | undefined = poolAdmin) => {
    const answer = await invokeRaw(name, JSON.stringify(input), claims);
    expect([answer.statusCode, answer.body.error]).toEqual([200, undefined]);
    return answer.body.data;
  };

  test('configuration values named like Object.prototype members are stored and read back as they were', async () => {
    const names = fc.constantFrom(
      'constructor',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'isPrototypeOf',
      'prototype',
      'propertyIsEnumerable',
      'toLocaleString',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          names,
          fc.oneof(
            fc.string({ maxLength: 20 }).filter((text) => !/[\u0000-\u001f\u007f-\u009f]/.test(text)),
            fc.integer(),
            fc.boolean(),
          ),
          { minKeys: 1 },
        ),
        async (values) => {
          expect((await data('saveConfig', { values })).values).toEqual(values);
          expect((await data('config', {}, undefined)).values).toEqual(values);
        },
      ),
      { numRuns: 15 },
    );
  });

  test('a name that is no value name, like __proto__, is 400 and changes nothing', async () => {
    const before = await scan();
    const { statusCode } = await invokeRaw('saveConfig', '{"values":{"__proto__":"x"}}', poolAdmin);
    expect(statusCode).toBe(400);
    expect(await scan()).toBe(before);
  });

  test.each(['semesterEnrollments', 'enrollmentActivity'] as const)(
    '%s: a cursor that does not belong to its list is 400 "cursor: is not a valid cursor"',
    async (name) => {
      const { semester } = await data('saveSemester', {
        name: 'Cursor semester',
        startDate: '2030-01-01',
        endDate: '2030-03-01',
      });
      const own =
        name === 'semesterEnrollments' ? `SEMESTER#${semester.id}#ENROLLMENTS` : `SEMESTER#${semester.id}#ACTIVITY`;
      const other =
        name === 'semesterEnrollments' ? `SEMESTER#${semester.id}#ACTIVITY` : `SEMESTER#${semester.id}#ENROLLMENTS`;
      const foreign = fc.oneof(
        fc.constant(cursorOf({ PK: 'X', SK: 'Y' })),
        fc.constant(cursorOf({ PK: 'CLASS#a', SK: 'ENROLLMENT#b', GSI2PK: other, GSI2SK: 'a#b' })),
        fc.constant(
          cursorOf({ PK: 'CLASS#a', SK: 'ENROLLMENT#b', GSI2PK: 'SEMESTER#another#ENROLLMENTS', GSI2SK: 'a#b' }),
        ),
        fc.constant(cursorOf({ PK: 'CLASS#a', SK: 'CLASS', GSI1PK: `SEMESTER#${semester.id}`, GSI1SK: 'CLASS#a' })),
        fc.constant(cursorOf({ PK: '', SK: '', GSI2PK: own, GSI2SK: '' })),
        fc.constant(cursorOf({ PK: 'CLASS#a', SK: 'ENROLLMENT#b', GSI2PK: own, GSI2SK: 'a#b', extra: 'x' })),
        fc.constant(cursorOf({ PK: 1, SK: 2, GSI2PK: own, GSI2SK: 3 })),
        fc.constant(cursorOf([own])),
        fc.constant(cursorOf(Array.from({ length: 8 }, () => false))),
        fc.constant(cursorOf(Array.from({ length: 8 }, () => ''))),
        fc.constant(cursorOf(Array.from({ length: 8 }, () => ({ GSI2PK: other })))),
        fc.constant(cursorOf(Array.from({ length: 9 }, () => null))),
        fc
          .constantFrom(...pollutingKeys)
          .map((polluting) =>
            Buffer.from(`{"${polluting}":{"GSI2PK":"${own}"},"PK":"a","SK":"b","GSI2SK":"c"}`).toString('base64url'),
          ),
        fc
          .record({
            PK: fc.string({ maxLength: 10 }),
            SK: fc.string({ maxLength: 10 }),
            GSI2PK: fc.string({ maxLength: 40 }),
            GSI2SK: fc.string({ maxLength: 10 }),
          })
          .map(cursorOf),
        fc.string({ maxLength: 60 }),
      );
      await fc.assert(
        fc.asyncProperty(foreign, async (cursor) => {
          const { statusCode, body } = await invokeRaw(
            name,
            JSON.stringify({ semesterId: semester.id, cursor }),
            poolAdmin,
          );
          expect([statusCode, body.error?.code, body.error?.message]).toEqual([
            400,
            'invalid-argument',
            'cursor: is not a valid cursor',
          ]);
        }),
        { numRuns: 40 },
      );
      // A place in each of its list's shards is a cursor: the page after it.
      expect(
        (
          await invokeRaw(
            name,
            JSON.stringify({
              semesterId: semester.id,
              cursor: cursorOf(['a#b', null, false, 'z', null, null, false, '2030-01-01T00:00:00.000Z#x']),
            }),
            poolAdmin,
          )
        ).statusCode,
      ).toBe(200);
    },
  );

  test('t-shirt sizes coded like Object.prototype members are counted like any other', async () => {
    const codes = ['toString', 'valueOf', 'hasOwnP', 'YM'];
    await data('saveTshirtSizes', { sizes: codes.map((code) => ({ code, label: `Size ${code}` })) });
    expect(
      (await invokeRaw('saveTshirtSizes', JSON.stringify({ sizes: [{ code: '__proto__', label: 'x' }] }), poolAdmin))
        .statusCode,
    ).toBe(400);
    const { semester } = await data('saveSemester', {
      name: 'Shirt semester',
      startDate: '2030-01-01',
      endDate: '2030-03-01',
      registrationOpens: '2020-01-01T00:00:00Z',
      registrationCloses: '2031-01-01T00:00:00Z',
    });
    const { class: cls } = await data('saveClass', { semesterId: semester.id, name: 'Shirt class', capacity: 10 });
    const family = claimsFor('saveStudent');
    for (const [index, code] of ['toString', 'toString', 'valueOf'].entries()) {
      const { student } = await data(
        'saveStudent',
        {
          firstName: `Kid${index}`,
          lastName: code,
          birthDate: '2015-01-01',
          tshirtSize: code,
          emergencyContacts: [{ name: 'Pat', phone: '+1 555 010 0100' }],
        },
        family,
      );
      await data('enroll', { studentId: student.id, classId: cls.id }, family);
    }
    const counts = await data('tshirtCounts', { semesterId: semester.id });
    expect(counts.semesterCounts).toEqual({ toString: 2, valueOf: 1 });
    expect(counts.classes).toEqual([
      { classId: cls.id, className: 'Shirt class', counts: { toString: 2, valueOf: 1 } },
    ]);
  });
});

describe("a deleted family's token", () => {
  const asCaller = async (name: FunctionName, input: unknown, claims: Record<string, string> | undefined) => {
    const answer = await invokeRaw(name, JSON.stringify(input), claims);
    expect([answer.statusCode, answer.body.error]).toEqual([200, undefined]);
    return answer.body.data;
  };
  /**
   * The table without the per-user call allowances, which every call of a family spends, the answers of
   * enrollment requests, kept a day for the call that waits for them (a refusal among them), and the
   * queues' leases, where whoever decided a queue notes how fast it went and how many it decided.
   */
  const withoutAllowances = async () =>
    (JSON.parse(await scan()) as Array<{ PK: string; SK: string }>).filter(
      (item) =>
        !item.PK.startsWith('RATE#') &&
        !item.PK.startsWith('REQUEST#') &&
        !(item.PK.startsWith('QUEUE#') && item.SK === 'LEASE'),
    );

  test('on every user function, with its own records or anything else: never a 5xx, and nothing is written', async () => {
    const family = claimsFor('saveStudent')!;
    const { sizes } = await asCaller('adminTshirtSizes', {}, poolAdmin);
    if (!sizes.some((size: { code: string }) => size.code === 'YM'))
      await asCaller('saveTshirtSizes', { sizes: [...sizes, { code: 'YM', label: 'Youth M' }] }, poolAdmin);
    const { semester } = await asCaller(
      'saveSemester',
      {
        name: 'Deleted semester',
        startDate: '2030-01-01',
        endDate: '2030-03-01',
        registrationOpens: '2020-01-01T00:00:00Z',
        registrationCloses: '2031-01-01T00:00:00Z',
      },
      poolAdmin,
    );
    const { class: cls } = await asCaller(
      'saveClass',
      { semesterId: semester.id, name: 'Deleted class', capacity: 5 },
      poolAdmin,
    );
    const kid = {
      firstName: 'Gone',
      lastName: 'Away',
      birthDate: '2015-01-01',
      tshirtSize: 'YM',
      emergencyContacts: [{ name: 'Pat', phone: '+1 555 010 0100' }],
    };
    const { student } = await asCaller('saveStudent', kid, family);
    await asCaller('enroll', { studentId: student.id, classId: cls.id }, family);
    await asCaller('deleteAccount', {}, family);

    const own = [
      {},
      kid,
      { ...kid, id: student.id },
      { id: student.id },
      { studentId: student.id, classId: cls.id },
      { enrollmentId: `${cls.id}~${student.id}` },
    ];
    const userFunctions = functionNames.filter((name) => manifest[name].access === 'user');
    const refusedWithoutTrace = async (name: FunctionName, input: unknown) => {
      const before = await withoutAllowances();
      const { statusCode } = await invokeRaw(name, JSON.stringify(input), family);
      expect([name, statusCode < 500]).toEqual([name, true]);
      expect(await withoutAllowances()).toEqual(before);
    };
    for (const name of userFunctions) for (const input of own) await refusedWithoutTrace(name, input);
    await fc.assert(fc.asyncProperty(fc.constantFrom(...userFunctions), payload, refusedWithoutTrace), { numRuns: 30 });
  });
});
