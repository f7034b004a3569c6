// Nothing escapes the catalogue in the translated areas: their TSX is parsed with TypeScript's compiler API, and any
// JSX text or string written into a user-visible prop (label, title, aria-label, placeholder, helperText, …) or a
// toast's words (summary, detail) fails the test, as does a catalogue id that English does not have, or one of a
// catalogue the file does not load (its English would be missing until another screen loaded it). The list of areas
// grows as screens are translated (docs/i18n.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { catalogueOfIds } from '../../web/src/i18n/catalogues';

/** The family-facing areas: folders (their own files) and files. */
const TRANSLATED = [
  'web/src/auth',
  'web/src/i18n',
  'web/src/layout',
  'web/src/classes',
  'web/src/account',
  'web/src/account/students',
  'web/src/calendar',
  'web/src/main.tsx',
];
/** Files of those folders that only administrators see, in English (docs/i18n.md). */
const ENGLISH_ONLY = new Set(['web/src/layout/AdminMenu.tsx', 'web/src/calendar/CancelMeetingDialog.tsx']);

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

const catalogueOf = catalogueOfIds();
const ids = new Set(catalogueOf.keys());
const looksLikeId = (text: string) => /^[a-z]+(\.[A-Za-z]+)+$/.test(text);

function sourceFiles(): string[] {
  return TRANSLATED.flatMap((entry) =>
    entry.endsWith('.tsx') || entry.endsWith('.ts')
      ? [entry]
      : readdirSync(entry)
          .filter((file) => /\.tsx?$/.test(file))
          .map((file) => join(entry, file))
          .filter((file) => !ENGLISH_ONLY.has(file)),
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
  // The catalogues the file loads: the start's, and each it imports (`…/i18n/signIn`, or `./schedule` beside it).
  const catalogueImport = file.includes('/i18n/') ? /(?:\/i18n\/|^\.\/)(\w+)$/ : /\/i18n\/(\w+)$/;
  const loaded = new Set(['start']);
  for (const statement of sourceFile.statements)
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier))
      loaded.add(statement.moduleSpecifier.text.match(catalogueImport)?.[1] ?? 'start');
  const checkLoaded = (node: ts.Node, id: string) => {
    const catalogue = catalogueOf.get(id)!;
    if (!loaded.has(catalogue))
      report(node, `${id} is in catalogue ${catalogue}, not loaded here (import from i18n/${catalogue})`);
  };
  const check = (node: ts.Node, text: string) => {
    if (ids.has(text)) return checkLoaded(node, text);
    if (ALLOWED.has(text)) return;
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
      if (id && ts.isStringLiteral(id))
        if (ids.has(id.text)) checkLoaded(id, id.text);
        else report(id, `unknown catalogue id ${id.text}`);
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

test('the check reports JSX text, visible props, toasts, unknown ids and ids of a catalogue not loaded, and lets catalogue ids through', () => {
  const source = `
    import { useI18n } from '../i18n/signIn';
    export function Screen({ t }) {
      show({ severity: 'error', summary: 'Oops', detail: \`Failed: \${code}\` });
      return (
        <Card title="Sign In" aria-label={t('auth.signIn.title')}>
          Welcome back
          <TextField label={narrow ? 'Mail' : t('auth.field.email')} placeholder={\`example@\${host}\`} />
          {t('auth.no.such')}
          {t('header.title')}
        </Card>
      );
    }`;
  expect(literalsIn('Screen.tsx', source)).toEqual([
    'Screen.tsx:4: Oops',
    'Screen.tsx:4: Failed:',
    'Screen.tsx:6: Sign In',
    'Screen.tsx:7: Welcome back',
    'Screen.tsx:8: Mail',
    'Screen.tsx:9: unknown catalogue id auth.no.such',
  ]);
  // The same screen without its catalogue's import: the sign-in words would be missing.
  expect(literalsIn('Screen.tsx', source.replace("from '../i18n/signIn'", "from '../i18n/i18n'"))).toEqual(
    expect.arrayContaining([
      'Screen.tsx:6: auth.signIn.title is in catalogue signIn, not loaded here (import from i18n/signIn)',
      'Screen.tsx:8: auth.field.email is in catalogue signIn, not loaded here (import from i18n/signIn)',
    ]),
  );
});
