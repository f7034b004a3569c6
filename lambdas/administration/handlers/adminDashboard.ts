import { namedActivity, semesterActivity } from '../../enrollment/audit';
import { classesOfSemester } from '../../catalogue/classes';
import { semesterOrCurrent } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Class } from '../../contract/records';
import { portalHandler } from '../../platform/handler';

const LATEST_ACTIVITY = 15;

/** A class is about to fill when a tenth of its seats (at least two) or fewer are left. */
function isAboutToFill(cls: Class): boolean {
  return cls.seatsLeft > 0 && cls.seatsLeft <= Math.max(2, Math.ceil(cls.capacity / 10));
}

/** The week-of-registration view of a semester: every class's seats, totals, what is filling, what just happened. */
export async function adminDashboard({ semesterId }: ParsedInput<'adminDashboard'>) {
  const semester = await semesterOrCurrent(semesterId);
  const [classes, { entries }] = await Promise.all([
    classesOfSemester(semester.id),
    semesterActivity(semester.id, LATEST_ACTIVITY),
  ]);
  const sum = (pick: (cls: Class) => number) => classes.reduce((total, cls) => total + pick(cls), 0);
  return {
    semester,
    classes,
    totals: {
      classes: classes.length,
      capacity: sum((cls) => cls.capacity),
      enrolled: sum((cls) => cls.enrolled),
      waitlisted: sum((cls) => cls.waitlisted),
      seatsLeft: sum((cls) => cls.seatsLeft),
      full: classes.filter((cls) => cls.seatsLeft === 0).length,
    },
    aboutToFill: classes.filter(isAboutToFill).map((cls) => cls.id),
    activity: await namedActivity(entries, new Map(classes.map((cls) => [cls.id, cls.name]))),
  };
}

export const handler = portalHandler('adminDashboard', adminDashboard);
