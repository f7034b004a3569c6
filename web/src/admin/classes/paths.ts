// The class management routes, for links from every administration screen.
export const MANAGEMENT_PATH = '/admin/classes/management';
export const semesterPath = (semesterId: string) => `${MANAGEMENT_PATH}/semester/${encodeURIComponent(semesterId)}`;
export const classPath = (classId: string) => `${MANAGEMENT_PATH}/class/${encodeURIComponent(classId)}`;
export const newClassPath = (semesterId: string) =>
  `${MANAGEMENT_PATH}/class/new?semesterId=${encodeURIComponent(semesterId)}`;
