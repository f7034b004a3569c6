// The partitions that several item types share, named once (each item type's own keys are declared with
// it, see entity.ts).
export const partitions = {
  /** A class and its enrollments: its roster and waitlist are one strongly consistent read. */
  class: (classId: string) => `CLASS#${classId}`,
  /** A family's profile, students, their name markers and the pointers to its enrollments. */
  family: (familyId: string) => `FAMILY#${familyId}`,
  /** A message and its deliveries, one to each family. */
  message: (messageId: string) => `MESSAGE#${messageId}`,
  /** A semester's item, and in GSI1 its classes and groups. */
  semester: (semesterId: string) => `SEMESTER#${semesterId}`,
  /** The programme's settings: its configuration, its t-shirt sizes, its retention of records. */
  settings: () => 'SETTINGS',
};

/**
 * The shards of a semester's lists that every enrollment writes to (its enrollments, its activity): on
 * registration day they take each enrollment's index write, more a second than one partition of an index
 * takes at the families the capacity plan is built for (infra/capacity-writes.ts checks each shard's peak).
 */
export const SEMESTER_LIST_SHARDS = 8;
