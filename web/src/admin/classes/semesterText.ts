// How a semester reads on the administration screens: its dates, where its registration window stands, and
// what a seat that opens in a full class does.
import { DEFAULT_OFFER_HOURS, type Semester } from '@contract/records';
import { longDate } from '../../layout/schedule';

export function semesterDates(semester: Semester): string {
  return `${longDate(semester.startDate)} – ${longDate(semester.endDate)}`;
}

/** What a seat that opens in a full class does in the semester. */
export function waitlistModeText(semester: Semester): string {
  return semester.waitlistMode === 'offers'
    ? `Seats that open are offered (${semester.offerHours ?? DEFAULT_OFFER_HOURS} h to accept)`
    : 'Seats that open go to the first child waiting';
}

/**
 * The registration window as the server applies it: opens inclusive, closes exclusive, none means "while current".
 * `moment` writes a moment (useMomentText).
 */
export function registrationText(semester: Semester, moment: (iso: string) => string, now = Date.now()): string {
  const { registrationOpens: opens, registrationCloses: closes } = semester;
  if (!opens && !closes)
    return semester.current
      ? 'Registration open while this semester is current'
      : 'Registration closed (no window set and not current)';
  if (opens && now < Date.parse(opens))
    return `Registration opens ${moment(opens)}${closes ? `, closes ${moment(closes)}` : ''}`;
  if (closes && now >= Date.parse(closes)) return `Registration closed ${moment(closes)}`;
  return closes ? `Registration open until ${moment(closes)}` : 'Registration open';
}
