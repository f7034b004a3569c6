// The README and docs/ link to each other's sections: every relative link must reach a file that exists and, when it
// names a section, a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)].filter((path) =>
  path.endsWith('.md'),
);

const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const anchorsOf = (path: string) =>
  new Set(
    [...withoutCode(readFileSync(join(root, path), 'utf8')).matchAll(/^#+ (.*)$/gm)].map(([, h]) => anchorOf(h!)),
  );

const links = documents.flatMap((path) =>
  [...withoutCode(readFileSync(join(root, path), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => ({ from: path, target })),
);

test('the documents link to something', () => {
  expect(links.length).toBeGreaterThan(50);
});

test.each(links)('$from → $target', ({ from, target }) => {
  const [file, anchor] = target.split('#');
  const path = file ? join(dirname(from), file) : from;
  expect(existsSync(join(root, path))).toBe(true);
  if (anchor) expect([...anchorsOf(path)]).toContain(anchor);
});
