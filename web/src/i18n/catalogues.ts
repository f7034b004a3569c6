// The catalogues' sources (locales/<language>/messages.json: message id → ICU MessageFormat) compiled as Lingui's
// runtime reads them, so no ICU parser ships to the browser. Shared by the compile script and its test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

/** From the repository's root, where npm's scripts and Jest run (Jest's CommonJS has no import.meta). */
export const LOCALES_DIR = 'web/src/i18n/locales';

export function catalogueSource(language: string): Record<string, string> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, 'messages.json'), 'utf8'));
}

export function compileCatalogue(source: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
}

/**
 * Where an English message is compiled to: `signIn` for the sign-in screens' words (loaded with those screens),
 * `messages` for the start's (header, language, the session's end, the admin guard). Other languages keep one file.
 */
export function englishFileOf(id: string): 'messages' | 'signIn' {
  return /^auth\.(?!session\.|admin\.)/.test(id) ? 'signIn' : 'messages';
}
