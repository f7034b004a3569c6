// How class schedules, grades and seats read (catalogue `schedule`): Class Registration shows them, so they load
// with the start chunk.
import { withEnglish } from './i18n';
import { messages } from './locales/en/schedule';

export const { i18n, useI18n } = withEnglish('schedule', messages);
