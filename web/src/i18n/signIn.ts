// The sign-in screens' words (catalogue `signIn`), loaded with their lazily loaded chunk, not the start chunk.
import { withEnglish } from './i18n';
import { messages } from './locales/en/signIn';

export const { i18n, useI18n } = withEnglish('signIn', messages);
