// The password policy's words (catalogue `password`), loaded with the forms that ask for a new password.
import { withEnglish } from './i18n';
import { messages } from './locales/en/password';

export const { i18n } = withEnglish('password', messages);
