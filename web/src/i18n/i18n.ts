// The portal's language: Lingui's core (compiled ICU catalogues, no parser in the bundle). English ships with the
// code that shows it (the start's words here, an area's with its screens: withEnglish); every other language's
// catalogues are a chunk of their own, loaded when it is chosen.
import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { holdsTokens } from '../api/session';
import { LANGUAGES, type Language } from './languages';
import { messages as english } from './locales/en/start';

const catalogues: Record<Language, () => Promise<Messages>> = {
  en: async () => ({}), // loaded already, the start's here and each area's with its code
  es: async () => (await import('./locales/es/messages')).messages,
};

/** Where this browser keeps the chosen language (the signed-in account keeps it too: ../api/accountLanguage). */
const CHOSEN = 'portal.language';

// English is active from the first line on, so a module that formats a message before any choice gets English.
// A copy: later loads merge into it.
i18n.load('en', { ...english });
i18n.activate('en');

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

/** Activates a language: its catalogue loaded first, then the page's `lang`. */
async function activate(language: Language): Promise<void> {
  i18n.load(language, await catalogues[language]());
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
 * area's catalogue module (`./signIn.ts`), so the words are there before any is said.
 */
export function withEnglish(messages: Messages) {
  i18n.load('en', messages);
  return { i18n, useI18n };
}

export { i18n };
