// The enroll dialog's words (catalogue `enroll`): its steps, the place in line, the outcome and the policies to
// accept, loaded with the dialog's lazily loaded chunk, not the start chunk that Class Registration is in.
import { withEnglish } from './i18n';
import { messages } from './locales/en/enroll';

export const { i18n, useI18n } = withEnglish('enroll', messages);
