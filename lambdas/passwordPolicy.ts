// The user pool's password policy: one definition for the AWS pool, the local pool and the web forms,
// so a password is judged the same everywhere (cognito-local itself checks none of it).
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** The policy as rules a form checks, each with its message in a parent's words. */
export const PASSWORD_RULES: ReadonlyArray<{ message: string; passes: (password: string) => boolean }> = [
  {
    message: `Password must be at least ${PASSWORD_POLICY.minLength} characters`,
    passes: (password) => password.length >= PASSWORD_POLICY.minLength,
  },
  {
    message: 'Password must mix upper and lower case letters, digits and symbols',
    passes: (password) =>
      /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9\s]/.test(password),
  },
];
