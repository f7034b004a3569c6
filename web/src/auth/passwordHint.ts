import { PASSWORD_POLICY } from '@contract/passwordPolicy';
import { i18n } from '../i18n/signIn';

/**
 * The password rules under a new password's field, in the active language; in English exactly the contract's
 * PASSWORD_HINT (a unit test holds the two together).
 */
export const passwordHint = () => i18n._('auth.password.hint', { minLength: PASSWORD_POLICY.minLength });
