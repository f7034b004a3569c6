// The enrollment audit trail in the words an administrator reads: who, what, by whom, when.
import type { ActivityEntry } from '@contract/records';

export function activityText({ studentName: student, className: name, reason, from, to }: ActivityEntry): string {
  switch (reason) {
    case 'enroll':
      return `${student} enrolled in ${name}`;
    case 'waitlist':
      return `${student} joined the waitlist of ${name}`;
    case 'cancel':
      return from === 'waitlisted'
        ? `${student} left the waitlist of ${name}`
        : `${student}'s enrollment in ${name} was cancelled`;
    case 'promote':
      return `${student} moved up from the waitlist into ${name}`;
    case 'move':
      if (to === 'cancelled') return `${student} was moved out of ${name}`;
      return to === 'waitlisted'
        ? `${student} was moved to the waitlist of ${name}`
        : `${student} was moved into ${name}`;
    case 'account-deleted':
      return `${student} left ${name}: the family deleted its account`;
    case 'offer':
      return `${student} was offered a seat in ${name}`;
    case 'offer-accepted':
      return `${student} accepted the seat offered in ${name}`;
    case 'offer-lapsed':
      return `${student}'s offer of a seat in ${name} lapsed`;
    case 'lottery':
      return to === 'waitlisted'
        ? `${student} joined the waitlist of ${name} by the lottery draw`
        : `${student} got a seat in ${name} by the lottery draw`;
    default:
      return `${student} in ${name}: ${from} → ${to}`;
  }
}

/** An administrator, the family on the portal, or the portal itself (a waitlist moving up on its own). */
export function activityActor({ actor }: ActivityEntry): string {
  return { admin: 'by an administrator', portal: 'by the portal', family: 'by the family' }[actor];
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday"; older than a week, the moment as `moment` writes it (useMomentText). */
export function timeAgo(at: string, moment: (iso: string) => string, now = Date.now()): string {
  const elapsed = now - Date.parse(at);
  if (elapsed < 60_000) return 'just now';
  if (elapsed >= 7 * 86_400_000) return moment(at);
  const [unit, size] = UNITS.find(([, length]) => elapsed >= length)!;
  return relative.format(-Math.floor(elapsed / size), unit);
}
