// How Class Registration writes the day a child's details were confirmed, and moments, in the reader's
// language. English reads word for word as before (@contract/grades, configNames, moments); other languages take
// the catalogue's words and Intl's dates and times, on the programme's clock. A class's grades, seats and
// schedule, and a child's grade, are the layout's (web/src/layout/schedule.ts).
import { useCallback } from 'react';
import { detailsConfirmedLabel } from '@contract/configNames';
import { readerMoment } from '../i18n/readerMoment';
import type { Language } from '../i18n/languages';
import { i18n, useI18n } from '../i18n/classes';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';

const language = () => i18n.locale as Language;

/** A day a child's details were confirmed, on the clock of `timeZone`: "Mar 14, 2018" / "14 mar 2018". */
export function confirmedText(at: string, timeZone: string): string {
  return language() === 'en'
    ? detailsConfirmedLabel(at, timeZone)
    : new Intl.DateTimeFormat(language(), { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(
        new Date(at),
      );
}

/**
 * A moment on the programme's clock with its zone named, the reader's own time beside it when theirs differs
 * ("Sun, Jan 10, 2027, 9:00 AM MST (11:00 AM EST your time)"), in the reader's language.
 */
export function useMoment(): (iso: string) => string {
  const { language: shown } = useI18n();
  const timeZone = useProgrammeTimeZone();
  return useCallback((iso: string) => readerMoment(shown, iso, timeZone), [shown, timeZone]);
}
