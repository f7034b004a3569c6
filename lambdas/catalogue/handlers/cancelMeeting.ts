import { cancelMeeting as cancel } from '../meetingCancellations';
import type { ParsedInput } from '../../contract/manifest';
import { portalHandler } from '../../platform/handler';

/** Cancels one meeting of a class (weather) and tells the families of the class, in the same step. */
export async function cancelMeeting({ classId, date, start, note, es }: ParsedInput<'cancelMeeting'>) {
  return { class: await cancel(classId, { date, start }, note || undefined, es?.note || undefined) };
}

export const handler = portalHandler('cancelMeeting', cancelMeeting);
