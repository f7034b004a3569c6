// The server's side of the function manifest: where each Lambda's handler lives (its feature's folder), what it
// may touch in AWS (its IAM grants: the table, the user pool's admin calls, e-mail), how often one user may call
// it, and the Lambdas nobody calls (the user pool's trigger, the feeds, the stream consumers, the schedules, SES's
// feedback). The wire contract (who may call what, with what, for what answer) is `contract/manifest.ts`; a
// function missing here does not compile.
import { type FunctionName, functionNames } from '../contract/manifest';
import type { CallLimit } from '../contract/records';

/** The folders of `lambdas/` that hold handlers, each a feature of the portal. */
export type Feature = 'enrollment' | 'lottery' | 'families' | 'mail' | 'catalogue' | 'administration' | 'instructors';

/** The Cognito admin API calls the portal and `npm run admin` make (each one is also its IAM action, `cognito-idp:<call>`). */
export type UserPoolCall =
  | 'AdminGetUser'
  | 'ListUsersInGroup'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminListGroupsForUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminSetUserMFAPreference';

type TableAccess = 'none' | 'read' | 'write';

export interface FunctionDeployment {
  /** The folder of its handler: `lambdas/<feature>/handlers/<name>.ts`. */
  feature: Feature;
  /** The table access the function needs: its IAM grant in AWS. */
  table: TableAccess;
  /** The Cognito admin calls the function makes on the user pool: its IAM grant in AWS. */
  userPool?: readonly UserPoolCall[];
  /** Sends the portal's own e-mail (SES in AWS, the outbox locally): only the mailer does. */
  mail?: boolean;
  /** How often one user may call it (administrators are not limited), on top of the API's throttling. */
  rateLimit?: CallLimit;
}

/** Family writes: generous for a family enrolling several children, a wall for a script. */
const familyWrites: CallLimit = { calls: 30, perSeconds: 60 };

export const deployment = {
  config: {
    feature: 'catalogue',
    table: 'read',
  },
  semesters: {
    feature: 'catalogue',
    table: 'read',
  },
  fairStarts: {
    feature: 'enrollment',
    table: 'read',
  },
  lotteries: {
    feature: 'lottery',
    table: 'read',
  },
  lineProgress: {
    feature: 'enrollment',
    table: 'read',
  },
  drawnLine: {
    feature: 'enrollment',
    table: 'read',
  },
  tshirtSizes: {
    feature: 'catalogue',
    table: 'read',
  },
  classes: {
    feature: 'catalogue',
    table: 'read',
  },
  classesBySemester: {
    feature: 'catalogue',
    table: 'read',
  },
  classGroups: {
    feature: 'catalogue',
    table: 'read',
  },
  semesterGroups: {
    feature: 'catalogue',
    table: 'read',
  },
  availableEnrollmentClasses: {
    feature: 'enrollment',
    table: 'read',
  },
  roles: {
    feature: 'families',
    table: 'none',
  },
  students: {
    feature: 'families',
    table: 'read',
  },
  saveStudent: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  confirmStudentDetails: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  policiesToAccept: {
    feature: 'enrollment',
    table: 'read',
  },
  acceptPolicies: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  deleteStudent: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  enroll: {
    feature: 'enrollment',
    rateLimit: familyWrites,
    table: 'write',
  },
  enrollmentRequest: {
    feature: 'enrollment',
    // Each child's dialog asks about once every two or three seconds while in line; a family enrolls several at once.
    rateLimit: { calls: 180, perSeconds: 60 },
    table: 'write',
  },
  enrollmentQuestions: {
    feature: 'enrollment',
    table: 'read',
  },
  saveAnswers: {
    feature: 'enrollment',
    rateLimit: familyWrites,
    table: 'write',
  },
  cancelEnrollment: {
    feature: 'enrollment',
    rateLimit: familyWrites,
    table: 'write',
  },
  acceptOffer: {
    feature: 'enrollment',
    rateLimit: familyWrites,
    table: 'write',
  },
  transferEnrollment: {
    feature: 'enrollment',
    rateLimit: familyWrites,
    table: 'write',
  },
  myEnrollments: {
    feature: 'enrollment',
    table: 'read',
  },
  deleteAccount: {
    feature: 'families',
    rateLimit: { calls: 5, perSeconds: 60 },
    table: 'write',
  },
  guardians: {
    feature: 'families',
    table: 'read',
  },
  inviteGuardian: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  acceptInvitation: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  removeGuardian: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  saveSemester: {
    feature: 'catalogue',
    table: 'write',
  },
  saveClass: {
    feature: 'catalogue',
    table: 'write',
  },
  saveGroup: {
    feature: 'catalogue',
    table: 'write',
  },
  questions: {
    feature: 'enrollment',
    table: 'read',
  },
  saveQuestions: {
    feature: 'enrollment',
    table: 'write',
  },
  deleteClass: {
    feature: 'catalogue',
    table: 'write',
  },
  deleteGroup: {
    feature: 'catalogue',
    table: 'write',
  },
  calendar: {
    feature: 'catalogue',
    table: 'read',
  },
  adminDashboard: {
    feature: 'administration',
    table: 'read',
  },
  classRoster: {
    feature: 'administration',
    table: 'read',
  },
  semesterEnrollments: {
    feature: 'enrollment',
    table: 'read',
  },
  enrollmentActivity: {
    feature: 'enrollment',
    table: 'read',
  },
  promoteEnrollment: {
    feature: 'enrollment',
    table: 'write',
  },
  moveEnrollment: {
    feature: 'enrollment',
    table: 'write',
  },
  adminTshirtSizes: {
    feature: 'catalogue',
    table: 'read',
  },
  saveTshirtSizes: {
    feature: 'catalogue',
    table: 'write',
  },
  tshirtCounts: {
    feature: 'catalogue',
    table: 'read',
  },
  saveConfig: {
    feature: 'catalogue',
    table: 'write',
  },
  policies: {
    feature: 'families',
    table: 'read',
  },
  savePolicy: {
    feature: 'families',
    table: 'write',
  },
  admins: {
    feature: 'administration',
    table: 'none',
    userPool: ['ListUsersInGroup'],
  },
  adminAccount: {
    feature: 'administration',
    table: 'none',
    userPool: ['AdminGetUser'],
  },
  grantAdmin: {
    feature: 'administration',
    table: 'none',
    userPool: ['AdminGetUser', 'AdminAddUserToGroup', 'ListUsersInGroup'],
  },
  revokeAdmin: {
    feature: 'administration',
    table: 'none',
    userPool: ['ListUsersInGroup', 'AdminRemoveUserFromGroup', 'AdminUserGlobalSignOut'],
  },
  failedMail: {
    feature: 'mail',
    table: 'read',
  },
  resendFailedMail: {
    feature: 'mail',
    table: 'write',
  },
  cancelMeeting: {
    feature: 'catalogue',
    table: 'write',
  },
  mailSuppressions: {
    feature: 'mail',
    table: 'read',
  },
  clearSuppression: {
    feature: 'mail',
    table: 'write',
  },
  myMailStatus: {
    feature: 'mail',
    table: 'read',
  },
  saveMailPreferences: {
    feature: 'mail',
    rateLimit: familyWrites,
    table: 'write',
  },
  saveLanguage: {
    feature: 'families',
    rateLimit: familyWrites,
    table: 'write',
  },
  messageAudience: {
    feature: 'mail',
    table: 'read',
  },
  sendMessage: {
    feature: 'mail',
    table: 'write',
  },
  messages: {
    feature: 'mail',
    table: 'read',
    userPool: ['ListUsersInGroup'],
  },
  dataRetention: {
    feature: 'administration',
    table: 'read',
  },
  saveRetention: {
    feature: 'administration',
    table: 'write',
  },
  removeExpiredRecords: {
    feature: 'administration',
    table: 'write',
  },
  saveAllocationSettings: {
    feature: 'enrollment',
    table: 'write',
  },
  myRegistration: {
    feature: 'enrollment',
    table: 'read',
  },
  myLotteries: {
    feature: 'lottery',
    table: 'read',
  },
  saveLotteryRequest: {
    feature: 'lottery',
    rateLimit: familyWrites,
    table: 'write',
  },
  withdrawLotteryRequest: {
    feature: 'lottery',
    rateLimit: familyWrites,
    table: 'write',
  },
  lotteryDraw: {
    feature: 'lottery',
    table: 'read',
  },
  runLotteryDraw: {
    feature: 'lottery',
    table: 'write',
  },
  changeLotterySeed: {
    feature: 'lottery',
    table: 'write',
  },
  publishLotteryDraw: {
    feature: 'lottery',
    table: 'write',
  },
  fairStartExport: {
    feature: 'enrollment',
    table: 'read',
  },
  instructors: {
    feature: 'instructors',
    table: 'read',
  },
  inviteInstructor: {
    feature: 'instructors',
    table: 'write',
  },
  assignInstructor: {
    feature: 'instructors',
    table: 'write',
  },
  removeInstructor: {
    feature: 'instructors',
    table: 'write',
  },
  acceptInstructorInvitation: {
    feature: 'instructors',
    rateLimit: familyWrites,
    table: 'write',
  },
  // Instructors' functions have no per-user limit (the route throttle of their access holds them): a phone back in
  // signal sends what waited in batches at once, and an instructor is a person the office knows.
  instructorClasses: {
    feature: 'instructors',
    table: 'read',
  },
  classDayRoster: {
    feature: 'instructors',
    table: 'read',
  },
  recordAttendance: {
    feature: 'instructors',
    table: 'write',
  },
  reportAbsence: {
    feature: 'instructors',
    rateLimit: familyWrites,
    table: 'write',
  },
  meetingAttendance: {
    feature: 'instructors',
    table: 'read',
  },
  checkedInNow: {
    feature: 'instructors',
    table: 'read',
  },
  classAttendance: {
    feature: 'instructors',
    table: 'read',
  },
  studentAttendance: {
    feature: 'instructors',
    table: 'read',
  },
  myAttendance: {
    feature: 'instructors',
    table: 'read',
  },
} as const satisfies Record<FunctionName, FunctionDeployment>;

/** The module of a Lambda's handler, relative to the project root: `lambdas/<feature>/handlers/<name>.ts`. */
const moduleOf = (feature: Feature, name: string) => `lambdas/${feature}/handlers/${name}.ts`;

/** The module that holds a function's handler. */
export function handlerModule(name: FunctionName): string {
  return moduleOf(deployment[name].feature, name);
}

/**
 * The calls that tell whether a caller whose token says admin is an administrator now: in the admin group, with
 * the second factor on (platform/adminStanding.ts). Every function an API caller reaches makes them.
 */
const ADMIN_STANDING_CALLS = ['AdminListGroupsForUser', 'AdminGetUser'] as const satisfies readonly UserPoolCall[];

/** Every Cognito admin call a function makes: its own, and the admin standing check's. */
export function userPoolCallsOf(spec: Pick<FunctionDeployment, 'userPool'>): readonly UserPoolCall[] {
  return [...new Set([...(spec.userPool ?? []), ...ADMIN_STANDING_CALLS])];
}

/** The user pool's Lambda triggers: Cognito source → function (the e-mails of the pool's codes are mail's). */
export const userPoolTriggers = { CustomMessage: 'customMessage' } as const;
export type TriggerName = (typeof userPoolTriggers)[keyof typeof userPoolTriggers];

export function triggerModule(name: TriggerName): string {
  return moduleOf('mail', name);
}

/**
 * Documents for programs that can only GET (calendar apps subscribing to a feed): `GET {apiBaseUrl}{path}`,
 * public. They answer with their own media type; failures follow the wire contract's error body.
 */
export const feeds = {
  calendarFeed: {
    path: '/calendar.ics',
    feature: 'catalogue',
    table: 'read',
    summary: "The programme's class meetings as an iCalendar feed; `?classId=` for one class.",
  },
} as const satisfies Record<string, { path: string; feature: Feature; table: TableAccess; summary: string }>;
export type FeedName = keyof typeof feeds;

export function feedModule(name: FeedName): string {
  return moduleOf(feeds[name].feature, name);
}

/**
 * Functions the table's change stream runs (nobody calls them). The filter selects their records: the event
 * source mapping's filter in AWS, the local stream poller's locally.
 */
export const streamConsumers = {
  mailer: {
    feature: 'mail',
    table: 'write',
    mail: true,
    filter: { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['mail'] } } } },
    summary: 'Sends the e-mails the enrollment transactions ask for (the mail outbox).',
  },
  allocator: {
    feature: 'enrollment',
    table: 'write',
    filter: { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['enrollmentRequest'] } } } },
    // Lambda keeps the order of each partition key's records however many batches of a shard run at once:
    // each queue is one partition key, so queues are decided side by side.
    parallelization: 10,
    summary:
      "Decides the enrollment requests of a queue that no waiting call is deciding (the allocator's safety net).",
  },
} as const satisfies Record<
  string,
  Pick<FunctionDeployment, 'feature' | 'table' | 'mail'> & {
    summary: string;
    filter: StreamFilter;
    parallelization?: number;
  }
>;
export type StreamConsumerName = keyof typeof streamConsumers;

/** An event source mapping filter pattern of the shape the consumers use: field → allowed values. */
export interface StreamFilter {
  eventName: readonly string[];
  dynamodb: { NewImage: Record<string, { S: readonly string[] }> };
}

export function streamConsumerModule(name: StreamConsumerName): string {
  return moduleOf(streamConsumers[name].feature, name);
}

/**
 * Functions run on a schedule (nobody calls them): an EventBridge rule in AWS, a timer of the local stack
 * locally. Each takes "now" from its event's `time`, so a test can run it at a later moment through the local
 * gateway's Lambda invoke path.
 */
export const schedules = {
  reminders: {
    feature: 'mail',
    everyMinutes: 15,
    table: 'write',
    summary:
      'Asks for the reminders due before classes start (once per child and class), and sends again the failed e-mails kept an hour.',
  },
  fairStartDraws: {
    feature: 'enrollment',
    everyMinutes: 1,
    table: 'write',
    summary: "Decides the queues whose fair start's draw came, for the requests no family's page is waiting for.",
  },
  lotteryDraws: {
    feature: 'lottery',
    everyMinutes: 5,
    table: 'write',
    summary: 'Runs the draw, as a preview to publish, of each lottery set to draw by itself whose requests closed.',
  },
  stillCheckedIn: {
    feature: 'instructors',
    everyMinutes: 5,
    table: 'write',
    summary:
      'Tells the office of each child still checked in 30 minutes after its meeting ended (once per child and meeting).',
  },
  offers: {
    feature: 'enrollment',
    everyMinutes: 2,
    table: 'write',
    summary: 'Lapses the offered seats whose deadline passed; each held seat is offered to the next child waiting.',
  },
} as const satisfies Record<
  string,
  Pick<FunctionDeployment, 'feature' | 'table'> & { summary: string; everyMinutes: number }
>;
export type ScheduleName = keyof typeof schedules;

export function scheduleModule(name: ScheduleName): string {
  return moduleOf(schedules[name].feature, name);
}

/** The function SES's bounces and complaints reach (through the configuration set's SNS topic). */
export const mailFeedback = {
  module: moduleOf('mail', 'mailFeedback'),
  table: 'write',
  summary: 'Records the addresses SES says bounced for good or complained, so the portal no longer writes to them.',
} as const satisfies { module: string; table: TableAccess; summary: string };

/** Every module Lambda runs, each named with its kind: what the stack bundles, one by one. */
export function lambdaModules(): Array<{ name: string; module: string }> {
  const named = <N extends string>(names: readonly N[], kind: string, module: (name: N) => string) =>
    names.map((name) => ({ name: kind ? `${name} (${kind})` : name, module: module(name) }));
  return [
    ...named(functionNames, '', handlerModule),
    ...named(Object.values(userPoolTriggers), 'trigger', triggerModule),
    ...named(Object.keys(feeds) as FeedName[], 'feed', feedModule),
    ...named(Object.keys(streamConsumers) as StreamConsumerName[], 'stream', streamConsumerModule),
    ...named(Object.keys(schedules) as ScheduleName[], 'schedule', scheduleModule),
    { name: 'mailFeedback (SNS)', module: mailFeedback.module },
  ];
}
