import { classesOfSemester } from '../data/classes';
import { groupsOfSemester } from '../data/groups';
import { isRegistrationOpen, listSemesters } from '../data/semesters';
import type { Class, ClassGroup } from '../records';
import { portalHandler } from '../shared/handler';

/** Per semester whose registration window is open now: its open classes and the groups made only of them. */
export async function availableEnrollmentClasses() {
  const now = new Date();
  const open = (await listSemesters()).filter((semester) => isRegistrationOpen(semester, now));
  const entries = await Promise.all(
    open.map(async (semester) => {
      const [classList, groups] = await Promise.all([classesOfSemester(semester.id), groupsOfSemester(semester.id)]);
      const openClasses = classList.filter((cls) => cls.status === 'open');
      const openIds = new Set(openClasses.map((cls) => cls.id));
      const openGroups = groups.filter((group) => group.classIds.every((classId) => openIds.has(classId)));
      return [semester.id, { classes: openClasses, groups: openGroups }] as const;
    }),
  );
  const available: Record<string, { classes: Class[]; groups: ClassGroup[] }> = Object.fromEntries(entries);
  return available;
}

export const handler = portalHandler('availableEnrollmentClasses', availableEnrollmentClasses);
