// Keeps the language on the signed-in account (issue 34): the language control's choice, and at sign-in the one
// shown when the account has none yet. Loaded only when someone is signed in. A call of its own rather than
// ./client's: the client says the page's language on every call (it imports ../i18n/i18n), and this module is
// imported by ../i18n/i18n, which must not import the client back.
import type { FunctionInput } from '@contract/manifest';
import { runtimeConfig } from '../runtimeConfig';
import { accessToken } from './session';

/** Keeps the language on the account (the portal's e-mails to this guardian go in it), quietly: a failure only logs. */
export async function keepOnAccount(language: FunctionInput<'saveLanguage'>['language']): Promise<void> {
  try {
    const token = await accessToken();
    if (!token) return;
    const answer = await fetch(`${runtimeConfig().apiBaseUrl}/fn/saveLanguage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ language }),
    });
    if (!answer.ok) throw new Error(`saveLanguage answered ${answer.status}`);
  } catch (error) {
    console.warn('The language was not saved on the account.', error);
  }
}
