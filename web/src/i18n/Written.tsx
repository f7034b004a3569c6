// What an administrator writes for families (a class's description, a policy, a question, the announcement…) in
// the family's language: the Spanish when the family reads Spanish and the administrator gave it; otherwise the
// English, and to a family reading Spanish the English is marked as such ("(en inglés)") and tagged `lang="en"`,
// so a screen reader reads it as English. A family reading English never sees the Spanish. The text is shown as
// given, in an inline element: its line breaks show as the element around it shows them (`white-space`).
import type { CSSProperties, ReactNode } from 'react';
// Imported by its path from the areas (…/i18n/written), as the literal check reads which catalogues a file loads.
import { useI18n } from '../i18n/written';
import type { Language } from './languages';

export interface WrittenText {
  /** The text to show. */
  text: string;
  /** `en` when it is the English shown to a family reading another language; absent: the page's language. */
  lang?: 'en';
  /** The English stands in for the missing Spanish: say so (`<InEnglishNote />`). */
  inEnglish: boolean;
}

const given = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

/** The text a reader of `language` reads of an administrator's English `en` and its optional Spanish `es`. */
export function writtenIn(language: Language, en: string, es: string | undefined): WrittenText {
  if (language === 'en') return { text: en, inEnglish: false };
  if (given(es)) return { text: es, inEnglish: false };
  return { text: en, lang: 'en', inEnglish: given(en) };
}

/**
 * The text the family reads, for a place that takes a string (a field's label, an `aria-label`) or lays the note
 * out itself.
 */
export function useWritten(en: string, es: string | undefined): WrittenText {
  return writtenIn(useI18n().language, en, es);
}

/** For a place that takes plain text only (a native `<option>`): the text, the note in words after English. */
export function useWrittenPlain(): (en: string, es: string | undefined) => WrittenText {
  const { language, t } = useI18n();
  return (en, es) => {
    const written = writtenIn(language, en, es);
    return written.inEnglish ? { ...written, text: `${written.text} ${t('written.inEnglish')}` } : written;
  };
}

const noteStyle: CSSProperties = { fontStyle: 'italic', marginInlineStart: '0.35em', whiteSpace: 'nowrap' };

/** The short note that the text before it is in English, in the family's language. */
export function InEnglishNote() {
  const { t } = useI18n();
  return (
    <span data-written-note="" style={noteStyle}>
      {t('written.inEnglish')}
    </span>
  );
}

/**
 * An administrator's text in the family's language: `<Written en={policy.title} es={policy.es?.title} />`. The
 * English shown for a missing Spanish is in a `lang="en"` element, followed by the note.
 */
export function Written({ en, es }: { en: string; es?: string | undefined }) {
  const { text, lang, inEnglish } = useWritten(en, es);
  if (!lang) return <>{text}</>;
  return (
    <>
      <span lang={lang}>{text}</span>
      {inEnglish && <InEnglishNote />}
    </>
  );
}

/**
 * An administrator's text that is only ever written in English (why a draw's seed was changed), as a message's
 * tag fills it (`rich`): to a family reading another language, tagged `lang="en"` and marked.
 */
export function EnglishOnly({ children }: { children?: ReactNode }) {
  const { language } = useI18n();
  if (language === 'en') return <>{children}</>;
  return (
    <>
      <span lang="en">{children}</span>
      <InEnglishNote />
    </>
  );
}
