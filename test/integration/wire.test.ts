// Bad input gets 400 invalid-argument naming the field, never a 500, and unknown routes get 404.
import { post } from '../support/portal';

describe('the wire contract for bad requests', () => {
  test.each([
    ['malformed JSON', 'classes', '{"query": ['],
    ['a JSON array', 'classes', '[]'],
    ['a JSON string', 'semesters', '"hello"'],
    ['null', 'config', 'null'],
  ])('given %s as the body, then 400 invalid-argument', async (_case, name, body) => {
    const result = await post(name, body);
    expect(result.status).toBe(400);
    expect(result.body.error?.code).toBe('invalid-argument');
  });

  test.each([
    ['an unknown field', 'classes', { bogus: 1 }, 'bogus'],
    ['a wrong type', 'classes', { query: [{ id: 5 }] }, 'query[0].id'],
    ['an empty list', 'classGroups', { groups: [] }, 'groups'],
    ['a missing field', 'classesBySemester', {}, 'semesters'],
    ['a key that could pollute prototypes', 'semesters', JSON.parse('{"__proto__": {"admin": true}}'), '__proto__'],
    ['an id with a separator', 'classes', { query: [{ id: 'CLASS#x' }] }, 'query[0].id'],
  ])('given %s, then 400 and the message names the field', async (_case, name, payload, field) => {
    const result = await post(name, JSON.stringify(payload));
    expect(result.status).toBe(400);
    expect(result.body.error?.code).toBe('invalid-argument');
    expect(result.body.error?.message.startsWith(`${field}:`)).toBe(true);
  });

  test('an empty body is the empty payload', async () => {
    expect((await post('semesters', '')).status).toBe(200);
  });

  test('a body over 256 KB is refused with 400', async () => {
    const result = await post('classes', JSON.stringify({ query: [{ id: 'x'.repeat(300_000) }] }));
    expect(result.status).toBe(400);
    expect(result.body.error?.message).toMatch(/larger than/);
  });

  test('an unknown function is 404 not-found', async () => {
    const result = await post('noSuchFunction', '{}');
    expect(result.status).toBe(404);
    expect(result.body.error?.code).toBe('not-found');
  });
});
