// What a new password lacks, in the reader's language: the user pool's policy names the rules it fails
// (@contract/passwordPolicy), the catalogue says them. English is the contract's own sentence, word for word
// ("Password needs a digit and a symbol such as - or !"); another language lists the rules as it lists things.
import { PASSWORD_POLICY, passwordProblem, passwordRulesFailed } from '@contract/passwordPolicy';
// By its path from the areas (…/i18n/password), as the literal check reads which catalogues a file loads.
import { i18n } from '../i18n/password';

/** One sentence naming every rule the password fails; undefined when it passes. */
export function passwordProblemText(password: string): string | undefined {
  if (i18n.locale === 'en') return passwordProblem(password);
  const failed = passwordRulesFailed(password);
  if (failed.length === 0) return undefined;
  const rules = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    failed.map((rule) => i18n._('password.rule', { rule, min: PASSWORD_POLICY.minLength })),
  );
  return i18n._('password.needs', { rules });
}
