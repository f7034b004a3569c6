// Names and defaults of configuration values the server reads, without the schemas (lambdas/contract/records.ts),
// so the data modules that read them carry no zod.
import { dateLabel, dayOf, isTimeZone } from './moments';

/** The configuration's values as read (records.ts checks them when they are saved). */
type ConfigValues = Readonly<Record<string, string | number | boolean>>;

/**
 * The caps on a family's active enrollments (enrolled or waitlisted): configuration values an administrator
 * may set; a missing one means the default.
 */
export const enrollmentCapSettings = {
  childrenPerClass: { name: 'maxChildrenPerClass', byDefault: 3 },
  enrollmentsPerSemester: { name: 'maxEnrollmentsPerSemester', byDefault: 10 },
} as const;
export type EnrollmentCaps = Record<keyof typeof enrollmentCapSettings, number>;

/** The caps the configuration sets; a value missing (or saved before the check) means the default. */
export function enrollmentCapsOf(values: ConfigValues): EnrollmentCaps {
  const capOf = ({ name, byDefault }: { name: string; byDefault: number }) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : byDefault;
  };
  return {
    childrenPerClass: capOf(enrollmentCapSettings.childrenPerClass),
    enrollmentsPerSemester: capOf(enrollmentCapSettings.enrollmentsPerSemester),
  };
}

/**
 * The name of a text value's Spanish version (`announcementEs`, `orientationEs`): the configuration is a map of
 * plain values, so what an administrator writes there for families in Spanish is a value of its own beside the
 * English one (docs/i18n.md). Missing or empty: a family reading Spanish sees the English, marked.
 */
export const spanishConfigName = (name: 'announcement' | 'orientation') => `${name}Es` as const;

/** How many days before a class's first meeting its families get a reminder (configuration value). */
export const reminderLeadDays = { name: 'reminderLeadDays', byDefault: 2 } as const;

/**
 * The programme's time zone (configuration value, an IANA name such as "America/Denver"): every moment the
 * portal shows, sends and exports reads on its clock. Unset: the deploy's (`PORTAL_TIME_ZONE`), else UTC.
 */
export const programmeTimeZone = { name: 'timeZone', byDefault: 'UTC' } as const;

/** The zone the configuration names, else `deployed` (the deploy's), else UTC. */
export function timeZoneOf(values: ConfigValues, deployed: string | undefined): string {
  const value = Object.hasOwn(values, programmeTimeZone.name) ? values[programmeTimeZone.name] : undefined;
  if (typeof value === 'string' && isTimeZone(value)) return value;
  return deployed && isTimeZone(deployed) ? deployed : programmeTimeZone.byDefault;
}

/** The programme's name in the e-mails when the configuration value `programmeName` names none. */
export const DEFAULT_PROGRAMME_NAME = 'Mountain School Programme';

/**
 * The day (YYYY-MM-DD) from which a child's details must have been confirmed before the family enrolls them
 * (configuration value an administrator sets once a year; unset: no check).
 */
export const detailsConfirmedSince = { name: 'detailsConfirmedSince' } as const;

export function detailsConfirmedSinceOf(values: ConfigValues): string | undefined {
  const value = Object.hasOwn(values, detailsConfirmedSince.name) ? values[detailsConfirmedSince.name] : undefined;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/**
 * Whether the details were last confirmed (a moment) on a day before the day set, or never: the day of the
 * programme's clock (`timeZone`), so an evening's confirmation counts for that evening's day.
 */
export function detailsNeedChecking(
  confirmedAt: string | undefined,
  since: string | undefined,
  timeZone: string,
): boolean {
  return since !== undefined && (confirmedAt === undefined || dayOf(confirmedAt, timeZone) < since);
}

/** The day the details were last confirmed, on the programme's clock, as the screens say it: "Mar 3, 2025", or "never". */
export const detailsConfirmedLabel = (confirmedAt: string | undefined, timeZone: string) =>
  confirmedAt ? dateLabel(dayOf(confirmedAt, timeZone)) : 'never';

/**
 * Why `since` cannot be the day details must be confirmed since: a day after today on the programme's clock
 * (`timeZone`) would refuse every confirmation until it came. Judged on saving, where the zone is known.
 */
export function detailsSinceProblem(since: string, timeZone: string, now = new Date()): string | undefined {
  return since > dayOf(now.toISOString(), timeZone)
    ? `must be today or earlier (${timeZone}): until a later day comes, no confirmation would count and families could not enroll`
    : undefined;
}
