// The words around what administrators write for families (catalogue `written`), loaded with the component that
// shows those texts (Written.tsx), wherever it is used.
import { withEnglish } from './i18n';
import { messages } from './locales/en/written';

export const { useI18n } = withEnglish('written', messages);
