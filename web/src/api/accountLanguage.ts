// Keeps the language on the signed-in account (issue 34): the language control's choice, and at sign-in the one
// shown when the account has none yet. Loaded only when someone is signed in. Through the API client, which reads
// every answer whole: a fetch of its own that left the answer's body unread kept the request open in the browser.
import type { FunctionInput } from '@contract/manifest';
import { callFunction } from './client';

/** Keeps the language on the account (the portal's e-mails to this guardian go in it), quietly: a failure only logs. */
export async function keepOnAccount(language: FunctionInput<'saveLanguage'>['language']): Promise<void> {
  try {
    await callFunction('saveLanguage', { language });
  } catch (error) {
    console.warn('The language was not saved on the account.', error);
  }
}
