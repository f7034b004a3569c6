// The Class Calendar's words (catalogue `calendar`), loaded with its lazily loaded chunk.
import { withEnglish } from './i18n';
import { messages } from './locales/en/calendar';

export const { i18n, useI18n } = withEnglish('calendar', messages);
