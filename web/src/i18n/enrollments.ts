// My Enrollments' words (catalogue `enrollments`): its dialogs and the family's attendance, loaded with their lazily
// loaded chunk, not the start chunk.
import { withEnglish } from './i18n';
import { messages } from './locales/en/enrollments';

export const { i18n, useI18n } = withEnglish('enrollments', messages);
