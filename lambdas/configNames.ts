// Names and defaults of configuration values the server reads, without the schemas (lambdas/records.ts),
// so the data modules that read them carry no zod.

/**
 * The caps on a family's active enrollments (enrolled or waitlisted): configuration values an administrator
 * may set; a missing one means the default.
 */
export const enrollmentCapSettings = {
  childrenPerClass: { name: 'maxChildrenPerClass', byDefault: 3 },
  enrollmentsPerSemester: { name: 'maxEnrollmentsPerSemester', byDefault: 10 },
} as const;

/** How many days before a class's first meeting its families get a reminder (configuration value). */
export const reminderLeadDays = { name: 'reminderLeadDays', byDefault: 2 } as const;

/** The programme's name in the e-mails when the configuration value `programmeName` names none. */
export const DEFAULT_PROGRAMME_NAME = 'Mountain School Programme';
