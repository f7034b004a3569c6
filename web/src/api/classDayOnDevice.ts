// What the class day keeps on an instructor's phone, per signed-in login, so a trailhead without signal loses
// nothing: the marks made and not yet answered by the portal (in the order made), the marks it refused (with why,
// until the instructor has read them), the answers last loaded (the classes and the rosters of the day's
// meetings), the last mark made here of each child, and the phone's own id.
// In localStorage: it outlives a reload and a closed tab, and is read at once. Signing out wipes all of it
// (./signIns), since a shared phone must not keep children's health notes.
import type { AttendanceMark } from '@contract/classDay';

const PREFIX = 'classDay.';
const DEVICE = `${PREFIX}device`;
const marksKey = (sub: string) => `${PREFIX}${sub}.marks`;
const keptKey = (sub: string, name: string) => `${PREFIX}${sub}.kept.${name}`;
const lastKey = (sub: string) => `${PREFIX}${sub}.last`;
const refusedKey = (sub: string) => `${PREFIX}${sub}.refused`;

/** A mark the portal refused (the child no longer enrolled, the meeting cancelled…), and why. */
export interface RefusedMark {
  mark: AttendanceMark;
  reason: string;
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever what is kept here changes (a mark made or sent, a wipe). */
export function onClassDayChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read<T>(key: string): T | undefined {
  const text = localStorage.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
  for (const listener of listeners) listener();
}

/** The marks waiting to be sent, oldest first. */
export const waitingMarks = (sub: string): AttendanceMark[] => read<AttendanceMark[]>(marksKey(sub)) ?? [];

/** Where a child's last mark made here is kept: one child at one meeting. */
export const childAtMeeting = (mark: Pick<AttendanceMark, 'classId' | 'date' | 'studentId'>) =>
  `${mark.classId}/${mark.date}/${mark.studentId}`;

/** The last mark made on this phone of each child at each meeting, sent or not. */
export const lastMarks = (sub: string): Record<string, AttendanceMark> =>
  read<Record<string, AttendanceMark>>(lastKey(sub)) ?? {};

/** Keeps a mark to be sent, after those made before it. */
export function keepMark(sub: string, mark: AttendanceMark): void {
  localStorage.setItem(lastKey(sub), JSON.stringify({ ...lastMarks(sub), [childAtMeeting(mark)]: mark }));
  write(marksKey(sub), [...waitingMarks(sub), mark]);
}

/** The marks the portal refused, not yet read by the instructor. */
export const refusedMarks = (sub: string): RefusedMark[] => read<RefusedMark[]>(refusedKey(sub)) ?? [];

/** Lets go of the marks the portal answered (`keys`), keeping those it refused to show them. */
export function dropMarks(sub: string, keys: readonly string[], refused: readonly RefusedMark[] = []): void {
  const answered = new Set(keys);
  if (refused.length) localStorage.setItem(refusedKey(sub), JSON.stringify([...refusedMarks(sub), ...refused]));
  write(
    marksKey(sub),
    waitingMarks(sub).filter((mark) => !answered.has(mark.key)),
  );
}

/** The instructor has read the refused marks: they go. */
export function dismissRefused(sub: string): void {
  localStorage.removeItem(refusedKey(sub));
  for (const listener of listeners) listener();
}

/** An answer last loaded (`name` says which call and payload), shown when the portal cannot be reached. */
export const keptAnswer = <T>(sub: string, name: string): T | undefined => read<T>(keptKey(sub, name));

export function keepAnswer(sub: string, name: string, answer: unknown): void {
  localStorage.setItem(keptKey(sub, name), JSON.stringify(answer));
}

/** Forgets an answer the portal now refuses (the instructor removed, or taken off the class). */
export function forgetAnswer(sub: string, name: string): void {
  localStorage.removeItem(keptKey(sub, name));
}

/** This phone's id, made once: each mark names the phone it was made on. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE, id);
  }
  return id;
}

/** Forgets everything the class day kept on this device, for every login. */
export function wipeClassDay(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  for (const listener of listeners) listener();
}
