// Names and defaults of configuration values the server reads, without the schemas (lambdas/records.ts),
// so the data modules that read them carry no zod.
import type { ConfigValues } from './records';

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

/** How many days before a class's first meeting its families get a reminder (configuration value). */
export const reminderLeadDays = { name: 'reminderLeadDays', byDefault: 2 } as const;

/** The programme's name in the e-mails when the configuration value `programmeName` names none. */
export const DEFAULT_PROGRAMME_NAME = 'Mountain School Programme';
