// The route table: each path, its guard and its redirects. Screens that /classes/enrollment does not need
// are loaded on first visit.
import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { RequireAdmin, RequireUser } from './auth/guards';
import { EnrollmentPage } from './classes/EnrollmentPage';
import { RootLayout } from './layout/RootLayout';
import { lazily } from './lazily';

const LoginPage = lazily(() => import('./auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazily(() => import('./auth/ResetPasswordPage'), 'ResetPasswordPage');
const ManageAccountPage = lazily(() => import('./account/ManageAccountPage'), 'ManageAccountPage');
const EnrollmentsPage = lazily(() => import('./account/EnrollmentsPage'), 'EnrollmentsPage');
const DashboardPage = lazily(() => import('./admin/dashboard/DashboardPage'), 'DashboardPage');
const ClassManagement = lazily(() => import('./admin/classes/ClassManagement'), 'ClassManagement');
const SemesterEnrollmentsPage = lazily(
  () => import('./admin/enrollments/SemesterEnrollmentsPage'),
  'SemesterEnrollmentsPage',
);
const SettingsPage = lazily(() => import('./admin/settings/SettingsPage'), 'SettingsPage');
const DataRetentionPage = lazily(() => import('./admin/retention/DataRetentionPage'), 'DataRetentionPage');
const ReportPage = lazily(() => import('./admin/report/ReportPage'), 'ReportPage');
const StudentsPage = lazily(() => import('./admin/students/StudentsPage'), 'StudentsPage');
const TshirtsPage = lazily(() => import('./admin/tshirts/TshirtsPage'), 'TshirtsPage');
const CalendarRoutes = lazily(() => import('./calendar/CalendarRoutes'), 'CalendarRoutes');

export const routes: RouteObject[] = [
  {
    // Inside the router, so signing out can go to /user/login.
    element: (
      <AuthProvider>
        <RootLayout />
      </AuthProvider>
    ),
    children: [
      { path: '/user/login', element: <LoginPage mode="signIn" /> },
      { path: '/user/create', element: <LoginPage mode="create" /> },
      { path: '/user/reset', element: <ResetPasswordPage /> },
      { path: '/', element: <Navigate to="/classes" replace /> },
      { path: '/classes', element: <Navigate to="/classes/enrollment" replace /> },
      { path: '/classes/enrollment/*', element: <EnrollmentPage /> },
      {
        path: '/account',
        element: <RequireUser />,
        children: [
          { index: true, element: <Navigate to="/account/enrollments" replace /> },
          { path: 'enrollments', element: <EnrollmentsPage /> },
          { path: 'manage', element: <ManageAccountPage /> },
        ],
      },
      {
        path: '/admin',
        element: <RequireAdmin />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'report', element: <ReportPage /> },
          { path: 'students', element: <StudentsPage /> },
          { path: 't-shirts/*', element: <TshirtsPage /> },
          { path: 'enrollments', element: <SemesterEnrollmentsPage /> },
          { path: 'classes/management/*', element: <ClassManagement /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'retention', element: <DataRetentionPage /> },
        ],
      },
      { path: '/calendar/*', element: <CalendarRoutes /> },
      { path: '*', element: <Navigate to="/classes/enrollment" replace /> },
    ],
  },
];
