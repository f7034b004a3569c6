import { classesOfSemester } from '../../catalogue/classes';
import { groupsOfSemester } from '../../catalogue/groups';
import { semestersOpenToSomeone } from '../allocationSettings';
import type { Class, ClassGroup } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

/**
 * Per semester open for enrollment now (its registration window, or a priority window before it; a lottery
 * semester once its seats left open to everyone): its open classes and the groups made only of them.
 */
export async function availableEnrollmentClasses() {
  const open = await semestersOpenToSomeone();
  const entries = await Promise.all(
    open.map(async ([semester]) => {
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
