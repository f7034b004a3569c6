// The route table: each path (web/src/layout/paths.ts), its guard and its redirects. Screens that
// /classes/enrollment does not need are loaded on first visit.
import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { RequireAdmin, RequireUser } from './auth/guards';
import { EnrollmentPage } from './classes/EnrollmentPage';
import { lazily } from './layout/lazily';
import { andBelow, paths } from './layout/paths';
import { RootLayout } from './layout/RootLayout';

const LoginPage = lazily(() => import('./auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazily(() => import('./auth/ResetPasswordPage'), 'ResetPasswordPage');
const ManageAccountPage = lazily(() => import('./account/ManageAccountPage'), 'ManageAccountPage');
const EnrollmentsPage = lazily(() => import('./account/EnrollmentsPage'), 'EnrollmentsPage');
const AcceptInvitationPage = lazily(() => import('./account/AcceptInvitationPage'), 'AcceptInvitationPage');
const LotteryPage = lazily(() => import('./account/LotteryPage'), 'LotteryPage');
const DashboardPage = lazily(() => import('./admin/dashboard/DashboardPage'), 'DashboardPage');
const SemestersPage = lazily(() => import('./admin/classes/SemestersPage'), 'SemestersPage');
const SemesterClassesPage = lazily(() => import('./admin/classes/SemesterClassesPage'), 'SemesterClassesPage');
const NewClassPage = lazily(() => import('./admin/classes/ClassEditPage'), 'NewClassPage');
const EditClassPage = lazily(() => import('./admin/classes/ClassEditPage'), 'EditClassPage');
const SemesterEnrollmentsPage = lazily(
  () => import('./admin/enrollments/SemesterEnrollmentsPage'),
  'SemesterEnrollmentsPage',
);
const MessagesPage = lazily(() => import('./admin/messages/MessagesPage'), 'MessagesPage');
const SettingsPage = lazily(() => import('./admin/settings/SettingsPage'), 'SettingsPage');
const LotteryAdminPage = lazily(() => import('./admin/lottery/LotteryAdminPage'), 'LotteryAdminPage');
const DataRetentionPage = lazily(() => import('./admin/retention/DataRetentionPage'), 'DataRetentionPage');
const PoliciesPage = lazily(() => import('./admin/policies/PoliciesPage'), 'PoliciesPage');
const ReportPage = lazily(() => import('./admin/report/ReportPage'), 'ReportPage');
const StudentsPage = lazily(() => import('./admin/students/StudentsPage'), 'StudentsPage');
const TshirtsPage = lazily(() => import('./admin/tshirts/TshirtsPage'), 'TshirtsPage');
const InstructorsPage = lazily(() => import('./admin/instructors/InstructorsPage'), 'InstructorsPage');
const ClassDayPage = lazily(() => import('./instructors/ClassDayPage'), 'ClassDayPage');
const InstructorInvitationPage = lazily(
  () => import('./instructors/InstructorInvitationPage'),
  'InstructorInvitationPage',
);
const MeetingRosterPage = lazily(() => import('./instructors/MeetingRosterPage'), 'MeetingRosterPage');
const ClassCalendarPage = lazily(() => import('./calendar/ClassCalendarPage'), 'ClassCalendarPage');

const redirect = (to: string) => <Navigate to={to} replace />;

export const routes: RouteObject[] = [
  {
    // Inside the router, so signing out can go to /user/login.
    element: (
      <AuthProvider>
        <RootLayout />
      </AuthProvider>
    ),
    children: [
      { path: paths.signIn, element: <LoginPage mode="signIn" /> },
      { path: paths.createAccount, element: <LoginPage mode="create" /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.home, element: redirect(paths.classes) },
      { path: paths.classes, element: redirect(paths.classRegistration) },
      { path: andBelow(paths.classRegistration), element: <EnrollmentPage /> },
      {
        path: paths.account,
        element: <RequireUser />,
        children: [
          { index: true, element: redirect(paths.myEnrollments) },
          { path: paths.myEnrollments, element: <EnrollmentsPage /> },
          { path: paths.manageAccount, element: <ManageAccountPage /> },
          { path: paths.acceptInvitation, element: <AcceptInvitationPage /> },
          { path: paths.lottery, element: <LotteryPage /> },
        ],
      },
      {
        path: paths.admin,
        element: <RequireAdmin />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: paths.report, element: <ReportPage /> },
          { path: paths.students, element: <StudentsPage /> },
          { path: andBelow(paths.tshirtSizes), element: <TshirtsPage /> },
          { path: paths.enrollments, element: <SemesterEnrollmentsPage /> },
          { path: paths.classManagement, element: <SemestersPage /> },
          { path: paths.managedSemester, element: <SemesterClassesPage /> },
          { path: paths.newClass, element: <NewClassPage /> },
          { path: paths.managedClass, element: <EditClassPage /> },
          { path: andBelow(paths.classManagement), element: redirect(paths.classManagement) },
          { path: paths.settings, element: <SettingsPage /> },
          { path: paths.messages, element: <MessagesPage /> },
          { path: paths.retention, element: <DataRetentionPage /> },
          { path: paths.policies, element: <PoliciesPage /> },
          { path: paths.lotteryAdmin, element: <LotteryAdminPage /> },
          { path: paths.instructors, element: <InstructorsPage /> },
        ],
      },
      {
        // Any signed-in login: whether it is an instructor's, only the server knows (the page shows its refusal).
        path: paths.classDay,
        element: <RequireUser />,
        children: [
          { index: true, element: <ClassDayPage /> },
          { path: paths.meetingRoster, element: <MeetingRosterPage /> },
          { path: paths.instructorInvitation, element: <InstructorInvitationPage /> },
        ],
      },
      { path: paths.classCalendar, element: <ClassCalendarPage /> },
      { path: andBelow(paths.calendars), element: redirect(paths.classCalendar) },
      { path: '*', element: redirect(paths.classRegistration) },
    ],
  },
];
