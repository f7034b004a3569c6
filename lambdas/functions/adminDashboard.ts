import { namedActivity, semesterActivity } from '../data/audit';
import { classesOfSemester } from '../data/classes';
import { semesterOrCurrent } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import type { Class } from '../records';
import { portalHandler } from '../shared/handler';

const LATEST_ACTIVITY = 15;

/** A class is about to fill when a tenth of its seats (at least two) or fewer are left. */
export function isAboutToFill(found: Class): boolean {
  return found.seatsLeft > 0 && found.seatsLeft <= Math.max(2, Math.ceil(found.capacity / 10));
}

/** The week-of-registration view of a semester: every class's seats, totals, what is filling, what just happened. */
export async function adminDashboard({ semesterId }: ParsedInput<'adminDashboard'>) {
  const semester = await semesterOrCurrent(semesterId);
  const [classes, { entries }] = await Promise.all([
    classesOfSemester(semester.id),
    semesterActivity(semester.id, LATEST_ACTIVITY),
  ]);
  const sum = (pick: (found: Class) => number) => classes.reduce((total, found) => total + pick(found), 0);
  return {
    semester,
    classes,
    totals: {
      classes: classes.length,
      capacity: sum((found) => found.capacity),
      enrolled: sum((found) => found.enrolled),
      waitlisted: sum((found) => found.waitlisted),
      seatsLeft: sum((found) => found.seatsLeft),
      full: classes.filter((found) => found.seatsLeft === 0).length,
    },
    aboutToFill: classes.filter(isAboutToFill).map((found) => found.id),
    activity: await namedActivity(entries, new Map(classes.map((found) => [found.id, found.name]))),
  };
}

export const handler = portalHandler('adminDashboard', adminDashboard);
