// Registration windows are moments (ISO 8601); administrators type them in their own time zone.

const pad = (value: number) => String(value).padStart(2, '0');

/** The administrator's time zone, named next to the fields. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO moment as a datetime-local field's value, in the administrator's time zone. */
export function localInput(iso: string | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local field's value (local time) as an ISO moment; undefined when empty or not a moment. */
export function isoMoment(local: string): string | undefined {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : undefined;
}
