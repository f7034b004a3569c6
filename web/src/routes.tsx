// The route table of spec §2.
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/RootLayout';
import { Placeholder } from './layout/Placeholder';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/user/login', element: <Placeholder title="Sign In" /> },
      { path: '/user/create', element: <Placeholder title="Create Account" /> },
      { path: '/', element: <Navigate to="/classes" replace /> },
      { path: '/classes', element: <Navigate to="/classes/enrollment" replace /> },
      { path: '/classes/enrollment/*', element: <Placeholder title="Class Registration" /> },
      { path: '/account/*', element: <Placeholder title="Account" /> },
      { path: '/admin', element: <Placeholder title="Dashboard" /> },
      { path: '/admin/report', element: <Placeholder title="Class Forms and Contacts" /> },
      { path: '/admin/students', element: <Placeholder title="Student Info Sheets" /> },
      { path: '/admin/t-shirts/*', element: <Placeholder title="T-shirt Sizes" /> },
      { path: '/admin/enrollments', element: <Placeholder title="Enrollments" /> },
      { path: '/admin/classes/management/*', element: <Placeholder title="Class Management" /> },
      { path: '/calendar/*', element: <Placeholder title="Class Calendar" /> },
      { path: '*', element: <Navigate to="/classes/enrollment" replace /> },
    ],
  },
];
