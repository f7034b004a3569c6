// How a semester's seats are given: first come first served or a lottery, and its priority windows (families
// who may register or request before everyone else). One item per semester, `SEMESTER#id / ALLOCATION`, kept
// apart from the semester's own item because the semester is public and the windows list families' e-mails.
import { programmeMoments, type MomentWriter } from '../catalogue/settings';
import type { AllocationSettings, LotterySettings, PriorityWindow, Semester } from '../contract/records';
import { RecentReads } from '../platform/recentReads';
import { entity, optional, type StoredItem } from '../platform/entity';
import { enrollmentsOfFamily } from './enrollments';
import { familyAddresses } from '../families/families';
import { partitions } from '../platform/partitions';
import { listSemesters, registrationWindowMessage } from '../catalogue/semesters';
import { isRegistrationOpen } from '../contract/registrationWindow';

const readLottery = (item: StoredItem): LotterySettings => ({
  requestsOpen: item.string('requestsOpen'),
  requestsClose: item.string('requestsClose'),
  resultsBy: item.string('resultsBy'),
  seatsOpen: item.string('seatsOpen'),
  choices: item.number('choices'),
  weighted: item.boolean('weighted'),
  drawAtClose: item.boolean('drawAtClose'),
});

const allocationEntity = entity<AllocationSettings & { updatedAt: string }, Pick<AllocationSettings, 'semesterId'>>({
  type: 'allocationSettings',
  key: { partition: ({ semesterId }) => partitions.semester(semesterId), sort: 'ALLOCATION' },
  read: (item) => ({
    semesterId: item.string('semesterId'),
    ...optional('lottery', item.item.lottery === undefined ? undefined : readLottery(item.nested('lottery'))),
    ...optional(
      'fairStart',
      item.item.fairStart === undefined ? undefined : { minutes: item.nested('fairStart').number('minutes') },
    ),
    priorityWindows: item.list('priorityWindows', (window) => ({
      name: window.string('name'),
      opens: window.string('opens'),
      emails: window.strings('emails'),
      enrolledLastSemester: window.boolean('enrolledLastSemester'),
    })),
    updatedAt: item.string('updatedAt'),
  }),
});

/** A semester's settings; one never saved is first come first served without priority windows. */
export async function allocationSettingsOf(semesterId: string): Promise<AllocationSettings> {
  return (await savedAllocationOf(semesterId)).settings;
}

/** A semester's settings with when they were saved (undefined: never), which tells one version from another. */
interface SavedAllocation {
  settings: AllocationSettings;
  savedAt?: string;
}

/** A semester's settings as they are now (strongly consistent), with when they were saved. */
async function savedAllocationOf(semesterId: string): Promise<SavedAllocation> {
  const stored = await allocationEntity.get({ semesterId });
  if (!stored) return { settings: { semesterId, priorityWindows: [] } };
  const { updatedAt, ...settings } = stored;
  return { settings, savedAt: updatedAt };
}

/** The settings of several semesters, by semester id, in one batch read. */
export async function allocationSettingsOfMany(semesterIds: string[]): Promise<Map<string, AllocationSettings>> {
  const stored = await allocationEntity.getMany(semesterIds.map((semesterId) => ({ semesterId })));
  const found = new Map(stored.map(({ updatedAt: _updatedAt, ...settings }) => [settings.semesterId, settings]));
  return new Map(
    semesterIds.map((semesterId) => [semesterId, found.get(semesterId) ?? { semesterId, priorityWindows: [] }]),
  );
}

export async function putAllocationSettings(settings: AllocationSettings): Promise<void> {
  await allocationEntity.put({ ...settings, updatedAt: new Date().toISOString() });
}

const recent = new RecentReads<SavedAllocation>({
  ttlMs: 30_000,
  read: async ([semesterId]) => new Map([[semesterId!, await savedAllocationOf(semesterId!)]]),
});

/** The semester before this one (by start date), whose families `enrolledLastSemester` takes. */
async function previousSemester(semester: Semester): Promise<Semester | undefined> {
  return (await listSemesters()).find((other) => other.startDate < semester.startDate && other.id !== semester.id);
}

/** The windows the family belongs to, earliest first. Reads the family only when the semester has windows. */
async function windowsOfFamily(
  settings: AllocationSettings,
  semester: Semester,
  familyId: string,
): Promise<PriorityWindow[]> {
  const windows = settings.priorityWindows;
  if (!windows.length) return [];
  const byEmail = windows.some((window) => window.emails.length);
  const byLastSemester = windows.some((window) => window.enrolledLastSemester);
  const [addresses, enrolledLast] = await Promise.all([
    byEmail ? familyAddresses([familyId]).then((found) => found.get(familyId) ?? []) : [],
    byLastSemester ? hadChildEnrolled(familyId, previousSemester(semester)) : false,
  ]);
  return windows
    .filter(
      (window) =>
        (window.enrolledLastSemester && enrolledLast) ||
        window.emails.some((email) => addresses.some((address) => address.toLowerCase() === email)),
    )
    .sort((a, b) => Date.parse(a.opens) - Date.parse(b.opens));
}

async function hadChildEnrolled(familyId: string, semester: Promise<Semester | undefined>): Promise<boolean> {
  const [last, enrollments] = await Promise.all([semester, enrollmentsOfFamily(familyId)]);
  return enrollments.some(
    (enrollment) =>
      enrollment.semesterId === last?.id && (enrollment.status === 'enrolled' || enrollment.enrolledAt !== undefined),
  );
}

/**
 * What a window opening lets a family do: register (first come first served) or send its requests (a lottery).
 * Before the end of a fair start, `draw` says which draw orders the family's requests (see fairStartGate).
 */
export type WindowGate =
  | { open: true; opensAt?: string; draw?: { opening: string; at: number } }
  | { open: false; message: string };

/** A window everyone may use from `opens` (when set) until `closes`, and how a refusal says so. */
interface Window {
  /** What opens, with its verb: "Registration for Winter opens", "Requests for Winter open". */
  opening: string;
  /** Whether it is open for everyone now. */
  open: boolean;
  closed: boolean;
  opens?: string;
  /** Why the family may not, when it belongs to no window that opens earlier (its moments written by `when`). */
  refusal: (when: MomentWriter) => string;
}

/**
 * Whether the family may use the window now: open for everyone, or before that the earliest of its priority windows
 * that has opened (its opening is `opensAt`, for the allocator to check the request against). Refused, the message
 * says when the family may.
 */
async function windowGate(
  window: Window,
  semester: Semester,
  settings: AllocationSettings,
  familyId: string,
  now: Date,
): Promise<WindowGate> {
  if (window.open) return { open: true };
  const windows = window.closed ? [] : await windowsOfFamily(settings, semester, familyId);
  const opened = windows.find((each) => Date.parse(each.opens) <= now.getTime());
  if (opened) return { open: true, opensAt: opened.opens };
  const first = windows[0];
  const when = await programmeMoments();
  if (first && (!window.opens || Date.parse(first.opens) < Date.parse(window.opens)))
    return { open: false, message: `${window.opening} for ${first.name} on ${when(first.opens)}.` };
  return { open: false, message: window.refusal(when) };
}

/** Whether the family may register now (first come first served), its priority windows included. */
function registrationGate(semester: Semester, settings: AllocationSettings, familyId: string, now: Date) {
  const closes = semester.registrationCloses;
  const window: Window = {
    opening: `Registration for ${semester.name} opens`,
    open: isRegistrationOpen(semester, now),
    closed: closes !== undefined && now.getTime() >= Date.parse(closes),
    ...optional('opens', semester.registrationOpens),
    refusal: (when) => registrationWindowMessage(semester, now, when),
  };
  return windowGate(window, semester, settings, familyId, now);
}

/** Whether the family may send or change its lottery requests now, its priority windows included. */
export async function requestGate(
  semester: Semester,
  settings: AllocationSettings,
  familyId: string,
  now = new Date(),
): Promise<WindowGate> {
  const { lottery } = settings;
  if (!lottery) return { open: false, message: `${semester.name} has no lottery: enroll on Class Registration.` };
  const [opens, closes] = [Date.parse(lottery.requestsOpen), Date.parse(lottery.requestsClose)];
  const closed = now.getTime() >= closes;
  const window: Window = {
    opening: `Requests for ${semester.name} open`,
    open: !closed && now.getTime() >= opens,
    closed,
    opens: lottery.requestsOpen,
    refusal: (when) =>
      closed
        ? `Requests for ${semester.name} closed on ${when(lottery.requestsClose)}.`
        : `Requests for ${semester.name} open on ${when(lottery.requestsOpen)}.`,
  };
  return windowGate(window, semester, settings, familyId, now);
}

/**
 * Whether a family may enroll now, by the settings as this function instance read them in the last 30 seconds
 * (registration day enrolls many times a second, mostly while registration is open to everyone). A family let in
 * early by a priority window, or refused, is judged by the settings as they are, should they have changed since:
 * the allocator trusts the window's opening it is given, so a change of the windows counts from the moment it is
 * saved, in every instance.
 */
export async function enrollGate(semester: Semester, familyId: string, now = new Date()): Promise<WindowGate> {
  const remembered = (await recent.get([semester.id], now.getTime())).get(semester.id)!;
  const gate = await gateBy(remembered.settings, semester, familyId, now);
  if (gate.open && !gate.opensAt) return gate;
  const saved = await savedAllocationOf(semester.id);
  return saved.savedAt === remembered.savedAt ? gate : gateBy(saved.settings, semester, familyId, now);
}

/**
 * Whether the semester has a fair start, by its settings as this function instance read them in the last 30
 * seconds (enrollGate's read): its requests' decisions, in its draws or after them, are kept in its ledger.
 */
export async function hasFairStart(semesterId: string, now = new Date()): Promise<boolean> {
  return (await recent.get([semesterId], now.getTime())).get(semesterId)!.settings.fairStart !== undefined;
}

/**
 * Whether a family may enroll at `now` (first come first served) by `settings`: in a lottery semester only once
 * the seats left after the draw are open to everyone; otherwise the registration window and the family's
 * priority windows.
 */
async function gateBy(
  settings: AllocationSettings,
  semester: Semester,
  familyId: string,
  now: Date,
): Promise<WindowGate> {
  const { lottery } = settings;
  if (lottery && now.getTime() < Date.parse(lottery.seatsOpen)) {
    const when = await programmeMoments();
    const requests =
      now.getTime() < Date.parse(lottery.requestsClose)
        ? `send your requests from ${when(lottery.requestsOpen)} to ${when(lottery.requestsClose)}`
        : `requests closed on ${when(lottery.requestsClose)}`;
    return {
      open: false,
      message:
        `Seats in ${semester.name} are given by a lottery draw: ${requests}. ` +
        `The seats left after the draw open to everyone on ${when(lottery.seatsOpen)}.`,
    };
  }
  return (
    (await fairStartGate(semester, settings, familyId, now)) ?? registrationGate(semester, settings, familyId, now)
  );
}

/**
 * With a fair start, until its end for the family: the family may enroll (before its opening too, to have its
 * requests ready), and its requests are put in order by the draw at the end of its opening's first minutes.
 * Its opening is its earliest priority window's, or registration's for everyone. Undefined when the semester
 * has no fair start, registration closed, or the family's fair start ended (first come first served then).
 */
async function fairStartGate(
  semester: Semester,
  settings: AllocationSettings,
  familyId: string,
  now: Date,
): Promise<WindowGate | undefined> {
  const { fairStart } = settings;
  const opensForAll = semester.registrationOpens;
  if (!fairStart || !opensForAll) return undefined;
  if (semester.registrationCloses && now.getTime() >= Date.parse(semester.registrationCloses)) return undefined;
  const [earliest] = await windowsOfFamily(settings, semester, familyId);
  const window = earliest && Date.parse(earliest.opens) < Date.parse(opensForAll) ? earliest : undefined;
  const opening = window?.opens ?? opensForAll;
  const at = Date.parse(opening) + fairStart.minutes * 60_000;
  if (now.getTime() >= at) return undefined;
  return { open: true, ...(window && { opensAt: window.opens }), draw: { opening, at } };
}

/**
 * Whether some family may enroll in the semester now, so its classes are offered: registration is open, or a
 * priority window has opened before it (the others are refused with the day they may); never in a lottery
 * semester before the seats left after the draw open.
 */
function openToSomeone(semester: Semester, settings: AllocationSettings, now = new Date()): boolean {
  if (settings.lottery && now.getTime() < Date.parse(settings.lottery.seatsOpen)) return false;
  if (isRegistrationOpen(semester, now)) return true;
  if (semester.registrationCloses && now.getTime() >= Date.parse(semester.registrationCloses)) return false;
  // With a fair start, families have their requests ready before the opening.
  if (settings.fairStart && semester.registrationOpens) return true;
  return settings.priorityWindows.some((window) => Date.parse(window.opens) <= now.getTime());
}

/** The semesters open for enrollment to someone at `now` (Class Registration's), with their settings. */
export async function semestersOpenToSomeone(now = new Date()): Promise<Array<[Semester, AllocationSettings]>> {
  const semesters = await listSemesters();
  const settings = await allocationSettingsOfMany(semesters.map((semester) => semester.id));
  return semesters.flatMap((semester) => {
    const own = settings.get(semester.id)!;
    return openToSomeone(semester, own, now) ? [[semester, own] as [Semester, AllocationSettings]] : [];
  });
}
