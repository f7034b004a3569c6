// The catalogues' sources, one per part of the portal and language: locales/<language>/<catalogue>.json (message id →
// ICU MessageFormat), compiled as Lingui's runtime reads them, so no ICU parser ships to the browser. `start` holds
// what the start chunk shows (header, language, the session's end, the admin guard), `signIn` the sign-in screens,
// and each family area has its own. A catalogue's English is compiled to locales/en/<catalogue>.ts and loaded with
// its part's code (web/src/i18n/<catalogue>.ts); every other language's to a chunk of its own, loaded with its part
// once the language is chosen (locales/loaders.ts).
// Shared by the compile script and the tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

/** From the repository's root, where npm's scripts and Jest run (Jest's CommonJS has no import.meta). */
export const LOCALES_DIR = 'web/src/i18n/locales';

/** The catalogues of a language, by name. */
export function cataloguesOf(language: string): Map<string, Record<string, string>> {
  return new Map(
    readdirSync(join(LOCALES_DIR, language))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) as Record<string, string>,
      ]),
  );
}

/** Every message of a language, from all its catalogues; an id in two of them is a mistake. */
export function catalogueSource(language: string): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [name, messages] of cataloguesOf(language))
    for (const [id, message] of Object.entries(messages)) {
      if (id in all) throw new Error(`${id} is in two of the ${language} catalogues (one is ${name}).`);
      all[id] = message;
    }
  return all;
}

/** Which catalogue each English message is in. */
export function catalogueOfIds(): Map<string, string> {
  return new Map([...cataloguesOf('en')].flatMap(([name, messages]) => Object.keys(messages).map((id) => [id, name])));
}

export function compileCatalogue(source: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}
