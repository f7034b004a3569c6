// The lottery's words (catalogue `lottery`): Lottery requests, and the lottery's notices on Class Registration,
// each loaded with its lazily loaded chunk, not the start chunk.
import { withEnglish } from './i18n';
import { messages } from './locales/en/lottery';

export const { useI18n } = withEnglish('lottery', messages);
