// Sends the marks waiting on this phone, oldest first, in calls of at most MAX_MARKS_PER_CALL, and lets go of each
// only once the portal has answered it: recorded, or refused with why (kept aside to show the instructor, so one
// mark the day no longer allows holds none of the others back). Each mark carries the key it was made with, so a
// call sent again after a lost answer records nothing twice. One sending at a time per page; while the phone says it is offline nothing
// is tried (a token refresh that cannot reach the user pool would end the session).
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { MAX_MARKS_PER_CALL } from '@contract/classDay';
import { asApiError } from '../api/client';
import { dropMarks, onClassDayChange, waitingMarks } from '../api/classDayOnDevice';
import { fetchFunction } from '../api/queries';

/** How often marks still waiting are tried again, beside the browser's `online` event. */
const RETRY_MS = 30_000;

let underWay: Promise<string | undefined> | undefined;

/** Sends what waits for `sub`; the portal's message when a call failed (the marks then stay), else undefined. */
export function sendWaitingMarks(sub: string): Promise<string | undefined> {
  underWay ??= sendInTurn(sub).finally(() => {
    underWay = undefined;
  });
  return underWay;
}

async function sendInTurn(sub: string): Promise<string | undefined> {
  try {
    for (let batch = waitingMarks(sub).slice(0, MAX_MARKS_PER_CALL); batch.length > 0; ) {
      if (!navigator.onLine) return 'This phone is offline.';
      const { marks: answered } = await fetchFunction('recordAttendance', { marks: batch });
      if (answered.length === 0) return 'The portal answered none of the marks.';
      const byKey = new Map(batch.map((mark) => [mark.key, mark]));
      const refused = answered.flatMap((answer) =>
        answer.outcome === 'refused' ? [{ mark: byKey.get(answer.key)!, reason: answer.reason }] : [],
      );
      dropMarks(
        sub,
        answered.map((answer) => answer.key),
        refused,
      );
      batch = waitingMarks(sub).slice(0, MAX_MARKS_PER_CALL);
    }
    return undefined;
  } catch (error) {
    return asApiError(error).message;
  }
}

/** Whether the browser says it is online, following its `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
  );
}

/** What is kept here, read again whenever it changes. */
export function useKeptOnDevice<T>(read: () => T | undefined): T | undefined {
  // A snapshot must stay the same value while nothing changed: its text stands for it.
  const text = useSyncExternalStore(onClassDayChange, () => JSON.stringify(read() ?? null));
  return useMemo(() => (JSON.parse(text) as T | null) ?? undefined, [text]);
}

/**
 * While a page shows the class day: sends the marks waiting now, as each is made, when the browser comes online
 * and every RETRY_MS. Answers how many wait and why the last try failed.
 */
export function useMarkSender(sub: string): { waiting: number; failure?: string } {
  const waiting = useSyncExternalStore(onClassDayChange, () => waitingMarks(sub).length);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    let live = true;
    const send = () => {
      if (waitingMarks(sub).length === 0) return;
      void sendWaitingMarks(sub).then((problem) => live && setFailure(problem));
    };
    send();
    const stopListening = onClassDayChange(send);
    window.addEventListener('online', send);
    const timer = setInterval(send, RETRY_MS);
    return () => {
      live = false;
      stopListening();
      window.removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [sub]);
  return { waiting, failure: waiting > 0 ? failure : undefined };
}
