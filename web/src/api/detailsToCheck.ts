// A refusal that asks for a child's yearly details check first (enrolling's, a lottery request's).

/** The child a refusal asks to check first (`details.detailsToCheck`), if it is that refusal. */
export function studentToCheck(details: unknown): string | undefined {
  const toCheck = (details as { detailsToCheck?: { studentId?: unknown } } | undefined)?.detailsToCheck;
  return typeof toCheck?.studentId === 'string' ? toCheck.studentId : undefined;
}
