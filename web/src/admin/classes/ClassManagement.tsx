// /admin/classes/management/...: semesters, a semester's classes and groups, and the class form.
import { Navigate, Route, Routes } from 'react-router-dom';
import { EditClassPage, NewClassPage } from './ClassEditPage';
import { MANAGEMENT_PATH } from './paths';
import { SemesterClassesPage } from './SemesterClassesPage';
import { SemestersPage } from './SemestersPage';

export function ClassManagement() {
  return (
    <Routes>
      <Route index element={<SemestersPage />} />
      <Route path="semester/:semesterId" element={<SemesterClassesPage />} />
      <Route path="class/new" element={<NewClassPage />} />
      <Route path="class/:classId" element={<EditClassPage />} />
      <Route path="*" element={<Navigate to={MANAGEMENT_PATH} replace />} />
    </Routes>
  );
}
