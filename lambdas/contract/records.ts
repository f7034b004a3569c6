// The portal's records, as the wire contract defines them (docs/wire-contract.md#records). Handlers validate with
// these schemas and the web app types and validates its forms with the same ones. Zod Mini: its checks
// are functions, so each bundle carries only the ones it uses.
import { en } from 'zod/v4/locales';
import * as z from 'zod/mini';
import { detailsConfirmedSince, enrollmentCapSettings, programmeTimeZone, reminderLeadDays } from './configNames';
import { isTimeZone } from './moments';

// Zod Mini ships no messages of its own: the English ones, for what the portal's messages leave out.
z.config(en());

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date written `YYYY-MM-DD`. */
export const isoDate = z.string().check(
  z.regex(isoDatePattern, 'must be a date written YYYY-MM-DD'),
  z.refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'is not a real date',
  ),
);

/** A birth date: a real date from 1900 on (that it is in the past, the saving function checks). */
const birthDate = isoDate.check(z.refine((value) => value >= '1900-01-01', 'must be 1900-01-01 or later'));

/** A moment written as an ISO 8601 timestamp. */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

export const id = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.maxLength(64, 'is too long'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "-" and "_"'),
  );

// What typed text may not hold: control characters (C0, DEL, C1) and the bidirectional embeddings,
// overrides and isolates that make a name read otherwise than it is stored. One-line text (names, titles,
// places) also refuses line breaks: it ends up in e-mail subjects, calendar lines and CSV cells.
const oneLineUnsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, but line breaks are allowed: LF or CR LF (a lone CR counts as a control character). */
const manyLinesUnsafe =
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
/** Whitespace and the characters that show nothing: text of only these is empty. */
const invisible = /[\s\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;

const lengthAtMost = (max: number) => z.maxLength(max, `must be at most ${max} characters`);
const noControls = z.refine<string>(
  (value) => !oneLineUnsafe.test(value),
  'must not contain line breaks or control characters',
);
const required = z.refine<string>((value) => value.replace(invisible, '') !== '', 'is required');

/** Text on one line: a name, a title, a place. */
export const oneLine = (max: number) => z.string().check(z.trim(), lengthAtMost(max), noControls);
export const requiredOneLine = (max: number) => z.string().check(z.trim(), required, lengthAtMost(max), noControls);
/** Text of several lines: a description, notes, what to bring. */
const noControlsButLineBreaks = z.refine<string>(
  (value) => !manyLinesUnsafe.test(value),
  'must not contain control characters',
);
const manyLines = (max: number) => z.string().check(z.trim(), lengthAtMost(max), noControlsButLineBreaks);

/**
 * The Spanish version of texts an administrator writes for families (docs/i18n.md, issue 34): an optional `es`
 * object beside the English fields, each text optional with the English one's limits. A text missing or left
 * empty is no Spanish: a family reading Spanish sees the English, marked. Records stored before have none.
 */
const inSpanish = <Shape extends Record<string, z.ZodMiniType>>(shape: Shape) =>
  z.optional(
    z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([name, text]) => [name, z.optional(text)])) as {
        [Name in keyof Shape]: z.ZodMiniOptional<Shape[Name]>;
      },
    ),
  );

/** The Spanish texts given, empty ones left out (an empty list of options too); undefined when none is. */
export function givenSpanish<T extends Record<string, string | string[] | undefined>>(
  es: T | undefined,
): T | undefined {
  if (!es) return undefined;
  const given = Object.entries(es).filter(([, text]) =>
    Array.isArray(text) ? text.some((option) => option.trim() !== '') : text !== undefined && text.trim() !== '',
  );
  return given.length ? (Object.fromEntries(given) as T) : undefined;
}
/** A record's Spanish texts, as answered. */
type SpanishOf<Field extends string> = { [Name in Field]?: string };

export const isEmailAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** An http or https address, whole as typed (the URL parser would quietly drop tabs and line breaks). */
function isWebAddress(text: string): boolean {
  if (/\s/.test(text) || oneLineUnsafe.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}
const wholeNumber = (min: number, max: number, range: string) =>
  z.int('must be a whole number').check(z.gte(min, range), z.lte(max, range));

const grade = wholeNumber(-1, 12, 'must be -1 (pre-K) to 12');

const meeting = z
  .strictObject({
    date: isoDate,
    start: z.string().check(z.regex(timePattern, 'must be a time written HH:MM')),
    end: z.string().check(z.regex(timePattern, 'must be a time written HH:MM')),
    // A class saved as it was read carries its cancelled meetings: taken, but the save keeps the stored ones
    // (only cancelMeeting cancels a meeting, and tells the families).
    cancelled: z.optional(z.boolean()),
    cancelNote: z.optional(oneLine(300)),
    /** Spanish of the cancellation's note (taken like `cancelNote`: only cancelMeeting writes it). */
    es: inSpanish({ cancelNote: oneLine(300) }),
  })
  .check(z.refine((m) => m.start < m.end, { error: 'must end after it starts', path: ['end'] }));
/** A meeting; one an administrator cancelled (weather) keeps its place in the schedule, marked. */
export type Meeting = z.infer<typeof meeting>;

/** An administrator's cancellation of one meeting of a class, told to its families. */
export const meetingCancellation = z.strictObject({
  classId: id,
  date: isoDate,
  start: z.string().check(z.regex(timePattern, 'must be a time written HH:MM')),
  note: z.optional(oneLine(300)),
  es: inSpanish({ note: oneLine(300) }),
});

const classStatus = z.enum(['open', 'closed']);

/** What an administrator saves; the counts are the portal's own. */
export const classInput = z
  .strictObject({
    id: z.optional(id),
    semesterId: id,
    name: requiredOneLine(120),
    description: z._default(manyLines(4000), ''),
    location: z._default(oneLine(200), ''),
    instructor: z._default(oneLine(200), ''),
    meetings: z._default(z.array(meeting).check(z.maxLength(200, 'must hold at most 200 meetings')), []),
    capacity: wholeNumber(0, 10000, 'must be 0 to 10000'),
    minGrade: z.optional(grade),
    maxGrade: z.optional(grade),
    status: z._default(classStatus, 'open'),
    /** What a student brings to class, for the confirmation e-mail (a portal extension of the record). */
    whatToBring: z.optional(manyLines(1000)),
    /** The description and what to bring in Spanish, for families reading Spanish. */
    es: inSpanish({ description: manyLines(4000), whatToBring: manyLines(1000) }),
  })
  .check(
    z.refine((c) => c.minGrade === undefined || c.maxGrade === undefined || c.minGrade <= c.maxGrade, {
      error: 'must not be below the lowest grade',
      path: ['maxGrade'],
    }),
  );
export type ClassInput = z.infer<typeof classInput>;

export type ClassStatus = z.infer<typeof classStatus>;
export interface Class {
  id: string;
  semesterId: string;
  name: string;
  description: string;
  location: string;
  instructor: string;
  meetings: Meeting[];
  capacity: number;
  enrolled: number;
  waitlisted: number;
  seatsLeft: number;
  minGrade?: number;
  maxGrade?: number;
  status: ClassStatus;
  whatToBring?: string;
  es?: SpanishOf<'description' | 'whatToBring'>;
}

export const classGroupInput = z
  .strictObject({
    id: z.optional(id),
    semesterId: id,
    name: requiredOneLine(120),
    description: z._default(manyLines(4000), ''),
    es: inSpanish({ description: manyLines(4000) }),
    classIds: z
      .array(id)
      .check(z.minLength(2, 'must hold at least two classes'), z.maxLength(20, 'must hold at most 20 classes')),
  })
  .check(
    z.refine((g) => new Set(g.classIds).size === g.classIds.length, {
      error: 'must not list a class twice',
      path: ['classIds'],
    }),
  );
export interface ClassGroup {
  id: string;
  semesterId: string;
  name: string;
  description: string;
  classIds: string[];
  es?: SpanishOf<'description'>;
}

/**
 * What a seat freed in a full class does: `automatic` enrolls the first child waiting at once; `offers` holds
 * it for that child's family, who accepts within the semester's `offerHours` (else it goes to the next).
 */
export const waitlistModes = ['automatic', 'offers'] as const;
const waitlistMode = z.enum(waitlistModes);
type WaitlistMode = z.infer<typeof waitlistMode>;
export const DEFAULT_OFFER_HOURS = 48;

/** How long an offered seat is held in the semester's classes; none: a seat that opens goes to the first waiting. */
export function offerHoursOf(semester: Pick<Semester, 'waitlistMode' | 'offerHours'> | undefined): number | undefined {
  return semester?.waitlistMode === 'offers' ? (semester.offerHours ?? DEFAULT_OFFER_HOURS) : undefined;
}
const MAX_OFFER_HOURS = 14 * 24;

export const semesterInput = z
  .strictObject({
    id: z.optional(id),
    name: requiredOneLine(120),
    startDate: isoDate,
    endDate: isoDate,
    current: z._default(z.boolean(), false),
    registrationOpens: z.optional(isoDateTime),
    registrationCloses: z.optional(isoDateTime),
    changesClose: z.optional(isoDateTime),
    waitlistMode: z.optional(waitlistMode),
    offerHours: z.optional(wholeNumber(1, MAX_OFFER_HOURS, `must be 1 to ${MAX_OFFER_HOURS} hours`)),
  })
  .check(
    z.refine((s) => s.startDate <= s.endDate, { error: 'must not be before the start date', path: ['endDate'] }),
    z.refine(
      (s) =>
        !s.registrationOpens ||
        !s.registrationCloses ||
        Date.parse(s.registrationOpens) < Date.parse(s.registrationCloses),
      {
        error: 'must be after registration opens',
        path: ['registrationCloses'],
      },
    ),
  );
export interface Semester {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  current: boolean;
  registrationOpens?: string;
  registrationCloses?: string;
  /**
   * Until when a family may move a child to another class or drop a seat itself; after it, the office does.
   * Absent: no deadline.
   */
  changesClose?: string;
  /** Absent: automatic. */
  waitlistMode?: WaitlistMode;
  /** How long a family has to accept an offered seat; absent: DEFAULT_OFFER_HOURS. */
  offerHours?: number;
}

export const tshirtSize = z.strictObject({ code: requiredOneLine(8), label: requiredOneLine(40) });
export type TshirtSize = z.infer<typeof tshirtSize>;
/** A size as administrators manage it: a retired size is no longer offered but stays on the students who have it. */
export const managedTshirtSize = z.extend(tshirtSize, { retired: z.optional(z.boolean()) });
export type ManagedTshirtSize = z.infer<typeof managedTshirtSize>;

const configValue = z.union([z.string().check(lengthAtMost(2000), noControlsButLineBreaks), z.number(), z.boolean()]);
export type ConfigValue = z.infer<typeof configValue>;
export type ConfigValues = Record<string, ConfigValue>;

export { enrollmentCapsOf, type EnrollmentCaps } from './configNames';

/** What a value's name asks of it: a link (a name ending in `Url`) is a web address, the contact an e-mail address. */
const enrollmentCapNames: ReadonlySet<string> = new Set(
  Object.values(enrollmentCapSettings).map((setting) => setting.name),
);

function configValueProblem(name: string, value: ConfigValue): string | undefined {
  if (name.endsWith('Url') && !(typeof value === 'string' && isWebAddress(value)))
    return 'must be a web address starting with https://';
  if (enrollmentCapNames.has(name) && !(typeof value === 'number' && Number.isInteger(value) && value >= 1))
    return 'must be a whole number of at least 1';
  if (
    name === reminderLeadDays.name &&
    !(typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 30)
  )
    return 'must be a whole number of days, 1 to 30';
  // Its form only: whether it is after today is judged on saving (detailsSinceProblem), on the programme's clock,
  // which may be the deploy's zone, unknown here.
  if (name === detailsConfirmedSince.name && !(typeof value === 'string' && isoDate.safeParse(value).success))
    return 'must be a date written YYYY-MM-DD';
  if (name === 'contactEmail' && !(typeof value === 'string' && isEmailAddress(value)))
    return 'must be an e-mail address';
  if (name === programmeTimeZone.name && !(typeof value === 'string' && isTimeZone(value)))
    return "must be a time zone name such as America/Denver (the IANA name of the programme's place)";
  return undefined;
}

/** The remote configuration as an administrator saves it. A value named __proto__ is refused here: the record would drop it unseen. */
const noProtoName = z.custom<unknown>(
  (input) => typeof input !== 'object' || input === null || !Object.hasOwn(input, '__proto__'),
  'must not hold a value named __proto__',
);
export const configValues = z.pipe(
  noProtoName,
  z
    .record(
      z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'must be a name of letters and digits')),
      configValue,
    )
    .check(
      z.refine((values) => Object.keys(values).length <= 40, 'must hold at most 40 values'),
      z.superRefine((values, context) => {
        for (const [name, value] of Object.entries(values)) {
          const problem = configValueProblem(name, value);
          if (problem) context.issues.push({ code: 'custom', message: problem, path: [name], input: value });
        }
      }),
    ),
);

const phone = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.maxLength(40, 'is too long'),
    z.regex(/^[0-9+()\-. ]{7,}$/, 'must be a phone number'),
  );

export const emergencyContact = z.strictObject({
  name: requiredOneLine(120),
  phone,
  relationship: z.optional(oneLine(60)),
});
export type EmergencyContact = z.infer<typeof emergencyContact>;

/** An adult the family allows to collect the child after class: the instructor checks the name and relation. */
const pickupAdult = z.strictObject({ name: requiredOneLine(120), relationship: requiredOneLine(60), phone });
export const MAX_PICKUP_ADULTS = 6;

export const studentInput = z.strictObject({
  id: z.optional(id),
  firstName: requiredOneLine(60),
  lastName: requiredOneLine(60),
  birthDate,
  tshirtSize: z.string().check(z.trim(), required, z.maxLength(8, 'is not a known size'), noControls),
  emergencyContacts: z
    .array(emergencyContact)
    .check(z.minLength(1, 'must list at least one contact'), z.maxLength(5, 'must list at most five contacts')),
  grade: z.optional(grade),
  school: z.optional(oneLine(120)),
  allergies: z.optional(manyLines(1000)),
  medications: z.optional(manyLines(1000)),
  medicalNotes: z.optional(manyLines(2000)),
  photoConsent: z.optional(z.boolean()),
  pickupAdults: z._default(
    z.array(pickupAdult).check(z.maxLength(MAX_PICKUP_ADULTS, `must list at most ${MAX_PICKUP_ADULTS} adults`)),
    [],
  ),
  // When the family last saw the details and said they are right (saving them, or confirming them): the
  // portal's own. A student saved as it was read carries it: taken, but the save stamps its own moment.
  detailsConfirmedAt: z.optional(isoDateTime),
});
export type StudentInput = z.infer<typeof studentInput>;
export type Student = StudentInput & { id: string };

const enrollmentStatus = z.enum(['enrolled', 'waitlisted', 'cancelled']);
export type EnrollmentStatus = z.infer<typeof enrollmentStatus>;
export interface Enrollment {
  id: string;
  studentId: string;
  classId: string;
  groupId?: string;
  semesterId: string;
  status: EnrollmentStatus;
  waitlistPosition?: number;
  /** A waitlisted enrollment offered a seat: the seat is held for it until then (see acceptOffer). */
  offerExpiresAt?: string;
  /**
   * A family's move waiting for a seat here (see transferEnrollment): the class whose seat the child keeps
   * until one here is theirs, then gives up in the same transaction.
   */
  movingFrom?: string;
  createdAt: string;
}
/**
 * What an enrollment call answers: the enrollments made, or (with none) `pending` when the request is
 * still in line (on a very busy registration day): it is kept and decided in its turn, and
 * `enrollmentRequest` with its `requestId` tells its decision, or its place in line until then.
 */
export interface EnrollmentAnswer {
  enrollments: Enrollment[];
  requestId: string;
  /**
   * Its place in its class's (or group's) line of requests not decided yet (1 is next); or, for a request
   * in a fair start's draw, when the draw puts the requests in order (no place before it: the draw is secret
   * until then) and the line it waits in, whose order (`drawnLine`, from the edge) tells its place from then on.
   */
  pending?: { place: number; line?: LineMark } | { drawAt: string; line?: string };
}
/**
 * A line as its fair start's draw put it in order, the same for everyone (served from the edge): the tags of its
 * requests waiting (requestTag), in their order, and how many of the line were decided when they were read
 * (`decided`, so a place found here moves up as `lineProgress` tells more). Only requests whose moment in the
 * line came by `readAt` are listed: a draw still ahead stays secret.
 */
export interface DrawnLine {
  requests: string[];
  decided: number;
  readAt: string;
}
/**
 * A request's tag in a drawn line: the first 8 hex digits of the random part of its id (`<arrival ms>-<uuid>`), so
 * a page finds its own request there without the line telling anyone's ids.
 */
export const requestTag = (requestId: string) => {
  const random = requestId.indexOf('-') + 1;
  return requestId.slice(random, random + 8);
};
/**
 * The line a request waits in, and how many of the line's requests were decided when its place was counted:
 * while `lineProgress` tells more decided, the place moves up by as many, so a page follows it from there (a
 * read everyone shares, served from the edge) rather than asking the portal about its own request.
 */
export interface LineMark {
  id: string;
  decided: number;
}
/** A line's progress: how many of its requests were decided so far, and when the last were. */
export interface LineProgress {
  decided: number;
  decidedAt?: string;
}
/** How long a client waits, after a `pending` answer, before asking `enrollmentRequest` again (the server itself waits up to 2 s per ask). */
export const ASK_AGAIN_MS = 1000;

/** How long to wait before asking again after a `pending` answer: a fair start's request, until its draw. */
export function askAgainInMs(pending: NonNullable<EnrollmentAnswer['pending']>, now = Date.now()): number {
  return 'drawAt' in pending ? Math.max(ASK_AGAIN_MS, Date.parse(pending.drawAt) - now) : ASK_AGAIN_MS;
}
/** A programme policy as an administrator publishes it: a new policy (no id), or a new version of one. */
export const policyInput = z
  .strictObject({
    id: z.optional(id),
    /** The version the administrator read, for a new version: publishing is refused when another came since. */
    basedOnVersion: z.optional(wholeNumber(1, 100000, 'must be a version number')),
    title: requiredOneLine(120),
    text: manyLines(20000).check(required),
    /** The title and text in Spanish (a published version keeps them, as its English). */
    es: inSpanish({ title: oneLine(120), text: manyLines(20000) }),
    /** A family must accept it before enrolling (else it is offered, and may be left unaccepted). */
    required: z.boolean(),
    /** The one semester it applies to; absent: every semester. */
    semesterId: z.optional(id),
  })
  .check(
    z.refine((p) => (p.id === undefined) === (p.basedOnVersion === undefined), {
      error: 'give the version you read with the policy you publish again (and none for a new policy)',
      path: ['basedOnVersion'],
    }),
  );
export type PolicyInput = z.infer<typeof policyInput>;

/** One published version of a policy: never changed once published (an acceptance names it). */
export interface PolicyVersion {
  policyId: string;
  version: number;
  title: string;
  text: string;
  required: boolean;
  semesterId?: string;
  es?: SpanishOf<'title' | 'text'>;
  publishedAt: string;
  /** The administrator's e-mail (their login's when known, else its id). */
  publishedBy: string;
}

/** A policy as the administrators' list shows it: its current version, and each version's acceptances. */
export interface PolicySummary {
  id: string;
  current: PolicyVersion;
  versions: Array<Omit<PolicyVersion, 'text'> & { acceptances: number }>;
}

/** A policy version a family is asked to accept before enrolling a child. */
export type PolicyToAccept = Omit<PolicyVersion, 'publishedBy'>;

/** What a family's child accepted for a semester: which version of which policy, who and when. */
export interface PolicyAcceptance {
  studentId: string;
  semesterId: string;
  policyId: string;
  version: number;
  title: string;
  acceptedAt: string;
  /** The login that accepted: its id, and its e-mail when known. */
  acceptedBy: { sub: string; email?: string };
}

/** A family accepting policy versions for a child, for a semester. */
export const policyAcceptanceInput = z.strictObject({
  studentId: id,
  semesterId: id,
  accepted: z
    .array(z.strictObject({ policyId: id, version: wholeNumber(1, 100000, 'must be a version number') }))
    .check(z.minLength(1, 'must list at least one policy'), z.maxLength(50, 'must list at most 50 policies')),
});

/** A student on a class's printable roster or waitlist: the whole information sheet and who to reach. */
export interface RosterEntry {
  enrollmentId: string;
  status: EnrollmentStatus;
  waitlistPosition?: number;
  /** A waitlisted student offered a seat: until when it is held for them. */
  offerExpiresAt?: string;
  groupId?: string;
  createdAt: string;
  student: Student;
  /** The e-mail of the family's account (its first guardian). */
  guardianEmail?: string;
  /** The family's answers to the questions asked when enrolling (see checkAnswers). */
  answers?: Answer[];
  /** The policies accepted for the child for the class's semester. */
  acceptances?: PolicyAcceptance[];
  /** The e-mails of the family's other guardians, when it has more than one. */
  otherGuardianEmails?: string[];
}

/** A guardian of a family, as its guardians see them (`you`: the caller). */
export interface FamilyGuardian {
  sub: string;
  email: string;
  /** When they joined (absent: the guardian who made the family, before a second one joined). */
  joinedAt?: string;
  you?: true;
}

/**
 * The family's name as the guardian who invites another adult gives it ("The Alpine family"): all the invited
 * learns of the family before accepting. Empty: none given.
 */
export const familyName = oneLine(120);

/** An invitation to be a guardian of the family, still waiting to be accepted. */
export interface GuardianInvitation {
  id: string;
  email: string;
  invitedByEmail: string;
  familyName?: string;
  createdAt: string;
  expiresAt: string;
}

/** An enrollment as the administrators' lists show it. */
export type SemesterEnrollment = Enrollment & {
  className: string;
  student: Student;
  guardianEmail?: string;
  answers?: Answer[];
  acceptances?: PolicyAcceptance[];
  otherGuardianEmails?: string[];
};

/** One change in the enrollment audit trail, with the names a person reads. */
export interface ActivityEntry {
  at: string;
  enrollmentId: string;
  classId: string;
  className: string;
  studentId: string;
  studentName: string;
  from: EnrollmentStatus | 'none';
  to: EnrollmentStatus;
  reason: string;
  byAdmin: boolean;
  /** Who made the change: the family, an administrator, or the portal itself (a waitlist moving up). */
  actor: 'family' | 'admin' | 'portal';
}

/** A class meeting on the calendar; times are the programme's local time. */
export interface CalendarEvent {
  classId: string;
  title: string;
  start: string;
  end: string;
  location: string;
  /** The meeting is cancelled (the families were told). */
  cancelled?: boolean;
}

/** An enrollment as a family's list shows it: with the names a person reads. */
export type NamedEnrollment = Enrollment & {
  className: string;
  studentName: string;
  groupName?: string;
  /** The family's answers to the questions asked when enrolling. */
  answers?: Answer[];
  /** The semester or the class asks questions of families (see enrollmentQuestions). */
  asksQuestions?: true;
  /** The day the class starts (its first meeting, else its semester's start): answers change until then. */
  startsOn?: string;
  /**
   * Why a waiting child is passed over when a seat frees (or cannot accept its offer): it is no longer in the
   * class's grades, in a parent's words.
   */
  passedOverBecause?: string;
};

/** An enrollment is one student in one class: its id names both, `classId~studentId`. */
/** An enrollment request's id: its arrival time (epoch ms), then a UUID. */
export const enrollmentRequestId = z
  .string()
  .check(
    z.regex(
      /^\d{1,15}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'is not an enrollment request id',
    ),
  );
export const enrollmentId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}~[A-Za-z0-9_-]{1,64}$/, 'is not an enrollment id'));

/** Whom an administrator's message is for: the families of a class, of its waitlist, of a class group, of a semester. */
export const messageAudience = z.strictObject({
  kind: z.enum(['class', 'waitlist', 'group', 'semester']),
  id,
});
export type MessageAudience = z.infer<typeof messageAudience>;

/** An administrator's message to families: a subject and simple formatted text. */
export const messageInput = z.strictObject({
  audience: messageAudience,
  subject: requiredOneLine(150),
  text: manyLines(10000).check(required),
  es: inSpanish({ subject: oneLine(150), text: manyLines(10000) }),
});
export type MessageInput = z.infer<typeof messageInput>;

/** A message as its history shows it: to whom, by whom, when, and how far its sending got. */
export interface MessageSummary {
  id: string;
  semesterId: string;
  classIds: string[];
  /** `announcement` (an administrator wrote it), or the change of a class it tells. */
  topic: 'announcement' | 'classClosed' | 'classChanged' | 'meetingCancelled';
  subject: string;
  audienceLabel: string;
  /** The administrator's e-mail, or `portal` for what the portal tells by itself. */
  sentBy: string;
  createdAt: string;
  status: 'sending' | 'sent';
  /** The families it is for. */
  recipients: number;
  /** The families whose e-mails were all tried (of `recipients`). */
  familiesDone: number;
  /**
   * E-mails, one per address: gone out, refused by SES (each kept to send again), or not sent (the address
   * does not receive mail, or its family has none to write to, counted once).
   */
  sent: number;
  failed: number;
  skipped: number;
  finishedAt?: string;
}

// Questions administrators ask families when they enroll (a semester's, a class's), and the answers.
/** A question's id: a letter first, so a 400 can name its field (`answers.<id>`). */
const questionId = z.string().check(z.regex(/^q[A-Za-z0-9]{1,40}$/, 'is not a question id'));
export const QUESTION_KINDS = ['text', 'choice', 'yesNo', 'number'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const MAX_QUESTIONS = 20;
const MAX_TEXT_ANSWER = 2000;

const questionCommon = {
  /** Absent: a new question (saving gives it its id). */
  id: z.optional(questionId),
  label: requiredOneLine(200),
  /** The label in Spanish (a choice's options too: see below). */
  es: inSpanish({ label: oneLine(200) }),
  required: z._default(z.boolean(), false),
  /** Its answers are shown to the class's instructors on the class-day roster (absent: to the office only). */
  forInstructors: z.optional(z.boolean()),
};
const finiteNumber = z.number('must be a number').check(z.refine(Number.isFinite, 'must be a number'));
/** A question as an administrator saves it, its place in its list being its order. */
export const questionInput = z.discriminatedUnion('kind', [
  z.strictObject({
    ...questionCommon,
    kind: z.literal('text'),
    maxLength: z._default(wholeNumber(1, MAX_TEXT_ANSWER, `must be 1 to ${MAX_TEXT_ANSWER}`), 200),
  }),
  z
    .strictObject({
      ...questionCommon,
      kind: z.literal('choice'),
      options: z.array(requiredOneLine(100)).check(
        z.minLength(2, 'must list at least two options'),
        z.maxLength(30, 'must list at most 30 options'),
        z.refine((options) => new Set(options).size === options.length, 'must not list an option twice'),
      ),
      /**
       * The label and each option in Spanish, in the options' order (an empty one: that option in English). The
       * answer is the English option whichever a family read.
       */
      es: inSpanish({
        label: oneLine(200),
        options: z.array(oneLine(100)).check(z.maxLength(30, 'must list at most 30 options')),
      }),
    })
    .check(
      z.refine((q) => q.es?.options === undefined || q.es.options.length === q.options.length, {
        error: 'must list one Spanish option for each option (an empty one for an option left in English)',
        path: ['es', 'options'],
      }),
    ),
  z.strictObject({ ...questionCommon, kind: z.literal('yesNo') }),
  z
    .strictObject({
      ...questionCommon,
      kind: z.literal('number'),
      min: z.optional(finiteNumber),
      max: z.optional(finiteNumber),
    })
    .check(
      z.refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
        error: 'must not be below the lowest number',
        path: ['max'],
      }),
    ),
]);
export type QuestionInput = z.input<typeof questionInput>;
export type Question = z.output<typeof questionInput> & { id: string };
/** A semester's or a class's questions, in the order families see them. */
export const questionList = z.array(questionInput).check(
  z.maxLength(MAX_QUESTIONS, `must hold at most ${MAX_QUESTIONS} questions`),
  z.refine((questions) => {
    const ids = questions.flatMap((question) => (question.id ? [question.id] : []));
    return new Set(ids).size === ids.length;
  }, 'must not list a question twice'),
);
/** A question as a family meets it when enrolling: `classId` when it is a class's (absent: the semester's). */
export type AskedQuestion = Question & { classId?: string };

export type AnswerValue = string | number | boolean;
/** A family's answer as sent: the question's id and the value (text, a choice's option, yes/no, a number). */
const answerInput = z.strictObject({
  questionId,
  value: z.union([z.string().check(z.maxLength(MAX_TEXT_ANSWER, 'is too long')), finiteNumber, z.boolean()]),
});
export type AnswerInput = z.infer<typeof answerInput>;
export const answersInput = z.array(answerInput).check(
  z.maxLength(MAX_QUESTIONS * 21, 'must hold at most one answer per question'),
  z.refine(
    (answers) => new Set(answers.map((answer) => answer.questionId)).size === answers.length,
    'must not answer a question twice',
  ),
);
/** An answer as kept with the enrollment: with the question's label as it read when the family answered. */
export interface Answer {
  questionId: string;
  label: string;
  value: AnswerValue;
  /** The question's label in Spanish when answered, when it had one. */
  es?: SpanishOf<'label'>;
}

/** How an answer reads on a screen, a sheet or a CSV cell. */
export const answerText = (value: AnswerValue) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value));

/** A rule an answer breaks, for a screen to say in the reader's language (web/src/layout/AnswerFields.tsx). */
export type AnswerRule =
  | { rule: 'required' | 'text' | 'lineBreaks' | 'yesNo' | 'number' }
  | { rule: 'choice'; options: string[] }
  | { rule: 'maxLength' | 'atMost'; max: number }
  | { rule: 'atLeast'; min: number }
  | { rule: 'between'; min: number; max: number };

function answerRuleBroken(question: Question, value: AnswerValue | undefined): AnswerRule | undefined {
  if (value === undefined) return question.required ? { rule: 'required' } : undefined;
  switch (question.kind) {
    case 'text':
      if (typeof value !== 'string') return { rule: 'text' };
      if (value.length > question.maxLength) return { rule: 'maxLength', max: question.maxLength };
      return oneLineUnsafe.test(value) ? { rule: 'lineBreaks' } : undefined;
    case 'choice':
      return typeof value === 'string' && question.options.includes(value)
        ? undefined
        : { rule: 'choice', options: question.options };
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : { rule: 'yesNo' };
    case 'number': {
      if (typeof value !== 'number') return { rule: 'number' };
      const { min, max } = question;
      if ((min !== undefined && value < min) || (max !== undefined && value > max))
        return min === undefined
          ? { rule: 'atMost', max: max! }
          : max === undefined
            ? { rule: 'atLeast', min }
            : { rule: 'between', min, max };
      return undefined;
    }
  }
}

/** The rule broken, in the words after the question's label. */
function answerProblem(broken: AnswerRule): string {
  switch (broken.rule) {
    case 'required':
      return 'needs an answer';
    case 'text':
      return 'must be text';
    case 'maxLength':
      return `must be at most ${broken.max} characters`;
    case 'lineBreaks':
      return 'must not contain line breaks or control characters';
    case 'choice':
      return `must be one of: ${broken.options.join(', ')}`;
    case 'yesNo':
      return 'must be yes or no';
    case 'number':
      return 'must be a number';
    case 'atMost':
      return `must be at most ${broken.max}`;
    case 'atLeast':
      return `must be at least ${broken.min}`;
    case 'between':
      return `must be from ${broken.min} to ${broken.max}`;
  }
}

/**
 * The answers to `questions`, checked: the server's only word on them (the enroll dialog checks with it too).
 * Text is trimmed and an empty one is no answer. `problems`: by question id, a sentence naming the question;
 * an answer to a question not asked is a problem under its own id. `broken`: the rule each question's answer
 * breaks, for a screen to say in its reader's words.
 */
export function checkAnswers(
  questions: readonly Question[],
  given: readonly AnswerInput[],
): { answers: Answer[]; problems: Record<string, string>; broken: Record<string, AnswerRule> } {
  const values = new Map(
    given.flatMap(({ questionId, value }): Array<[string, AnswerValue]> => {
      const kept = typeof value === 'string' ? value.trim() : value;
      return kept === '' ? [] : [[questionId, kept]];
    }),
  );
  const problems: Record<string, string> = {};
  const broken: Record<string, AnswerRule> = {};
  const answers: Answer[] = [];
  for (const question of questions) {
    const value = values.get(question.id);
    const rule = answerRuleBroken(question, value);
    if (rule) {
      broken[question.id] = rule;
      problems[question.id] = `"${question.label}" ${answerProblem(rule)}`;
    } else if (value !== undefined) {
      const es = givenSpanish({ label: question.es?.label });
      answers.push({ questionId: question.id, label: question.label, value, ...(es && { es }) });
    }
  }
  const asked = new Set(questions.map((question) => question.id));
  for (const { questionId } of given)
    if (!asked.has(questionId)) problems[questionId] = 'This question is not asked for this enrollment';
  return { answers, problems, broken };
}

// The lottery and priority windows of a semester (see docs/features.md, The lottery).

const familyEmail = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'is too long'),
    z.refine(isEmailAddress, 'must be e-mail addresses'),
  );
const before = (earlier: string | undefined, later: string | undefined) =>
  !earlier || !later || Date.parse(earlier) < Date.parse(later);

/**
 * A semester allocated by a lottery: families request from `requestsOpen` to `requestsClose`, with up to
 * `choices` ranked choices per child; results reach them by `resultsBy`; the seats left after the draw open to
 * everyone, first come first served, at `seatsOpen`. `weighted`: one more ticket per earlier draw lost.
 */
const lotterySettings = z
  .strictObject({
    requestsOpen: isoDateTime,
    requestsClose: isoDateTime,
    resultsBy: isoDateTime,
    seatsOpen: isoDateTime,
    choices: z.int().check(z.gte(1, 'must be 1 to 5'), z.lte(5, 'must be 1 to 5')),
    weighted: z._default(z.boolean(), false),
    /** The draw runs by itself once requests close (the lotteryDraws schedule), as a preview to publish. */
    drawAtClose: z._default(z.boolean(), false),
  })
  .check(
    z.refine((s) => before(s.requestsOpen, s.requestsClose), {
      error: 'must be after requests open',
      path: ['requestsClose'],
    }),
    z.refine((s) => before(s.requestsClose, s.resultsBy), {
      error: 'must be after requests close',
      path: ['resultsBy'],
    }),
    z.refine((s) => !before(s.seatsOpen, s.resultsBy), {
      error: 'must not be before the results are sent',
      path: ['seatsOpen'],
    }),
  );
export type LotterySettings = z.infer<typeof lotterySettings>;

/**
 * Families who may register (or request, in a lottery) from `opens`, before everyone else: those whose account's
 * e-mail is listed, and with `enrolledLastSemester` those who had a child enrolled in the semester before.
 */
const priorityWindow = z
  .strictObject({
    name: requiredOneLine(60),
    opens: isoDateTime,
    emails: z._default(z.array(familyEmail).check(z.maxLength(5000, 'must list at most 5000 addresses')), []),
    enrolledLastSemester: z._default(z.boolean(), false),
  })
  .check(
    z.refine((w) => w.emails.length > 0 || w.enrolledLastSemester, {
      error: 'must list e-mail addresses or take the families of last semester',
      path: ['emails'],
    }),
  );
export type PriorityWindow = z.infer<typeof priorityWindow>;

/**
 * A fair start of first come first served: the requests made before a family's opening (registration for
 * everyone, or its priority window) or within its first `minutes` are put in order by a draw whose seed is
 * committed when the fair start is set; the requests after that go by arrival.
 */
const fairStartSettings = z.strictObject({
  minutes: z._default(z.int().check(z.gte(1, 'must be 1 to 60'), z.lte(60, 'must be 1 to 60')), 5),
});

/**
 * How a semester's seats are given: first come first served (no `lottery`), with a fair start or not, or a
 * lottery; and its priority windows.
 */
export const allocationSettings = z.strictObject({
  semesterId: id,
  lottery: z.optional(lotterySettings),
  fairStart: z.optional(fairStartSettings),
  priorityWindows: z._default(z.array(priorityWindow).check(z.maxLength(10, 'must be at most 10 windows')), []),
});
export type AllocationSettings = z.infer<typeof allocationSettings>;

/** A ranked choice in a lottery request: a class, or a class group (a seat in each of its classes, or none). */
const lotteryChoice = z.strictObject({ kind: z.enum(['class', 'group']), id });
export type LotteryChoice = z.infer<typeof lotteryChoice>;

/** A family's request for one child: choices best first; `keepTogether` holds for all the family's children. */
export const lotteryRequestInput = z.strictObject({
  semesterId: id,
  studentId: id,
  choices: z.array(lotteryChoice).check(
    z.minLength(1, 'must hold at least one choice'),
    z.maxLength(5, 'must hold at most 5 choices'),
    z.refine(
      (choices) => new Set(choices.map((c) => `${c.kind}:${c.id}`)).size === choices.length,
      'must not hold a choice twice',
    ),
  ),
  keepTogether: z._default(z.boolean(), false),
});

export interface LotteryRequest {
  semesterId: string;
  studentId: string;
  choices: LotteryChoice[];
  keepTogether: boolean;
  updatedAt: string;
  /** Once the draw is published: seated or waitlisted in a choice (`rank` 1 is the first), or left out. */
  result?: {
    outcome: 'enrolled' | 'waitlisted' | 'unplaced';
    choice?: LotteryChoice;
    rank?: number;
    /** Why a child the draw placed was left unplaced at publication: enrolling's refusal, in its words. */
    reason?: string;
  };
}

/**
 * A commitment to a lottery's seed: its SHA-256 (hex), shown to every family before requests close, while the seed
 * stays secret until the draw is published. The draw runs only with the seed of the last commitment; one that
 * replaced another (an administrator's change of seed) says why, in `reason`.
 */
export interface SeedCommitment {
  hash: string;
  committedAt: string;
  reason?: string;
}

/**
 * A semester's fair start as everyone sees it: its draws (one at registration's opening for everyone, one at
 * each priority window's), each at `drawAt`, the end of its opening's first `minutes`; the commitment to the
 * seed (SHA-256, hex) from the moment it is set; and the seed once the last draw came, to check every rank.
 */
export interface FairStartView {
  semesterId: string;
  semesterName: string;
  minutes: number;
  draws: Array<{ name: string; opening: string; drawAt: string }>;
  commitment: string;
  seed?: string;
}

/** An administrator's change of a lottery's seed: the commitment it replaces, as shown, and why, for families. */
export const lotterySeedChange = z.strictObject({
  semesterId: id,
  replacing: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a commitment: 64 hexadecimal digits')),
  reason: requiredOneLine(300),
});

/**
 * A semester's lottery as a family sees it: when, how, its own requests, the commitments to the draw's seed (oldest
 * first) and, once published, the seed.
 */
/**
 * A semester's lottery as everyone may see it (`lotteries`), until the seats left after the draw open to everyone:
 * when requests are taken, when the results come, and when those seats open.
 */
export type LotteryView = { semesterId: string; semesterName: string } & Pick<
  LotterySettings,
  'requestsOpen' | 'requestsClose' | 'resultsBy' | 'seatsOpen'
>;

/** Whether a family may enroll in a semester now, and when not, when it may (`myRegistration`). */
export type RegistrationStanding = { open: true } | { open: false; message: string };

export interface FamilyLottery {
  semester: Semester;
  lottery: LotterySettings;
  /** Whether the family may send or change its requests now; when not, why (and when it may). */
  window: { open: boolean; message?: string };
  requests: LotteryRequest[];
  commitments: SeedCommitment[];
  /** Once the draw is published: its seed, whose SHA-256 is the last commitment, so anyone can run it again. */
  draw?: { seed: string; publishedAt: string };
}

// Data retention as the administrator's screen shows it (lambdas/administration/retention.ts keeps and applies it).
/** How many years after a semester ended its records are kept, and who set it when. */
export interface RetentionSetting {
  years: number;
  updatedAt?: string;
  updatedBy?: string;
}

/** Something of a child's that belongs to a semester whose records stay: the child keeps their record for it. */
export interface KeptFor {
  kind: 'enrollment' | 'lotteryRequest' | 'policyAcceptance';
  semester: { id: string; name: string };
}

/** What a removal removed. */
export interface Removed {
  enrollments: number;
  auditRecords: number;
  students: number;
  /** The children's attendance marks, absence reports and alarms of those classes (none before they were kept). */
  attendanceRecords?: number;
}

/** What one removal call removed, who asked, and whether it finished: the audit record of a removal. */
export interface RemovalRecord {
  id: string;
  at: string;
  by: string;
  years: number;
  cutoff: string;
  semesters: Array<{ id: string; name: string }>;
  removed: Removed;
  done: boolean;
}

/** How often one user may call a function (administrators are not limited): `calls` per `perSeconds`. */
export interface CallLimit {
  calls: number;
  perSeconds: number;
}
