// The catalogues (web/src/i18n/locales): every language has every message, in the same catalogue, with the same
// placeholders (arguments, plurals and selects, rich-text tags) as English, and the compiled files the app imports
// match their sources.
import { PASSWORD_HINT, PASSWORD_POLICY } from '@contract/passwordPolicy';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import { catalogueSource, cataloguesOf, compileCatalogue } from '../../web/src/i18n/catalogues';
import { loaders } from '../../web/src/i18n/locales/loaders';
import { LANGUAGES } from '../../web/src/i18n/languages';

/** A compiled message: text, and argument tokens [name] or [name, format, cases] whose cases are messages again. */
type Compiled = string | Array<string | [string, string?, Record<string, Compiled>?]>;

/**
 * What a message asks of its caller, as sorted strings: each argument ("{email}"), each plural or select with its
 * argument (a select's cases too: both languages must answer the same values; a plural's categories differ by
 * language), and each numbered tag ("<0>").
 */
function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (compiled: Compiled): void => {
    for (const token of typeof compiled === 'string' ? [compiled] : compiled) {
      if (typeof token === 'string') {
        for (const tag of token.match(/<\/?\d+>/g) ?? []) found.add(tag);
        continue;
      }
      const [name, format, options = {}] = token;
      // A plural's options hold `offset` beside its cases, undefined when the message gives none.
      const cases = Object.entries(options).filter(([key, inner]) => key !== 'offset' && inner !== undefined);
      if (format === undefined) found.add(`{${name}}`);
      else if (format === 'select')
        found.add(
          `{${name}, select, ${cases
            .map(([key]) => key)
            .sort()
            .join(' ')}}`,
        );
      else found.add(`{${name}, ${format}}`);
      for (const [, inner] of cases) walk(inner);
    }
  };
  walk(compileMessage(message) as Compiled);
  return [...found].sort();
}

/** Each difference between a translation and English: a key missing on either side, or other placeholders. */
function differences(english: Record<string, string>, other: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const id of Object.keys(english)) {
    if (!(id in other)) problems.push(`missing ${id}`);
    else if (placeholdersOf(english[id]!).join() !== placeholdersOf(other[id]!).join())
      problems.push(`${id}: ${placeholdersOf(english[id]!).join()} ≠ ${placeholdersOf(other[id]!).join()}`);
  }
  for (const id of Object.keys(other)) if (!(id in english)) problems.push(`not in English: ${id}`);
  return problems;
}

// Throws when an id is in two catalogues.
const english = catalogueSource('en');
const englishCatalogues = cataloguesOf('en');

test.each(Object.keys(LANGUAGES).filter((language) => language !== 'en'))(
  'the %s catalogues have every English message, each in the same catalogue with the same placeholders',
  (language) => {
    const theirs = cataloguesOf(language);
    expect([...theirs.keys()]).toEqual([...englishCatalogues.keys()]);
    expect(
      [...englishCatalogues].flatMap(([name, messages]) =>
        differences(messages, theirs.get(name) ?? {}).map((problem) => `${name}: ${problem}`),
      ),
    ).toEqual([]);
  },
);

test('the check finds a missing message, an extra one and each kind of placeholder difference', () => {
  const source = {
    kept: 'Hello {name}',
    renamed: 'Sent to {email}',
    counted: '{count, plural, one {# seat} other {# seats}}',
    chosen: '{role, select, guardian {Guardian} other {Family}}',
    tagged: 'Sent to <0>{email}</0>.',
    gone: 'Only in English',
  };
  const translated = {
    kept: 'Hola {name}',
    renamed: 'Enviado a {correo}',
    counted: '{count, select, one {# lugar} other {# lugares}}',
    chosen: '{role, select, tutor {Tutor} other {Familia}}',
    tagged: 'Enviado a {email}.',
    extra: 'Solo en español',
  };
  expect(differences(source, translated)).toEqual([
    'renamed: {email} ≠ {correo}',
    'counted: {count, plural} ≠ {count, select, one other}',
    'chosen: {role, select, guardian other} ≠ {role, select, other tutor}',
    'tagged: </0>,<0>,{email} ≠ {email}',
    'missing gone',
    'not in English: extra',
  ]);
});

test('the plural categories may differ between languages (Spanish has "many"), the argument may not', () => {
  expect(placeholdersOf('{n, plural, one {# place} other {# places}}')).toEqual(
    placeholdersOf('{n, plural, one {# lugar} many {# de lugares} other {# lugares}}'),
  );
  expect(placeholdersOf('{n, plural, one {# {kind}} other {# {kind}s}}')).toEqual(['{kind}', '{n, plural}']);
});

test('the compiled catalogues the app imports are up to date with their sources (npm run i18n:compile)', async () => {
  // Each catalogue travels with its part of the portal: English with the part's code, the start's with the start
  // chunk; another language's in a chunk of its own, loaded by the loaders.
  for (const language of Object.keys(LANGUAGES))
    for (const [name, messages] of cataloguesOf(language)) {
      const compiled: Messages = require(`../../web/src/i18n/locales/${language}/${name}`).messages;
      expect(compiled).toEqual(compileCatalogue(messages));
    }
  expect(Object.keys(englishCatalogues.get('start')!)).toEqual(
    expect.arrayContaining(['header.title', 'auth.session.ended']),
  );
  for (const language of Object.keys(LANGUAGES).filter((language) => language !== 'en')) {
    expect(Object.keys(loaders[language]!)).toEqual([...englishCatalogues.keys()]);
    for (const [name, load] of Object.entries(loaders[language]!))
      expect((await load()).messages).toEqual(compileCatalogue(cataloguesOf(language).get(name)!));
  }
});

test("the English password rules are the user pool's own words (the contract's PASSWORD_HINT)", () => {
  expect(english['auth.password.hint']!.replace('{minLength}', String(PASSWORD_POLICY.minLength))).toBe(PASSWORD_HINT);
});
