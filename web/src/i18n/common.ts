// Words of the shared layout pieces only lazily loaded screens show (dialogs, forms, answers, copying): catalogue
// `common`, loaded with the first of those screens.
import { withEnglish } from './i18n';
import { messages } from './locales/en/common';

export const { i18n, useI18n } = withEnglish('common', messages);
