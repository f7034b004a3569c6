// The function table of docs/wire-contract.md ("Calling the API") is the API's documentation for people: it must
// name every function of the manifest, with its access and per-user limit, and nothing else.
import { readFileSync } from 'node:fs';
import { deployment } from '../../lambdas/platform/deployment';
import { manifest, type FunctionName } from '../../lambdas/contract/manifest';

const contract = readFileSync(new URL('../../docs/wire-contract.md', import.meta.url), 'utf8');
const apiSection = contract.slice(contract.indexOf('## Calling the API'));
const rows = [...apiSection.matchAll(/^\| `(\w+)` \| (\w+) \|([^|]*)\|/gm)].map(([, name, access, limit]) => ({
  name: name!,
  access: access!,
  limit: limit!.trim(),
}));

const limitText = (name: FunctionName) => {
  const spec = deployment[name];
  if (!('rateLimit' in spec)) return '';
  return spec.rateLimit.perSeconds === 60
    ? `${spec.rateLimit.calls}/min`
    : `${spec.rateLimit.calls}/${spec.rateLimit.perSeconds}s`;
};

test('the function table lists every function of the manifest, once, with its access and per-user limit', () => {
  expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(manifest).sort());
  for (const row of rows) {
    const name = row.name as FunctionName;
    expect({ name, access: row.access, limit: row.limit }).toEqual({
      name,
      access: manifest[name].access,
      limit: limitText(name),
    });
  }
});
