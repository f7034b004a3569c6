// Dates and numbers as the reader writes them (Intl, in the chosen language), on the programme's clock.
import { useMemo } from 'react';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { useI18n } from './i18n';
import type { Language } from './languages';

/** The formats of one language on one clock; `useFormat()` gives the active language's on the programme's. */
export function formatsFor(language: Language, timeZone: string) {
  return {
    /** A moment (ISO 8601), e.g. "Sun, Jan 10, 2027, 9:00 AM MST" / "dom, 10 ene 2027, 9:00 GMT-7". */
    moment: (iso: string, options: Intl.DateTimeFormatOptions = MOMENT) =>
      new Intl.DateTimeFormat(language, { timeZone, ...options }).format(new Date(iso)),
    /** A number, e.g. 1,250.5 / 1250,5 (Spanish groups from five digits). */
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(language, options).format(value),
  };
}

const MOMENT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

export function useFormat() {
  const { language } = useI18n();
  const timeZone = useProgrammeTimeZone();
  return useMemo(() => formatsFor(language, timeZone), [language, timeZone]);
}
