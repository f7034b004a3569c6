// Class Registration's words (catalogue `classes`): the page, its cards, the families' standing and the lottery's
// notices. The page is in the start chunk, so these are kept to what it shows; the enroll dialog's words load with
// it (`enroll`).
import { withEnglish } from './i18n';
import { messages } from './locales/en/classes';

export const { i18n, useI18n } = withEnglish('classes', messages);
