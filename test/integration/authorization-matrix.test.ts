// Every function of the manifest, called by a visitor, a family, a second family, an administrator whose
// admin access was removed after its token was issued, one who turned the second factor off after signing in,
// an administrator, an instructor of the family's class, an instructor of another class and an instructor
// removed after signing in; the family functions also by
// a second guardian of the family (who may do what the family may) and a guardian removed from it (who may
// no longer touch its records).
// The cases are typed against the manifest: a new function does not compile until it has its case here.
import { deployment } from '../../lambdas/platform/deployment';
import { functionNames, manifest, type FunctionName } from '../../lambdas/contract/manifest';
import type { Class, Student } from '../../lambdas/contract/records';
import {
  addGuardian,
  adminSession,
  familyWithStudents,
  invitationTo,
  newClass,
  newGroup,
  openSemester,
} from '../support/fixtures';
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  call,
  data,
  signIn,
  signUpFamily,
  turnOnSecondFactor,
  userPool,
  type CallResult,
  type SignedIn,
} from '../support/portal';
import type { MarkOutcome } from '../../lambdas/contract/classDay';

interface World {
  family: SignedIn;
  /** Guardians of the first family: one who joined it, one who joined and was removed (family functions only). */
  secondGuardian: SignedIn;
  formerGuardian: SignedIn;
  /** The link's token of the first family's invitation sent to the second family. */
  tokenForSecondFamily: string;
  student: Student;
  secondFamily: SignedIn;
  admin: SignedIn;
  revokedAdmin: SignedIn;
  /** In the admin group, whose second factor was turned off after the sign-in (the token still says admin). */
  unsecuredAdmin: SignedIn;
  semesterId: string;
  enrolledIn: Class;
  otherClass: Class;
  emptyClass: Class;
  groupId: string;
  /** The first family's enrollment request (decided). */
  requestId: string;
  /** Instructors: one of `enrolledIn`, one of `otherClass`, one of `enrolledIn` removed after signing in. */
  instructor: SignedIn;
  otherInstructor: SignedIn;
  removedInstructor: SignedIn;
}

interface Case {
  payload: (world: World) => unknown;
  /** The payload names the first family's own records: the second family must get 404. */
  owned?: true;
  /** The first family's own records that administrators have no more power over than another family. */
  familyOnly?: true;
  /** An instructor function whose payload names `enrolledIn`: an instructor of another class must get 404. */
  ofClass?: true;
  /** Marks of `enrolledIn`'s child, answered one by one: an instructor of another class gets each refused. */
  marksOfClass?: true;
}

const cases = {
  config: { payload: () => ({}) },
  semesters: { payload: () => ({}) },
  fairStarts: { payload: () => ({}) },
  lotteries: { payload: () => ({}) },
  lineProgress: { payload: (w) => ({ semesterId: w.semesterId }) },
  drawnLine: { payload: (w) => ({ line: w.enrolledIn.id }) },
  tshirtSizes: { payload: () => ({}) },
  classes: { payload: (w) => ({ query: [{ id: w.enrolledIn.id }] }) },
  classesBySemester: { payload: (w) => ({ semesters: [w.semesterId] }) },
  classGroups: { payload: (w) => ({ groups: [{ id: w.groupId }] }) },
  semesterGroups: { payload: (w) => ({ semesterId: w.semesterId }) },
  availableEnrollmentClasses: { payload: () => ({}) },
  calendar: { payload: () => ({}) },
  roles: { payload: () => ({}) },
  students: { payload: () => ({}) },
  myEnrollments: { payload: () => ({}) },
  saveStudent: { payload: (w) => ({ ...withoutId(w.student), id: w.student.id }), owned: true },
  confirmStudentDetails: { payload: (w) => ({ id: w.student.id }), owned: true },
  deleteStudent: { payload: (w) => ({ id: w.student.id }), owned: true },
  // The family's child only: an administrator is not held to the policies, and reads none here.
  policiesToAccept: {
    payload: (w) => ({ studentId: w.student.id, semesterId: w.semesterId }),
    owned: true,
    familyOnly: true,
  },
  acceptPolicies: {
    payload: async (w) => {
      const { version: published } = await data<{ version: { policyId: string; version: number } }>(
        'savePolicy',
        { title: 'Matrix policy', text: 'Be kind.', required: false, semesterId: w.semesterId },
        w.admin.accessToken,
      );
      const { policyId, version } = published;
      return { studentId: w.student.id, semesterId: w.semesterId, accepted: [{ policyId, version }] };
    },
    owned: true,
  },
  enroll: { payload: (w) => ({ studentId: w.student.id, classId: w.otherClass.id }), owned: true },
  enrollmentRequest: { payload: (w) => ({ requestId: w.requestId, classId: w.enrolledIn.id }), owned: true },
  cancelEnrollment: { payload: (w) => ({ enrollmentId: `${w.enrolledIn.id}~${w.student.id}` }), owned: true },
  acceptOffer: { payload: (w) => ({ enrollmentId: `${w.enrolledIn.id}~${w.student.id}` }), owned: true },
  transferEnrollment: {
    payload: (w) => ({ enrollmentId: `${w.enrolledIn.id}~${w.student.id}`, classId: w.otherClass.id }),
    owned: true,
  },
  enrollmentQuestions: { payload: (w) => ({ classId: w.enrolledIn.id }) },
  saveAnswers: { payload: (w) => ({ enrollmentId: `${w.enrolledIn.id}~${w.student.id}`, answers: [] }), owned: true },
  deleteAccount: { payload: () => ({}) },
  // Only the second family (the invited address) reads what the token's invitation offers; the others are refused (409).
  guardians: { payload: (w) => ({ invitation: w.tokenForSecondFamily }) },
  inviteGuardian: {
    payload: () => ({
      email: `matrix-invitee-${crypto.randomUUID().slice(0, 8)}@example.com`,
      familyName: 'The Matrix family',
    }),
  },
  // The second family accepts it (it was sent to its address) and joins; the others are refused (409).
  acceptInvitation: { payload: (w) => ({ token: w.tokenForSecondFamily }) },
  // The family removes its second guardian; that one, alone in a family of its own then, is refused (409).
  removeGuardian: { payload: (w) => ({ sub: w.secondGuardian.sub }), owned: true, familyOnly: true },
  saveSemester: {
    payload: () => ({ name: 'Matrix semester', startDate: '2030-01-07', endDate: '2030-03-01', current: false }),
  },
  saveClass: { payload: (w) => ({ semesterId: w.semesterId, name: 'Matrix class', capacity: 3 }) },
  saveGroup: {
    payload: (w) => ({ semesterId: w.semesterId, name: 'Matrix group', classIds: [w.enrolledIn.id, w.otherClass.id] }),
  },
  questions: { payload: (w) => ({ classId: w.enrolledIn.id }) },
  saveQuestions: {
    payload: (w) => ({
      classId: w.emptyClass.id,
      questions: [{ kind: 'choice', label: 'Skill level', required: true, options: ['New', 'Skilled'] }],
    }),
  },
  deleteClass: { payload: (w) => ({ id: w.emptyClass.id }) },
  deleteGroup: { payload: (w) => ({ id: w.groupId }) },
  adminDashboard: { payload: (w) => ({ semesterId: w.semesterId }) },
  classRoster: { payload: (w) => ({ classId: w.enrolledIn.id }) },
  semesterEnrollments: { payload: (w) => ({ semesterId: w.semesterId }) },
  enrollmentActivity: { payload: (w) => ({ semesterId: w.semesterId }) },
  promoteEnrollment: { payload: (w) => ({ enrollmentId: `${w.enrolledIn.id}~${w.student.id}` }) },
  moveEnrollment: {
    payload: (w) => ({ enrollmentId: `${w.enrolledIn.id}~${w.student.id}`, classId: w.emptyClass.id }),
  },
  adminTshirtSizes: { payload: () => ({}) },
  saveTshirtSizes: {
    payload: async () => ({
      sizes: (await data<{ sizes: unknown[] }>('adminTshirtSizes', {}, (await adminSession()).accessToken)).sizes,
    }),
  },
  tshirtCounts: { payload: (w) => ({ semesterId: w.semesterId }) },
  saveConfig: { payload: async () => ({ values: (await data<{ values: Record<string, unknown> }>('config')).values }) },
  policies: { payload: () => ({}) },
  savePolicy: {
    payload: (w) => ({ title: 'Matrix policy', text: 'Be kind.', required: false, semesterId: w.semesterId }),
  },
  admins: { payload: () => ({}) },
  adminAccount: { payload: (w) => ({ email: w.family.email }) },
  grantAdmin: { payload: (w) => ({ email: w.family.email }) },
  revokeAdmin: { payload: (w) => ({ email: w.secondFamily.email }) },
  failedMail: { payload: () => ({}) },
  resendFailedMail: { payload: () => ({ ids: [] }) },
  messageAudience: { payload: (w) => ({ audience: { kind: 'class', id: w.enrolledIn.id } }) },
  sendMessage: {
    payload: (w) => ({
      messageId: crypto.randomUUID(),
      audience: { kind: 'class', id: w.enrolledIn.id },
      subject: 'Matrix message',
      text: 'Hello families.',
    }),
  },
  messages: { payload: (w) => ({ semesterId: w.semesterId }) },
  mailSuppressions: { payload: () => ({}) },
  clearSuppression: { payload: (w) => ({ email: w.family.email }) },
  myMailStatus: { payload: () => ({}) },
  saveMailPreferences: { payload: () => ({ reminders: false, announcements: true }) },
  saveLanguage: { payload: () => ({ language: 'en' }) },
  cancelMeeting: {
    payload: (w) => ({ classId: w.enrolledIn.id, ...w.enrolledIn.meetings[0]!, end: undefined, note: 'Snow' }),
  },
  dataRetention: { payload: () => ({}) },
  // The setting as it is (an administrator's call writes it back unchanged).
  saveRetention: {
    payload: async () => ({
      years: (await data<{ setting: { years: number } }>('dataRetention', {}, (await adminSession()).accessToken))
        .setting.years,
    }),
  },
  // No semester the preview shows: an administrator is answered 409 if an ended semester holds records, else
  // removes nothing (none is there to remove).
  removeExpiredRecords: { payload: () => ({ semesterIds: ['matrix-no-such-semester'] }) },
  // First come first served without priority windows: what the semester had.
  saveAllocationSettings: { payload: (w) => ({ semesterId: w.semesterId, priorityWindows: [] }) },
  myRegistration: { payload: () => ({}) },
  myLotteries: { payload: () => ({}) },
  // The matrix's semester has no lottery: the family is refused (409) after its child is found, another family's is not found.
  saveLotteryRequest: {
    payload: (w) => ({
      semesterId: w.semesterId,
      studentId: w.student.id,
      choices: [{ kind: 'class', id: w.otherClass.id }],
    }),
    owned: true,
  },
  withdrawLotteryRequest: { payload: (w) => ({ semesterId: w.semesterId, studentId: w.student.id }), owned: true },
  lotteryDraw: { payload: (w) => ({ semesterId: w.semesterId }) },
  // No lottery in the matrix's semester: an administrator is answered 409.
  runLotteryDraw: { payload: (w) => ({ semesterId: w.semesterId }) },
  // No draw in the matrix's semester: an administrator is answered 409.
  publishLotteryDraw: { payload: (w) => ({ semesterId: w.semesterId, drawId: 'no-such-draw' }) },
  // No lottery, so no committed seed, in the matrix's semester: an administrator is answered 409.
  changeLotterySeed: {
    payload: (w) => ({ semesterId: w.semesterId, replacing: '0'.repeat(64), reason: 'The matrix tries it.' }),
  },
  // No fair start in the matrix's semester: an administrator is answered 409.
  fairStartExport: { payload: (w) => ({ semesterId: w.semesterId }) },
  instructors: { payload: () => ({}) },
  inviteInstructor: {
    payload: () => ({ email: `matrix-invited-${crypto.randomUUID().slice(0, 8)}@example.com`, classIds: [] }),
  },
  assignInstructor: { payload: (w) => ({ sub: w.instructor.sub, classIds: [w.enrolledIn.id, w.otherClass.id] }) },
  removeInstructor: { payload: (w) => ({ sub: w.otherInstructor.sub }) },
  // Nobody of the world has an invitation waiting: every signed-in caller is answered 404 (allowed, as not owned).
  acceptInstructorInvitation: { payload: () => ({}) },
  instructorClasses: { payload: () => ({}) },
  classDayRoster: { payload: (w) => ({ classId: w.enrolledIn.id }), ofClass: true },
  recordAttendance: {
    payload: (w) => ({
      marks: [
        {
          key: crypto.randomUUID(),
          kind: 'present',
          classId: w.enrolledIn.id,
          date: w.enrolledIn.meetings[0]!.date,
          studentId: w.student.id,
          at: new Date().toISOString(),
          deviceId: 'matrix-phone',
        },
      ],
    }),
    marksOfClass: true,
  },
  // The first family's child: an instructor has no more power over it than another family; the office may report
  // an absence a family phoned in, as it may change the child's record.
  reportAbsence: {
    payload: (w) => ({
      classId: w.enrolledIn.id,
      date: w.enrolledIn.meetings[0]!.date,
      studentId: w.student.id,
      note: 'Sick today',
    }),
    owned: true,
  },
  meetingAttendance: { payload: (w) => ({ classId: w.enrolledIn.id, date: w.enrolledIn.meetings[0]!.date }) },
  checkedInNow: { payload: () => ({}) },
  classAttendance: { payload: (w) => ({ classId: w.enrolledIn.id }) },
  studentAttendance: { payload: (w) => ({ studentId: w.student.id, classIds: [w.enrolledIn.id] }) },
  myAttendance: { payload: () => ({}) },
} satisfies Record<FunctionName, Case>;

function withoutId({ id: _id, ...student }: Student) {
  return student;
}

type Caller =
  | 'visitor'
  | 'family'
  | 'secondGuardian'
  | 'formerGuardian'
  | 'secondFamily'
  | 'revokedAdmin'
  | 'unsecuredAdmin'
  | 'admin'
  | 'instructor'
  | 'otherInstructor'
  | 'removedInstructor';
/** 'refused': answered 200 with every mark of the call refused, nothing recorded. */
type Outcome = 'allowed' | 'refused' | 401 | 403 | 404;

/** The callers an admin or instructor function refuses whatever it is: a visitor, families, administrators without powers. */
const neitherAdminNorInstructor = {
  visitor: 401,
  family: 403,
  secondFamily: 403,
  revokedAdmin: 403,
  unsecuredAdmin: 403,
} as const satisfies Partial<Record<Caller, Outcome>>;

/** What each caller must get: from the function's access, and its ownership of the first family's records. */
function expected(name: FunctionName): Partial<Record<Caller, Outcome>> {
  const spec = manifest[name];
  const owned = 'owned' in cases[name];
  const familyOnly = 'familyOnly' in cases[name];
  const ofClass = 'ofClass' in cases[name];
  const marksOfClass = 'marksOfClass' in cases[name];
  if (spec.access === 'public')
    return {
      visitor: 'allowed',
      family: 'allowed',
      secondFamily: 'allowed',
      revokedAdmin: 'allowed',
      unsecuredAdmin: 'allowed',
      admin: 'allowed',
      instructor: 'allowed',
      otherInstructor: 'allowed',
      removedInstructor: 'allowed',
    };
  // An instructor's assignments are read at every call: a removed one is refused at once. Administrators are not
  // instructors by their group (the office reads the class day with meetingAttendance).
  if (spec.access === 'instructor')
    return {
      ...neitherAdminNorInstructor,
      admin: 403,
      instructor: 'allowed',
      otherInstructor: ofClass ? 404 : marksOfClass ? 'refused' : 'allowed',
      removedInstructor: 403,
    };
  // A removed administrator's token still names the group until it expires (15 minutes at most), and so does
  // the token of one who turned the second factor off: the user pool is asked at each call such a token makes,
  // and neither gets admin powers (on a family function they are a family of their own).
  if (spec.access === 'user')
    return {
      visitor: 401,
      family: 'allowed',
      secondGuardian: 'allowed',
      formerGuardian: owned ? 404 : 'allowed',
      secondFamily: owned ? 404 : 'allowed',
      revokedAdmin: owned || familyOnly ? 404 : 'allowed',
      unsecuredAdmin: owned || familyOnly ? 404 : 'allowed',
      admin: familyOnly ? 404 : 'allowed',
      // An instructor's own family is another family.
      instructor: owned ? 404 : 'allowed',
      otherInstructor: owned ? 404 : 'allowed',
      removedInstructor: owned ? 404 : 'allowed',
    };
  return {
    ...neitherAdminNorInstructor,
    admin: 'allowed',
    instructor: 403,
    otherInstructor: 403,
    removedInstructor: 403,
  };
}

/** A new account the office invited to teach `classIds`, which accepted (signed in before any removal). */
async function newInstructor(name: string, classIds: string[]): Promise<SignedIn> {
  const account = await signUpFamily(name);
  await data('inviteInstructor', { email: account.email, classIds }, (await adminSession()).accessToken);
  await data('acceptInstructorInvitation', {}, account.accessToken);
  return account;
}

/**
 * A status as an authorization outcome: refused (401, 403, or 404 for records that are not the caller's),
 * or allowed: anything else below 500, a business refusal (400, 409…) included. A 5xx stays itself.
 */
function classify(status: number, owned: boolean, body: CallResult['body']): Outcome | number {
  if (status === 401 || status === 403 || (owned && status === 404) || status >= 500) return status as Outcome;
  const marks = (body.data as { marks?: MarkOutcome[] } | undefined)?.marks;
  if (marks?.length && marks.every((mark) => mark.outcome === 'refused')) return 'refused';
  return 'allowed';
}

let semesterId: string;
beforeAll(async () => {
  semesterId = (await openSemester({ name: 'Authorization matrix' })).id;
});

/** The first family's guardians and invitations, for the family functions. */
async function guardiansOf(family: SignedIn, secondFamily: SignedIn) {
  const secondGuardian = await addGuardian(family, 'matrix-guardian');
  const formerGuardian = await addGuardian(family, 'matrix-former');
  await data('removeGuardian', { sub: formerGuardian.sub }, family.accessToken);
  return { secondGuardian, formerGuardian, tokenForSecondFamily: await invitationTo(family, secondFamily.email) };
}

/** A new account made administrator, its second factor on (as it must be), signed in with it. */
async function newAdmin(name: string): Promise<SignedIn> {
  const account = await signUpFamily(name);
  await turnOnSecondFactor(account);
  await data('grantAdmin', { email: account.email }, (await adminSession()).accessToken);
  return signIn(account.email, account.password);
}

/** Turns the account's second factor off as its owner may in Manage Account; its token still names the group. */
async function turnOffSecondFactor(session: SignedIn): Promise<void> {
  await userPool().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: session.accessToken,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}

/** A world of its own: the family, its class, guardians (when asked) and administrators. */
async function makeWorld({ withGuardians }: { withGuardians: boolean }): Promise<World> {
  const [enrolledIn, otherClass, emptyClass] = [
    await newClass(semesterId),
    await newClass(semesterId),
    await newClass(semesterId),
  ];
  const { family, students } = await familyWithStudents(1, 'matrix');
  const { requestId } = await data<{ requestId: string }>(
    'enroll',
    { studentId: students[0]!.id, classId: enrolledIn.id },
    family.accessToken,
  );
  const secondFamily = await signUpFamily('matrix-second');
  // A throwaway administrator: deleteAccount must not delete the test suite's own.
  const admin = await newAdmin('matrix-admin');
  const revokedAdmin = await newAdmin('matrix-revoked');
  await data('revokeAdmin', { email: revokedAdmin.email }, (await adminSession()).accessToken);
  const unsecuredAdmin = await newAdmin('matrix-unsecured');
  await turnOffSecondFactor(unsecuredAdmin);
  const group = await newGroup(semesterId, [otherClass.id, (await newClass(semesterId)).id]);
  const instructor = await newInstructor('matrix-instructor', [enrolledIn.id]);
  const otherInstructor = await newInstructor('matrix-other-instructor', [otherClass.id]);
  const removedInstructor = await newInstructor('matrix-removed-instructor', [enrolledIn.id]);
  await data('removeInstructor', { sub: removedInstructor.sub }, (await adminSession()).accessToken);
  const guardians = withGuardians
    ? await guardiansOf(family, secondFamily)
    : {
        secondGuardian: family,
        formerGuardian: secondFamily,
        tokenForSecondFamily: '',
      };
  return {
    ...guardians,
    family,
    student: students[0]!,
    secondFamily,
    admin,
    revokedAdmin,
    unsecuredAdmin,
    semesterId,
    enrolledIn,
    otherClass,
    emptyClass,
    groupId: group.id,
    requestId,
    instructor,
    otherInstructor,
    removedInstructor,
  };
}

let readersWorld: Promise<World> | undefined;

/**
 * A fresh world for each function that writes, as its calls may delete what they touch (an account, a class, a
 * group); one world shared by the functions that only read (their grant cannot write the table).
 */
function worldFor(name: FunctionName): Promise<World> {
  if (deployment[name].table === 'read') return (readersWorld ??= makeWorld({ withGuardians: true }));
  return makeWorld({ withGuardians: manifest[name].access === 'user' });
}

test('every function of the manifest has its case', () => {
  expect(Object.keys(cases).sort()).toEqual([...functionNames].sort());
});

describe.each(functionNames)('%s', (name) => {
  test(`${manifest[name].access} access: each caller gets exactly what it may`, async () => {
    const world = await worldFor(name);
    const payload = await cases[name].payload(world);
    const tokens: Record<Caller, string | undefined> = {
      visitor: undefined,
      secondFamily: world.secondFamily.accessToken,
      formerGuardian: world.formerGuardian.accessToken,
      family: world.family.accessToken,
      secondGuardian: world.secondGuardian.accessToken,
      revokedAdmin: world.revokedAdmin.accessToken,
      unsecuredAdmin: world.unsecuredAdmin.accessToken,
      admin: world.admin.accessToken,
      instructor: world.instructor.accessToken,
      otherInstructor: world.otherInstructor.accessToken,
      removedInstructor: world.removedInstructor.accessToken,
    };
    const outcomes: Record<string, Outcome | number> = {};
    // The callers without the family's rights first (the administrators without admin powers among them): the
    // family's own call may change what the payload names.
    const callers = [
      'visitor',
      'secondFamily',
      'formerGuardian',
      'revokedAdmin',
      'unsecuredAdmin',
      'instructor',
      'otherInstructor',
      'removedInstructor',
      'family',
      'secondGuardian',
      'admin',
    ];
    for (const caller of callers.filter((one): one is Caller => one in expected(name))) {
      const answer = await call(name, payload, tokens[caller]);
      outcomes[caller] = classify(answer.status, 'owned' in cases[name] || 'ofClass' in cases[name], answer.body);
    }
    expect(outcomes).toEqual(expected(name));
  });
});
