// The portal's language: Lingui's core (compiled ICU catalogues, no parser in the bundle). Each part of the portal
// has its catalogue (locales/<language>/<catalogue>.json). English ships with the code that shows it (the start's
// words here, an area's with its screens: withEnglish); every other language's catalogue is a chunk of its own,
// loaded when the language is chosen for the parts already loaded, and with each part loaded later (wordsLoaded).
import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { holdsTokens } from '../api/session';
import { LANGUAGES, type Language } from './languages';
import { messages as english } from './locales/en/start';
import { loaders } from './locales/loaders';

/** The English of each catalogue loaded so far, by name: the parts of the portal whose code is here. */
const englishOf = new Map<string, Messages>([['start', english]]);

/** Each catalogue of another language asked for (`es/enroll`), once. */
const loading = new Map<string, Promise<void>>();

// English is active from the first line on, so a module that formats a message before any choice gets English.
// A copy: later loads merge into it.
i18n.load('en', { ...english });
i18n.activate('en');

/**
 * One catalogue of a language but English, loaded into Lingui. One that fails to load (the network gone) is
 * replaced by its English, so the part reads in English rather than in message ids; it is asked for again when
 * the language is next activated.
 */
function loadCatalogue(language: Language, name: string): Promise<void> {
  const key = `${language}/${name}`;
  let load = loading.get(key);
  if (!load) {
    load = (loaders[language]?.[name] ?? (async () => ({ messages: englishOf.get(name)! })))()
      .then(({ messages }) => i18n.load(language, messages))
      .catch((error: unknown) => {
        loading.delete(key);
        i18n.load(language, englishOf.get(name)!);
        throw error;
      });
    loading.set(key, load);
  }
  return load;
}

/** The catalogues of the parts loaded so far in `language` (English: there already), a part loaded meanwhile too. */
async function loadParts(language: Language): Promise<void> {
  if (language === 'en') return;
  let asked = 0;
  while (asked < englishOf.size) {
    const names = [...englishOf.keys()];
    asked = names.length;
    await Promise.all(names.map((name) => loadCatalogue(language, name)));
  }
}

/** Where this browser keeps the chosen language (the signed-in account keeps it too: ../api/accountLanguage). */
const CHOSEN = 'portal.language';

const isLanguage = (tag: string | null): tag is Language => tag !== null && tag in LANGUAGES;

/** The browser's first supported language (Spanish for any es-*), English when none is. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function chosenBefore(): Language | undefined {
  try {
    const stored = localStorage.getItem(CHOSEN);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage refused (private mode): the browser's language then
  }
}

/** Activates a language: its catalogues of the parts loaded first, then the page's `lang`. */
async function activate(language: Language): Promise<void> {
  await loadParts(language);
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** At start: the language chosen before in this browser, else the browser's. Awaited before the first render. */
export function startLanguage(): Promise<void> {
  return activate(chosenBefore() ?? browserLanguage(navigator.languages ?? [navigator.language]));
}

/** Activates a language and remembers it in this browser. */
export async function showLanguage(language: Language): Promise<void> {
  await activate(language);
  try {
    localStorage.setItem(CHOSEN, language);
  } catch {
    // Not remembered, still shown.
  }
}

/** Whether someone is signed in here (the user pool's tokens are kept); unknown (no configuration yet): no. */
function signedIn(): boolean {
  try {
    return holdsTokens();
  } catch {
    return false;
  }
}

/**
 * The language control's choice: activated and remembered in this browser, and kept on the account when someone
 * is signed in (the portal's e-mails to them go in it; ../api/accountLanguage, loaded only then).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  if (signedIn()) await (await import('../api/accountLanguage')).keepOnAccount(language);
}

const subscribe = (changed: () => void) => i18n.on('change', changed);
const currentLocale = () => i18n.locale;

/**
 * The active i18n and its language, re-rendering when another is chosen. It reads Lingui's one instance, so a
 * screen works with no provider above it (tests render screens alone).
 */
export function useI18n() {
  const language = useSyncExternalStore(subscribe, currentLocale) as Language;
  return { i18n, language, t: i18n._.bind(i18n) };
}

/**
 * An area's English, loaded when the area's code loads: each of its modules takes `i18n` and `useI18n` from the
 * area's catalogue module (`./signIn.ts`), so the words are there before any is said. Its catalogue in another
 * language comes with wordsLoaded.
 */
export function withEnglish(name: string, messages: Messages) {
  englishOf.set(name, messages);
  i18n.load('en', messages);
  return { i18n, useI18n };
}

/**
 * The words of the parts loaded so far in the language shown: awaited after a part's code loads (../layout/lazily)
 * and before it renders. A catalogue that cannot be loaded shows its English.
 */
export function wordsLoaded(): Promise<void> {
  return loadParts(i18n.locale as Language).catch(() => undefined);
}

export { i18n };
