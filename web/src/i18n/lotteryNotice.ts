// The lottery's notice on Class Registration (catalogue `lotteryNotice`), loaded with the notice only: the lottery
// page's words stay with that page.
import { withEnglish } from './i18n';
import { messages } from './locales/en/lotteryNotice';

export const { useI18n } = withEnglish('lotteryNotice', messages);
