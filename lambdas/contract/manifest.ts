// The function manifest, the wire contract's heart: every named function of the portal, who may call it, what it
// takes and what it answers, and which public reads are also cacheable GETs. The CDK stack, the local gateway,
// the handlers and the web client all derive from this list. What each function may touch in AWS and where its
// handler lives is the server's side of it, `lambdas/platform/deployment.ts`.
import * as z from 'zod/mini';
import { ACCOUNT_LANGUAGES, type AccountLanguage } from './languages';
import {
  answersInput,
  classGroupInput,
  classInput,
  configValues,
  enrollmentId,
  enrollmentRequestId,
  familyName,
  id,
  isoDate,
  managedTshirtSize,
  meetingCancellation,
  policyAcceptanceInput,
  policyInput,
  messageAudience,
  messageInput,
  questionList,
  semesterInput,
  studentInput,
  allocationSettings,
  type ActivityEntry,
  type Answer,
  type AskedQuestion,
  type AllocationSettings,
  type FairStartView,
  type LineProgress,
  type DrawnLine,
  type FamilyLottery,
  type LotteryView,
  type RegistrationStanding,
  type LotteryRequest,
  lotteryRequestInput,
  lotterySeedChange,
  type CalendarEvent,
  type Class,
  type ClassGroup,
  type ConfigValues,
  type Enrollment,
  type EnrollmentAnswer,
  type FamilyGuardian,
  type GuardianInvitation,
  type ManagedTshirtSize,
  type MessageSummary,
  type NamedEnrollment,
  type Question,
  type PolicyAcceptance,
  type PolicySummary,
  type PolicyToAccept,
  type PolicyVersion,
  type RosterEntry,
  type Semester,
  type SemesterEnrollment,
  type Student,
  type TshirtSize,
  type KeptFor,
  type RemovalRecord,
  type Removed,
  type RetentionSetting,
} from './records';

import { CATALOGUE_MAX_AGE_SECONDS, DRAWN_LINE_MAX_AGE_SECONDS, LINE_PROGRESS_MAX_AGE_SECONDS } from './catalogueAge';
import type { FailedMail, MessageChild, Suppression } from './mailRecords';
import type { DrawRun, KeptCommitment, LotteryDrawState } from './lottery/records';
import type { DrawExport } from './lottery/drawExport';
import type { FairStartRecord } from './lottery/fairStartRecord';
import {
  absenceReport,
  attendanceMarks,
  MAX_INSTRUCTOR_CLASSES,
  type AttendanceEvent,
  type ChildAttendance,
  type ClassAttendanceRecord,
  type ClassDayRoster,
  type ClassToday,
  type MeetingRecord,
  type InstructorInvitation,
  type InstructorSummary,
  type MarkOutcome,
  type ReportedAbsence,
} from './classDay';

/**
 * The e-mails a guardian gets (true) or switched off: reminders, announcements, check-outs on the class day, and
 * enrollment changes.
 */
type MailPreferences = { reminders: boolean; announcements: boolean; checkOuts: boolean; enrollmentChanges: boolean };

/**
 * Who may call a function: anyone, any signed-in login, an instructor (a login the office made an instructor:
 * its assignment is read on every call), an administrator.
 */
export type Access = 'public' | 'user' | 'instructor' | 'admin';

/** The Cognito group whose members have `admin` access. */
export const ADMIN_GROUP = 'admin';

export interface FunctionSpec {
  access: Access;
  /** The payload; `{}` stands for "no payload". Unknown fields are refused. */
  input: z.ZodMiniType;
  /**
   * Public reads that are the same for every visitor at a given moment: also served as `GET /get/{name}`
   * (the payload in the query string, a token ignored), answered `Cache-Control: public, max-age=<cacheSeconds>`
   * so CloudFront answers most calls from its cache.
   */
  cacheSeconds?: number;
  /** The type of `data` in a successful answer; a type only, for the handler and the web client. */
  result: unknown;
  summary: string;
}

const returns = <T>() => undefined as T;

const noPayload = z.strictObject({});
/** A page's cursor as the client hands it back; what it may hold is checked when it is read (shared/cursor). */
const cursor = z.string().check(z.maxLength(2048, 'is not a valid cursor'));
const classOrGroup = z.refine(
  (payload: unknown) =>
    ((payload as { classId?: string }).classId === undefined) !==
    ((payload as { groupId?: string }).groupId === undefined),
  {
    error: 'give either classId or groupId',
    path: ['classId'],
  },
);
/** A semester's or a class's questions: exactly one of the two. */
const semesterOrClass = z.refine(
  (payload: unknown) =>
    ((payload as { semesterId?: string }).semesterId === undefined) !==
    ((payload as { classId?: string }).classId === undefined),
  { error: 'give either semesterId or classId', path: ['semesterId'] },
);
const email = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'is too long'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address'),
  );
const invitationToken = z
  .string()
  .check(
    z.maxLength(300, 'is not an invitation token'),
    z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'is not an invitation token: copy the whole link from the e-mail'),
  );
const login = z.string().check(z.maxLength(128, 'is not a guardian'), z.regex(/^[\w-]+$/, 'is not a guardian'));
const semesterChoice = z.strictObject({ semesterId: z.optional(id) });
type AdminList = { admins: Array<{ email: string; sub: string }> };
/** An account of the user pool as an administrator sees it before granting it admin access. */
export type PoolAccount = {
  email: string;
  sub: string;
  verified: boolean;
  confirmed: boolean;
  createdAt: string;
  /** Its sign-in asks for an authenticator app's code: an administrator's must. */
  secondFactor: boolean;
};
/** The classes an instructor teaches, as the office lists them. */
const instructorClasses = z.array(id).check(
  z.maxLength(MAX_INSTRUCTOR_CLASSES, `must list at most ${MAX_INSTRUCTOR_CLASSES} classes`),
  z.refine((ids) => new Set(ids).size === ids.length, 'must not list a class twice'),
);
/** The classes whose attendance a student's sheet shows: those the child is enrolled in, a handful a semester. */
const studentClasses = z.array(id).check(
  z.minLength(1, 'must list at least one class'),
  z.maxLength(50, 'must list at most 50 classes'),
  z.refine((ids) => new Set(ids).size === ids.length, 'must not list a class twice'),
);
const references = (field: string) =>
  z
    .array(z.strictObject({ id }))
    .check(z.minLength(1, `must list at least one ${field}`), z.maxLength(100, `must list at most 100 ${field}s`));

export const manifest = {
  config: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: noPayload,
    result: returns<{ values: ConfigValues; timeZone: string }>(),
    summary:
      "The remote configuration values the site reads, and the programme's time zone (the configuration's, else the deploy's).",
  },
  semesters: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: noPayload,
    result: returns<{ semesters: Semester[] }>(),
    summary: 'Every semester, newest first.',
  },
  fairStarts: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: noPayload,
    result: returns<{ fairStarts: FairStartView[] }>(),
    summary:
      "The fair starts of the semesters under way: their draws, the seed's commitment, the seed after the draws.",
  },
  lotteries: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: noPayload,
    result: returns<{ lotteries: LotteryView[] }>(),
    summary:
      'The lotteries of the semesters whose seats are not yet open to everyone, the same for everyone: when requests are taken, the results come and the seats left after the draw open.',
  },
  lineProgress: {
    access: 'public',
    cacheSeconds: LINE_PROGRESS_MAX_AGE_SECONDS,
    input: z.strictObject({ semesterId: id }),
    result: returns<{ lines: Record<string, LineProgress> }>(),
    summary:
      "How far each line of enrollment requests of a semester has come: how many were decided, and when the last were (a waiting page's place follows from it).",
  },
  drawnLine: {
    access: 'public',
    cacheSeconds: DRAWN_LINE_MAX_AGE_SECONDS,
    input: z.strictObject({ line: id }),
    result: returns<DrawnLine>(),
    summary:
      "A line of enrollment requests as its fair start's draw put it in order, once the draw came: each waiting page finds its place there instead of asking the portal.",
  },
  tshirtSizes: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: noPayload,
    result: returns<{ sizes: TshirtSize[] }>(),
    summary: 'The t-shirt sizes offered, in display order.',
  },
  classes: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: z.strictObject({ query: z.optional(references('class')) }),
    result: returns<{ classes: Class[] } | { classes: Record<string, Class[]> }>(),
    summary: "The current semester's classes, or the classes asked for, grouped by semester.",
  },
  classesBySemester: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: z.strictObject({
      semesters: z
        .array(id)
        .check(z.minLength(1, 'must list at least one semester'), z.maxLength(20, 'must list at most 20 semesters')),
    }),
    result: returns<{ classes: Record<string, Class[]> }>(),
    summary: 'The classes of each semester asked for.',
  },
  classGroups: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: z.strictObject({ groups: references('group') }),
    result: returns<{ groups: ClassGroup[] }>(),
    summary: 'The class groups asked for.',
  },
  semesterGroups: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: z.strictObject({ semesterId: id }),
    result: returns<{ groups: ClassGroup[] }>(),
    summary: 'Every class group of a semester.',
  },
  availableEnrollmentClasses: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: noPayload,
    result: returns<Record<string, { classes: Class[]; groups: ClassGroup[] }>>(),
    summary: 'The classes and groups open for enrollment now, per semester.',
  },
  roles: {
    access: 'user',
    input: noPayload,
    result: returns<string[]>(),
    summary: "The caller's roles.",
  },
  students: {
    access: 'user',
    input: noPayload,
    result: returns<{ students: Student[] }>(),
    summary: "The caller's own students.",
  },
  saveStudent: {
    access: 'user',
    input: studentInput,
    result: returns<{ student: Student }>(),
    summary: 'Adds a student to the family (without id) or changes one (with id).',
  },
  confirmStudentDetails: {
    access: 'user',
    input: z.strictObject({ id }),
    result: returns<{ student: Student }>(),
    summary: "Says a student's details are still right: they count as confirmed now, nothing else changes.",
  },
  policiesToAccept: {
    access: 'user',
    input: z.strictObject({ studentId: id, semesterId: id }),
    result: returns<{ policies: PolicyToAccept[] }>(),
    summary:
      "The semester's policies a guardian is to accept for the family's child before enrolling it (none when no required one is missing).",
  },
  acceptPolicies: {
    access: 'user',
    input: policyAcceptanceInput,
    result: returns<{ acceptances: PolicyAcceptance[] }>(),
    summary:
      "Records a guardian's acceptance of policy versions for a child for a semester (each only while it is the current version).",
  },
  deleteStudent: {
    access: 'user',
    input: z.strictObject({ id }),
    result: returns<Record<string, never>>(),
    summary: 'Removes a student who holds no active enrollment.',
  },
  enroll: {
    access: 'user',
    input: z
      .strictObject({
        studentId: id,
        classId: z.optional(id),
        groupId: z.optional(id),
        // The answers to the questions of the class's semester and of the class (each class's, for a group).
        answers: z._default(answersInput, []),
      })
      .check(classOrGroup),
    result: returns<EnrollmentAnswer>(),
    summary:
      'Enrolls a student in a class or a class group, or puts them on the waitlist, in the order calls arrive; `pending` (with no enrollments) when the request is still in line after a few seconds.',
  },
  enrollmentRequest: {
    access: 'user',
    // Each child's dialog asks about once every two or three seconds while in line; a family enrolls several at once.
    input: z
      .strictObject({ requestId: enrollmentRequestId, classId: z.optional(id), groupId: z.optional(id) })
      .check(classOrGroup),
    result: returns<EnrollmentAnswer>(),
    summary:
      "A pending enrollment request's answer: its enrollments once decided (as `enroll` answers), else `pending` with its place in line.",
  },
  enrollmentQuestions: {
    access: 'user',
    input: z.strictObject({ classId: z.optional(id), groupId: z.optional(id) }).check(classOrGroup),
    result: returns<{ questions: AskedQuestion[] }>(),
    summary:
      "The questions a family answers to enroll in a class (its semester's and its own) or a group (the semester's and each class's).",
  },
  saveAnswers: {
    access: 'user',
    input: z.strictObject({ enrollmentId, answers: answersInput }),
    result: returns<{ answers: Answer[] }>(),
    summary:
      'Changes the answers given with an enrollment, until its class starts; they are checked as when enrolling.',
  },
  cancelEnrollment: {
    access: 'user',
    input: z.strictObject({ enrollmentId }),
    result: returns<{ enrollment: Enrollment }>(),
    summary: 'Cancels an enrollment (a group enrollment as a whole) and promotes the waitlist.',
  },
  transferEnrollment: {
    access: 'user',
    // waitForSeat: a full class's waitlist instead, keeping the seat held until one there is the child's.
    input: z.strictObject({ enrollmentId, classId: id, waitForSeat: z.optional(z.boolean()) }),
    result: returns<{ enrollment: Enrollment }>(),
    summary:
      "Moves the family's child from the seat it holds to a seat in another class of the semester, in one step, or (waitForSeat) onto a full class's waitlist keeping the seat until one there is the child's, until the semester's deadline for changes.",
  },
  acceptOffer: {
    access: 'user',
    input: z.strictObject({ enrollmentId }),
    result: returns<{ enrollments: Enrollment[] }>(),
    summary: 'Accepts the seat offered to a waiting child (with their group) before its deadline: enrolled.',
  },
  myEnrollments: {
    access: 'user',
    input: noPayload,
    result: returns<{ enrollments: NamedEnrollment[] }>(),
    summary: "The family's enrollments with class and student names.",
  },
  deleteAccount: {
    access: 'user',
    input: noPayload,
    result: returns<Record<string, never>>(),
    summary: "Cancels the family's enrollments, removes its students and deletes the user.",
  },
  guardians: {
    access: 'user',
    // invitation: a link's token, for the page that accepts it.
    input: z.strictObject({ invitation: z.optional(invitationToken) }),
    result: returns<{
      guardians: FamilyGuardian[];
      invitations: GuardianInvitation[];
      invited?: { email: string; invitedByEmail: string; familyName?: string; expiresAt: string; joined: boolean };
    }>(),
    summary:
      "The family's guardians and its invitations still waiting; with a link's token, the invitation it names, to the invited address's account only (`joined`: the caller is in that family already).",
  },
  inviteGuardian: {
    access: 'user',
    // familyName: how the invited reads the family's name (empty or absent: none).
    input: z.strictObject({ email, familyName: z.optional(familyName) }),
    result: returns<{ invitation: GuardianInvitation }>(),
    summary:
      'Invites an adult by e-mail to be a guardian of the family, named as the inviter gives it (the e-mail carries the link to accept).',
  },
  acceptInvitation: {
    access: 'user',
    input: z.strictObject({ token: invitationToken }),
    result: returns<Record<string, never>>(),
    summary:
      "Accepts an invitation sent to the caller's e-mail: they become a guardian of the family (refused while their own account has children or other guardians).",
  },
  removeGuardian: {
    access: 'user',
    input: z
      .strictObject({ sub: z.optional(login), invitationId: z.optional(z.uuid('is not an invitation id')) })
      .check(
        z.refine((payload) => (payload.sub === undefined) !== (payload.invitationId === undefined), {
          error: 'give either sub or invitationId',
          path: ['sub'],
        }),
      ),
    result: returns<Record<string, never>>(),
    summary:
      "Takes a guardian off the family (the caller's own sub: leaves it; a family keeps at least one guardian), or cancels an invitation still waiting (its link no longer works).",
  },
  saveSemester: {
    access: 'admin',
    input: semesterInput,
    result: returns<{ semester: Semester }>(),
    summary: 'Creates or changes a semester; a current one makes the others not current.',
  },
  saveClass: {
    access: 'admin',
    input: classInput,
    result: returns<{ class: Class }>(),
    summary: 'Creates or changes a class; more seats promote the waitlist.',
  },
  saveGroup: {
    access: 'admin',
    input: classGroupInput,
    result: returns<{ group: ClassGroup }>(),
    summary: 'Creates or changes a class group.',
  },
  questions: {
    access: 'admin',
    input: z.strictObject({ semesterId: z.optional(id), classId: z.optional(id) }).check(semesterOrClass),
    result: returns<{ questions: Question[]; updatedAt?: string }>(),
    summary: "A semester's or a class's own questions for families enrolling, in order, and when they were saved.",
  },
  saveQuestions: {
    access: 'admin',
    input: z
      .strictObject({
        semesterId: z.optional(id),
        classId: z.optional(id),
        questions: questionList,
        // When the list the change was made on was saved (null: none was): a list changed since is not overwritten.
        seen: z.optional(z.nullable(z.string().check(z.maxLength(40, 'is not a moment the questions were saved')))),
      })
      .check(semesterOrClass),
    result: returns<{ questions: Question[]; updatedAt: string }>(),
    summary:
      "Saves a semester's or a class's questions as listed (added, changed, reordered, removed); answers already given stay as given.",
  },
  deleteClass: {
    access: 'admin',
    input: z.strictObject({ id }),
    result: returns<{ closed?: true }>(),
    summary: 'Deletes a class, or closes it when it has enrollments (then `closed: true`).',
  },
  deleteGroup: {
    access: 'admin',
    input: z.strictObject({ id }),
    result: returns<Record<string, never>>(),
    summary: 'Deletes a class group.',
  },
  calendar: {
    access: 'public',
    cacheSeconds: CATALOGUE_MAX_AGE_SECONDS,
    input: z.strictObject({ from: z.optional(isoDate), to: z.optional(isoDate) }),
    result: returns<{ events: CalendarEvent[] }>(),
    summary: 'The class meetings between two dates.',
  },
  adminDashboard: {
    access: 'admin',
    input: semesterChoice,
    result: returns<{
      semester: Semester;
      classes: Class[];
      totals: {
        classes: number;
        capacity: number;
        enrolled: number;
        waitlisted: number;
        seatsLeft: number;
        full: number;
      };
      aboutToFill: string[];
      activity: ActivityEntry[];
    }>(),
    summary:
      "A semester's seats per class, totals, classes about to fill and the latest enrollment activity (default: the current semester).",
  },
  classRoster: {
    access: 'admin',
    input: z.strictObject({ classId: id }),
    result: returns<{ class: Class; roster: RosterEntry[]; waitlist: RosterEntry[]; questions: AskedQuestion[] }>(),
    summary:
      "A class's roster and waitlist with each student's sheet, the family's e-mail and answers, and the questions asked.",
  },
  semesterEnrollments: {
    access: 'admin',
    input: z.strictObject({
      semesterId: z.optional(id),
      cursor: z.optional(cursor),
      limit: z.optional(
        z.int('must be a whole number').check(z.gte(1, 'must be at least 1'), z.lte(500, 'must be at most 500')),
      ),
    }),
    result: returns<{ semester: Semester; enrollments: SemesterEnrollment[]; nextCursor?: string }>(),
    summary: "A semester's enrollments with student sheets, a page at a time.",
  },
  enrollmentActivity: {
    access: 'admin',
    input: z.strictObject({ semesterId: z.optional(id), classId: z.optional(id), cursor: z.optional(cursor) }),
    result: returns<{ activity: ActivityEntry[]; nextCursor?: string }>(),
    summary: "A semester's (or one class's) enrollment audit trail, newest first, a page at a time.",
  },
  promoteEnrollment: {
    access: 'admin',
    // addSeat: a full class gets one more seat for the student, in the same transaction.
    input: z.strictObject({ enrollmentId, addSeat: z.optional(z.boolean()) }),
    result: returns<{ enrollments: Enrollment[] }>(),
    summary: 'Moves a waitlisted student into free seats (or a seat added for them), ahead of the line.',
  },
  moveEnrollment: {
    access: 'admin',
    input: z.strictObject({ enrollmentId, classId: id }),
    result: returns<{ enrollment: Enrollment }>(),
    summary: 'Moves a student to another class of the same semester.',
  },
  adminTshirtSizes: {
    access: 'admin',
    input: noPayload,
    result: returns<{ sizes: ManagedTshirtSize[] }>(),
    summary: 'Every t-shirt size, retired ones included, in display order.',
  },
  saveTshirtSizes: {
    access: 'admin',
    input: z.strictObject({
      sizes: z
        .array(managedTshirtSize)
        .check(z.minLength(1, 'must list at least one size'), z.maxLength(40, 'must list at most 40 sizes')),
    }),
    result: returns<{ sizes: ManagedTshirtSize[] }>(),
    summary: 'Saves the t-shirt sizes in display order; sizes are retired, never removed.',
  },
  tshirtCounts: {
    access: 'admin',
    input: semesterChoice,
    result: returns<{
      semester: Semester;
      sizes: ManagedTshirtSize[];
      classes: Array<{ classId: string; className: string; counts: Record<string, number> }>;
      semesterCounts: Record<string, number>;
    }>(),
    summary: 'Enrolled students by t-shirt size, per class and per semester.',
  },
  saveConfig: {
    access: 'admin',
    input: z.strictObject({ values: configValues }),
    result: returns<{ values: ConfigValues; timeZone: string }>(),
    summary: "Replaces the remote configuration values; answers as `config` does, the programme's time zone with them.",
  },
  policies: {
    access: 'admin',
    input: noPayload,
    result: returns<{ policies: PolicySummary[] }>(),
    summary: "Every policy: its current version, and each version's acceptances.",
  },
  savePolicy: {
    access: 'admin',
    input: policyInput,
    result: returns<{ version: PolicyVersion }>(),
    summary:
      'Publishes a new policy, or a new version of one (refused when another was published since the one read); published versions never change.',
  },
  admins: {
    access: 'admin',
    input: noPayload,
    result: returns<AdminList>(),
    summary: 'The members of the admin group.',
  },
  adminAccount: {
    access: 'admin',
    input: z.strictObject({ email }),
    result: returns<{ account: PoolAccount }>(),
    summary: 'The account that uses this e-mail, whatever its case: what granting admin access to it would grant.',
  },
  grantAdmin: {
    access: 'admin',
    input: z.strictObject({ email }),
    result: returns<AdminList>(),
    summary:
      'Adds the account with this e-mail to the admin group, once the account has confirmed the address and turned its second factor on.',
  },
  revokeAdmin: {
    access: 'admin',
    input: z.strictObject({ email }),
    result: returns<AdminList>(),
    summary: "Removes an account from the admin group (never the caller's own).",
  },
  failedMail: {
    access: 'admin',
    input: noPayload,
    result: returns<{
      waiting: number;
      retrying: number;
      /** `subject`, `audienceLabel`: a message's, as its history names them. */
      mail: Array<
        FailedMail & { familyEmail?: string; classNames: string[]; subject?: string; audienceLabel?: string }
      >;
    }>(),
    summary: 'The e-mails that could not be sent: those kept for "Send again" and those still being tried, with why.',
  },
  resendFailedMail: {
    access: 'admin',
    input: z.strictObject({
      ids: z.optional(
        z
          .array(z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'is not a mail request id')))
          .check(z.maxLength(500, 'must list at most 500 e-mails')),
      ),
    }),
    result: returns<{ resent: number }>(),
    summary: 'Sends again the e-mails kept after failing (those named, or all that wait).',
  },
  cancelMeeting: {
    access: 'admin',
    input: meetingCancellation,
    result: returns<{ class: Class }>(),
    summary: 'Cancels one meeting of a class (weather) and tells the families of the class in the same step.',
  },
  mailSuppressions: {
    access: 'admin',
    input: noPayload,
    result: returns<{ suppressions: Suppression[] }>(),
    summary: 'The addresses the portal no longer writes to (bounced for good, or complained), newest first.',
  },
  clearSuppression: {
    access: 'admin',
    input: z.strictObject({ email }),
    result: returns<Record<string, never>>(),
    summary: 'Writes to an address again (the family fixed it).',
  },
  myMailStatus: {
    access: 'user',
    input: noPayload,
    result: returns<{
      optional: MailPreferences;
      /** The caller's own language, once chosen. */
      language?: AccountLanguage;
      addresses: Array<{ email: string; receives: boolean; reason?: Suppression['reason']; since?: string }>;
    }>(),
    summary: "Whether the portal's e-mail reaches the family's addresses, and which e-mails the caller gets.",
  },
  saveMailPreferences: {
    access: 'user',
    // enrollmentChanges or checkOuts absent: as it was.
    input: z.strictObject({
      reminders: z.boolean(),
      announcements: z.boolean(),
      checkOuts: z.optional(z.boolean()),
      enrollmentChanges: z.optional(z.boolean()),
    }),
    result: returns<{ optional: MailPreferences }>(),
    summary:
      "Switches the caller's e-mails on or off: reminders, announcements, check-outs, and enrollment changes while another guardian of the family receives them.",
  },
  saveLanguage: {
    access: 'user',
    input: z.strictObject({ language: z.enum(ACCOUNT_LANGUAGES) }),
    result: returns<{ language: AccountLanguage }>(),
    summary: "Keeps the language the caller reads the portal and the portal's e-mails in, on their account.",
  },
  messageAudience: {
    access: 'admin',
    input: z.strictObject({ audience: messageAudience }),
    result: returns<{
      label: string;
      where: string;
      families: number;
      switchedOff: number;
      addresses: number;
      exampleChildren: MessageChild[];
    }>(),
    summary: 'Whom a message would reach now: the families and addresses, and how the e-mail names them.',
  },
  sendMessage: {
    access: 'admin',
    input: z.extend(messageInput, { messageId: z.uuid('is not a message id') }),
    result: returns<{ message: MessageSummary }>(),
    summary:
      'Sends a message to the families of a class, its waitlist, a class group or a semester: one e-mail per family.',
  },
  messages: {
    access: 'admin',
    input: z.strictObject({ semesterId: z.optional(id), classId: z.optional(id) }),
    result: returns<{ semester: Semester; messages: MessageSummary[] }>(),
    summary: "A semester's (or a class's) messages to families, newest first, with their progress.",
  },
  dataRetention: {
    access: 'admin',
    input: noPayload,
    result: returns<RetentionPreview>(),
    summary:
      'The retention setting and exactly what a removal would remove now (ended semesters, enrollments, students), the students it keeps and why, with the latest removals.',
  },
  saveRetention: {
    access: 'admin',
    input: z.strictObject({
      years: z.int('must be a whole number').check(z.gte(1, 'must be at least 1'), z.lte(50, 'must be at most 50')),
    }),
    result: returns<{ setting: RetentionSetting }>(),
    summary: "Sets how many years after its semester ended a child's records are kept.",
  },
  removeExpiredRecords: {
    access: 'admin',
    input: z.strictObject({
      semesterIds: z
        .array(id)
        .check(z.minLength(1, 'must list at least one semester'), z.maxLength(200, 'must list at most 200 semesters')),
    }),
    result: returns<{ removed: Removed; done: boolean; record: RemovalRecord }>(),
    summary:
      'Removes what the preview shows for these ended semesters (refused when that changed), as much as one call can; `done` once nothing is left.',
  },
  // The lottery and priority windows (docs/features.md, The lottery).
  saveAllocationSettings: {
    access: 'admin',
    input: allocationSettings,
    result: returns<{ settings: AllocationSettings }>(),
    summary: "Sets a semester's allocation: first come first served or a lottery, and its priority windows.",
  },
  myRegistration: {
    access: 'user',
    input: noPayload,
    result: returns<{ semesters: Record<string, RegistrationStanding> }>(),
    summary:
      'Whether the family may enroll now in each semester open for enrollment to someone (its priority windows included), and when not, when it may.',
  },
  myLotteries: {
    access: 'user',
    input: noPayload,
    result: returns<{ lotteries: FamilyLottery[] }>(),
    summary: "The lotteries of the semesters under way: when requests are taken, the family's requests and results.",
  },
  saveLotteryRequest: {
    access: 'user',
    input: lotteryRequestInput,
    result: returns<{ requests: LotteryRequest[] }>(),
    summary:
      "Saves a child's ranked choices in a semester's lottery (and the family's keep together), while requests are taken.",
  },
  withdrawLotteryRequest: {
    access: 'user',
    input: z.strictObject({ semesterId: id, studentId: id }),
    result: returns<{ requests: LotteryRequest[] }>(),
    summary: "Withdraws a child's request from a semester's lottery, while requests are taken.",
  },
  lotteryDraw: {
    access: 'admin',
    input: z.strictObject({ semesterId: z.optional(id), withExport: z.optional(z.boolean()) }),
    result: returns<{
      semester: Semester;
      settings: AllocationSettings;
      commitments: KeptCommitment[];
      draw?: LotteryDrawState;
      runs: DrawRun[];
      export?: DrawExport & { semesterId: string; drawId: string };
      fairStart?: FairStartView;
    }>(),
    summary:
      "A semester's allocation settings and lottery: its seed's commitments, the draw run last (seed, summary), every run, asked, its export; its fair start.",
  },
  runLotteryDraw: {
    access: 'admin',
    input: z.strictObject({ semesterId: id, drawId: z.optional(z.string().check(z.maxLength(64))) }),
    result: returns<{ draw: LotteryDrawState }>(),
    summary:
      "Runs a semester's draw with its committed seed once requests closed, as a preview (again: the same seed).",
  },
  changeLotterySeed: {
    access: 'admin',
    input: lotterySeedChange,
    result: returns<{ commitments: KeptCommitment[] }>(),
    summary:
      "Replaces a semester's lottery seed and its commitment, with a reason every family sees, until the draw is published.",
  },
  publishLotteryDraw: {
    access: 'admin',
    input: z.strictObject({ semesterId: id, drawId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    result: returns<{ draw: LotteryDrawState; progress?: { written: number; total: number } }>(),
    summary:
      "Publishes a semester's previewed draw: enrollments and waitlists written, families e-mailed (again: resumes).",
  },
  fairStartExport: {
    access: 'admin',
    input: z.strictObject({
      semesterId: id,
      cursor: z.optional(cursor),
      limit: z.optional(
        z.int('must be a whole number').check(z.gte(1, 'must be at least 1'), z.lte(1000, 'must be at most 1000')),
      ),
    }),
    result: returns<{ record: FairStartRecord; nextCursor?: string }>(),
    summary:
      "A page of a semester's fair start record for lottery:verify, once its last draw came: the seed, the draws, each line's decisions in order.",
  },
  instructors: {
    access: 'admin',
    input: noPayload,
    result: returns<{ instructors: InstructorSummary[]; invitations: InstructorInvitation[] }>(),
    summary: "The programme's instructors with their classes, and the invitations still waiting.",
  },
  inviteInstructor: {
    access: 'admin',
    input: z.strictObject({ email, classIds: instructorClasses }),
    result: returns<{ invitation: InstructorInvitation }>(),
    summary:
      'Invites a person by e-mail to be an instructor of the classes listed: they accept signed in with that address.',
  },
  assignInstructor: {
    access: 'admin',
    input: z.strictObject({ sub: login, classIds: instructorClasses }),
    result: returns<{ instructor: InstructorSummary }>(),
    summary: 'Sets the classes an instructor teaches (assigning and unassigning): they see those from their next call.',
  },
  removeInstructor: {
    access: 'admin',
    input: z.strictObject({ sub: z.optional(login), email: z.optional(email) }).check(
      z.refine((payload) => (payload.sub === undefined) !== (payload.email === undefined), {
        error: 'give either sub or email',
        path: ['sub'],
      }),
    ),
    result: returns<Record<string, never>>(),
    summary:
      'Takes an instructor off (refused from their next call; their marks stay), or cancels an invitation still waiting.',
  },
  acceptInstructorInvitation: {
    access: 'user',
    input: noPayload,
    result: returns<{ instructor: InstructorSummary }>(),
    summary: "Accepts the invitation to be an instructor sent to the caller's own e-mail address.",
  },
  instructorClasses: {
    access: 'instructor',
    input: noPayload,
    result: returns<{ classes: Class[] }>(),
    summary: "The caller's classes with their meetings.",
  },
  classDayRoster: {
    access: 'instructor',
    input: z.strictObject({ classId: id }),
    result: returns<ClassDayRoster>(),
    summary:
      "One of the caller's classes for the class day: each enrolled child's name, photo consent, health notes, emergency contacts, pick-up adults, the answers for instructors and the absences reported.",
  },
  recordAttendance: {
    access: 'instructor',
    input: z.strictObject({ marks: attendanceMarks }),
    result: returns<{ marks: MarkOutcome[] }>(),
    summary:
      "Records marks made on a phone (present, absent, check-in, check-out) in the caller's classes, each once by its key; none when one is refused.",
  },
  reportAbsence: {
    access: 'user',
    input: absenceReport,
    result: returns<Record<string, never>>(),
    summary: "Tells the class's instructors that the family's child will miss a meeting, with a short note.",
  },
  meetingAttendance: {
    access: 'admin',
    input: z.strictObject({ classId: id, date: isoDate }),
    result: returns<{ class: Class; date: string; children: ChildAttendance[] }>(),
    summary:
      "A meeting's attendance: each enrolled child's events in the order made, its absence reported, and who is checked in now.",
  },
  checkedInNow: {
    access: 'admin',
    input: noPayload,
    result: returns<{ date: string; classes: ClassToday[] }>(),
    summary:
      'The day as the office watches it: each class meeting today, who is checked in now and since when, of how many enrolled and marked.',
  },
  classAttendance: {
    access: 'admin',
    input: z.strictObject({ classId: id }),
    result: returns<{
      class: Class;
      days: string[];
      children: Array<{ studentId: string; name: string; meetings: MeetingRecord[] }>;
    }>(),
    summary:
      "A class's attendance for the office's report: each child's record of each meeting (present or absent, checked in and out, to whom, the absence reported).",
  },
  studentAttendance: {
    access: 'admin',
    input: z.strictObject({ studentId: id, classIds: studentClasses }),
    result: returns<{
      classes: Array<{
        classId: string;
        className: string;
        /** Every meeting not cancelled, and any other day the child was marked on. */
        meetings: Array<{ date: string; events: AttendanceEvent[]; absence?: ReportedAbsence }>;
      }>;
    }>(),
    summary:
      "A child's attendance for its student sheet: in each class named, each meeting with every mark of the child in the order made (who, when) and the absence its family reported.",
  },
  myAttendance: {
    access: 'user',
    input: noPayload,
    result: returns<{
      children: Array<{ studentId: string; name: string; classes: ClassAttendanceRecord[] }>;
    }>(),
    summary: "The attendance of the family's children in the classes they are enrolled in, meeting by meeting.",
  },
} as const satisfies Record<string, FunctionSpec>;

/** What the retention screen shows: the setting, and exactly what a removal would remove now. */
export interface RetentionPreview {
  setting: RetentionSetting;
  cutoff: string;
  semesters: Array<{ id: string; name: string; endDate: string; enrollments: number }>;
  /** The students who would go: every enrollment they had was in those semesters. */
  students: Array<{ name: string; birthDate: string; enrollments: number }>;
  /**
   * Students who keep their record but lose their old enrollments, and why: what of theirs belongs to a semester
   * whose records stay (an enrollment, a lottery request, a policy accepted), newest semester first.
   */
  kept: Array<{ name: string; birthDate: string; enrollments: number; keptFor: KeptFor[] }>;
  /** How many students keep their record (`kept`'s length). */
  studentsKept: number;
  totals: { semesters: number; enrollments: number; students: number };
  removals: RemovalRecord[];
}

export type FunctionName = keyof typeof manifest;
export const functionNames = Object.keys(manifest) as FunctionName[];
export type FunctionInput<N extends FunctionName> = z.input<(typeof manifest)[N]['input']>;
export type ParsedInput<N extends FunctionName> = z.output<(typeof manifest)[N]['input']>;
export type FunctionResult<N extends FunctionName> = (typeof manifest)[N]['result'];
/** The functions also served as cacheable GETs (`cacheSeconds`). */
export type CachedFunctionName = {
  [N in FunctionName]: (typeof manifest)[N] extends { cacheSeconds: number } ? N : never;
}[FunctionName];

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(manifest, name);
}
