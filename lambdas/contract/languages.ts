// The languages the portal speaks to families (issue 34): English, the spec's words, and Spanish. An account keeps
// its own (families.ts: each guardian's, an instructor's on their login's profile); e-mails go out in it.

export const ACCOUNT_LANGUAGES = ['en', 'es'] as const;
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number];

const isAccountLanguage = (tag: string): tag is AccountLanguage =>
  (ACCOUNT_LANGUAGES as readonly string[]).includes(tag);

/** A language tag (Cognito's `locale`, "es-MX") as the portal's language: its primary subtag, else English. */
export function languageOfTag(tag: string | undefined): AccountLanguage {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isAccountLanguage(primary) ? primary : 'en';
}
