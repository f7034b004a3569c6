// Nothing escapes the catalogue in the translated areas: their TSX is parsed with TypeScript's compiler API, and any
// JSX text or string written into a user-visible prop (label, title, aria-label, placeholder, helperText, …) or a
// toast's words (summary, detail) fails the test, as does a catalogue id that English does not have. The list of
// areas grows as screens are translated (docs/i18n.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { catalogueSource } from '../../web/src/i18n/catalogues';

const TRANSLATED = ['web/src/auth', 'web/src/i18n', 'web/src/layout/Header.tsx', 'web/src/layout/UserButton.tsx'];

/** Props and object keys whose string a person reads (or hears, from a screen reader). */
const VISIBLE = new Set([
  'label',
  'title',
  'aria-label',
  'placeholder',
  'helperText',
  'alt',
  'summary',
  'detail',
  'purpose',
  'what',
  'name',
  'intro',
  'submit',
]);

/** Strings that are no words: the e-mail placeholder is the site's own host name after "example@". */
const ALLOWED = new Set(['example@']);

const ids = new Set(Object.keys(catalogueSource('en')));
const looksLikeId = (text: string) => /^[a-z]+(\.[A-Za-z]+)+$/.test(text);

function sourceFiles(): string[] {
  return TRANSLATED.flatMap((entry) =>
    entry.endsWith('.tsx') || entry.endsWith('.ts')
      ? [entry]
      : readdirSync(entry)
          .filter((file) => /\.tsx?$/.test(file))
          .map((file) => join(entry, file)),
  );
}

/** Each user-visible literal, and each unknown catalogue id, in one file: "file:line: text". */
function literalsIn(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  /** A string's parts written in the code (a template's without its ${…}). */
  const written = (node: ts.Node | undefined): string[] => {
    if (!node) return [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return written(node.expression);
    if (ts.isConditionalExpression(node)) return [...written(node.whenTrue), ...written(node.whenFalse)];
    return [];
  };
  const check = (node: ts.Node, text: string) => {
    if (ids.has(text) || ALLOWED.has(text)) return;
    if (looksLikeId(text)) report(node, `unknown catalogue id ${text}`);
    else if (/[A-Za-z]/.test(text)) report(node, text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /[A-Za-z]/.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE.has(node.name.getText(sourceFile)))
      for (const text of written(node.initializer)) check(node, text);
    if (ts.isPropertyAssignment(node) && VISIBLE.has(node.name.getText(sourceFile)))
      for (const text of written(node.initializer)) check(node, text);
    // t('…') and i18n._('…'): the id must be in the catalogue.
    if (ts.isCallExpression(node) && /^(t|i18n\._)$/.test(node.expression.getText(sourceFile))) {
      const [id] = node.arguments;
      if (id && ts.isStringLiteral(id) && !ids.has(id.text)) report(id, `unknown catalogue id ${id.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

test('the translated areas show no word outside the catalogue, and use only ids the catalogue has', () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(10);
  expect(files.flatMap((file) => literalsIn(file, readFileSync(file, 'utf8')))).toEqual([]);
});

test('the check reports JSX text, visible props, toasts and unknown ids, and lets catalogue ids through', () => {
  const source = `
    export function Screen({ t }) {
      show({ severity: 'error', summary: 'Oops', detail: \`Failed: \${code}\` });
      return (
        <Card title="Sign In" aria-label={t('auth.signIn.title')}>
          Welcome back
          <TextField label={narrow ? 'Mail' : t('auth.field.email')} placeholder={\`example@\${host}\`} />
          {t('auth.no.such')}
        </Card>
      );
    }`;
  expect(literalsIn('Screen.tsx', source)).toEqual([
    'Screen.tsx:3: Oops',
    'Screen.tsx:3: Failed:',
    'Screen.tsx:5: Sign In',
    'Screen.tsx:6: Welcome back',
    'Screen.tsx:7: Mail',
    'Screen.tsx:8: unknown catalogue id auth.no.such',
  ]);
});
