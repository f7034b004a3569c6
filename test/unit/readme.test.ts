// The README's function table is the API's documentation for people: it must name every function of the
// manifest, with its access and per-user limit, and nothing else.
import { readFileSync } from 'node:fs';
import { manifest, type FunctionName } from '../../lambdas/manifest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const apiSection = readme.slice(readme.indexOf('## Calling the API'), readme.indexOf('## The web app'));
const rows = [...apiSection.matchAll(/^\| `(\w+)` \| (\w+) \|([^|]*)\|/gm)].map(([, name, access, limit]) => ({
  name: name!,
  access: access!,
  limit: limit!.trim(),
}));

const limitText = (name: FunctionName) => {
  const spec = manifest[name];
  if (!('rateLimit' in spec)) return '';
  return spec.rateLimit.perSeconds === 60
    ? `${spec.rateLimit.calls}/min`
    : `${spec.rateLimit.calls}/${spec.rateLimit.perSeconds}s`;
};

test("the README's function table lists every function of the manifest, once, with its access and per-user limit", () => {
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
