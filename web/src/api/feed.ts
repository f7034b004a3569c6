// The programme's iCalendar feed (GET {apiBaseUrl}/calendar.ics, `?classId=` for one class) as calendar
// apps subscribe to it: an absolute address, and its webcal:// twin that opens the calendar app.
import { runtimeConfig } from '../runtimeConfig';

export function feedUrl(classId?: string): string {
  const url = new URL(`${runtimeConfig().apiBaseUrl}/calendar.ics`, window.location.origin);
  if (classId) url.searchParams.set('classId', classId);
  return url.href;
}

export const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');
