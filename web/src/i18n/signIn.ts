// The sign-in screens' English travels with them (their lazily loaded chunk), not in the start chunk: every module of
// those screens takes i18n from here, so the words are loaded before any of them is said.
import { i18n, useI18n } from './i18n';
import { messages } from './locales/en/signIn';

i18n.load('en', messages);

export { i18n, useI18n };
