// The user pool's password policy: one definition for the AWS pool, the local pool and the web forms,
// so a password is judged the same everywhere (cognito-local itself checks none of it).
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** A rule of the policy a password can fail, for the web to name in the reader's language. */
export type PasswordRule = 'length' | 'lower' | 'upper' | 'digit' | 'symbol';

/** Each requirement of the policy, in the words that end "Password needs …". */
const REQUIREMENTS: ReadonlyArray<{ rule: PasswordRule; needs: string; passes: (password: string) => boolean }> = [
  {
    rule: 'length',
    needs: `at least ${PASSWORD_POLICY.minLength} characters`,
    passes: (p) => p.length >= PASSWORD_POLICY.minLength,
  },
  { rule: 'lower', needs: 'a lower case letter', passes: (p) => /[a-z]/.test(p) },
  { rule: 'upper', needs: 'an upper case letter', passes: (p) => /[A-Z]/.test(p) },
  { rule: 'digit', needs: 'a digit', passes: (p) => /\d/.test(p) },
  { rule: 'symbol', needs: 'a symbol such as - or !', passes: (p) => /[^A-Za-z0-9\s]/.test(p) },
];

/** The rules the password fails, in the policy's order. */
export function passwordRulesFailed(password: string): PasswordRule[] {
  return REQUIREMENTS.filter((requirement) => !requirement.passes(password)).map(({ rule }) => rule);
}

/** The rules before the first attempt, under the field that asks for a new password. */
export const PASSWORD_HINT = `At least ${PASSWORD_POLICY.minLength} characters, with upper and lower case letters, a digit and a symbol.`;

/** What the password lacks, in one sentence that names each rule it fails; undefined when it passes. */
export function passwordProblem(password: string): string | undefined {
  const missing = REQUIREMENTS.filter((requirement) => !requirement.passes(password)).map(({ needs }) => needs);
  if (missing.length === 0) return undefined;
  const listed = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `Password needs ${listed}`;
}
