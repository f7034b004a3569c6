// A moment as a family reads it in its language: on the programme's clock with its zone named, the reader's own
// time beside it when theirs differs. English is word for word the site's (@contract/moments' momentForReader);
// other languages are Intl's words, the reader's time put in by the `schedule` catalogue's message (loaded with the
// start chunk, so every screen that shows a moment has it).
import { momentForReader, zoneOffset } from '@contract/moments';
import { formatsFor } from './format';
import type { Language } from './languages';
import { i18n } from './schedule';

/** The reader's own clock. */
const READER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Sun, Jan 10, 2027, 9:00 AM MST (11:00 AM EST your time)" / "dom, 10 ene 2027, 9:00 GMT-7 (11:00 GMT-5 en su hora
 * local)": the reader's time (`theirs`) beside the programme's (`moment`) when they differ.
 */
export function readerMoment(language: Language, iso: string, timeZone: string, readerZone = READER_ZONE): string {
  if (language === 'en') return momentForReader(iso, timeZone, readerZone);
  const moment = formatsFor(language, timeZone).moment(iso);
  const at = new Date(iso);
  if (zoneOffset(at, timeZone) === zoneOffset(at, readerZone)) return moment;
  const day = (zone: string) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(at);
  const time = new Intl.DateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: readerZone,
  }).format(at);
  return i18n._('schedule.moment.yourTime', {
    moment,
    theirs: day(timeZone) === day(readerZone) ? time : `${day(readerZone)}, ${time}`,
  });
}
