// Every route of the site in one place: the route table (web/src/routes.tsx) matches these paths, and every
// link and redirect goes to one of them. A route with a parameter has its pattern here and a link builder in
// `linkTo`.
const MANAGEMENT = '/admin/classes/management';

export const paths = {
  home: '/',
  classes: '/classes',
  classRegistration: '/classes/enrollment',
  signIn: '/user/login',
  createAccount: '/user/create',
  resetPassword: '/user/reset',
  account: '/account',
  myEnrollments: '/account/enrollments',
  manageAccount: '/account/manage',
  /** Where an invitation e-mail links to (the server builds that link with the same path). */
  acceptInvitation: '/account/invitation',
  lottery: '/account/lottery',
  admin: '/admin',
  report: '/admin/report',
  students: '/admin/students',
  tshirtSizes: '/admin/t-shirts',
  tshirtCounts: '/admin/t-shirts/counts',
  enrollments: '/admin/enrollments',
  classManagement: MANAGEMENT,
  managedSemester: `${MANAGEMENT}/semester/:semesterId`,
  newClass: `${MANAGEMENT}/class/new`,
  managedClass: `${MANAGEMENT}/class/:classId`,
  settings: '/admin/settings',
  messages: '/admin/messages',
  retention: '/admin/retention',
  policies: '/admin/policies',
  lotteryAdmin: '/admin/lottery',
  instructors: '/admin/instructors',
  /** The class day: an instructor's classes and the day's meetings, on a phone. */
  classDay: '/instructor',
  meetingRoster: '/instructor/class/:classId/:date',
  /** Where an instructor's invitation e-mail sends them (the server names the same path). */
  instructorInvitation: '/instructor/invitation',
  calendars: '/calendar',
  classCalendar: '/calendar/classes',
} as const;

/** The path and every part of it below: `${path}/*`. */
export const andBelow = (path: string) => `${path}/*`;

/** A path with a query; the values left undefined are left out. */
function withQuery(path: string, query: Record<string, string | undefined> = {}): string {
  const given = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return given.length === 0 ? path : `${path}?${new URLSearchParams(given)}`;
}

export const linkTo = {
  /** Class Registration with a class or group in mind: it opens once the family is signed in. */
  classRegistration: (chosen: { class: string } | { group: string }) => withQuery(paths.classRegistration, chosen),
  managedSemester: (semesterId: string) => paths.managedSemester.replace(':semesterId', encodeURIComponent(semesterId)),
  managedClass: (classId: string) => paths.managedClass.replace(':classId', encodeURIComponent(classId)),
  newClass: (semesterId: string) => withQuery(paths.newClass, { semesterId }),
  enrollments: (query: { semesterId?: string; classId?: string; tab?: 'activity' }) =>
    withQuery(paths.enrollments, query),
  report: (query: { classId: string }) => withQuery(paths.report, query),
  meetingRoster: (classId: string, date: string) =>
    paths.meetingRoster.replace(':classId', encodeURIComponent(classId)).replace(':date', date),
};
