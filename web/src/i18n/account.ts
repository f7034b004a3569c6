// Manage Account's words (catalogue `account`): the children, the guardians and invitations, the password, the
// second factor, the e-mails and deleting the account, loaded with their lazily loaded chunk, not the start chunk.
import { withEnglish } from './i18n';
import { messages } from './locales/en/account';

export const { i18n, useI18n } = withEnglish('account', messages);
