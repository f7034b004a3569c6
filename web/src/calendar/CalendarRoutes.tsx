// /calendar/...: the calendars open to everyone; today the Class Calendar. (No nested <Routes>: it would
// grow the start-up bundle.)
import { Navigate, useLocation } from 'react-router-dom';
import { ClassCalendarPage } from './ClassCalendarPage';

const CLASS_CALENDAR = '/calendar/classes';

export function CalendarRoutes() {
  return useLocation().pathname.replace(/\/$/, '') === CLASS_CALENDAR ? (
    <ClassCalendarPage />
  ) : (
    <Navigate to={CLASS_CALENDAR} replace />
  );
}
