import { recentClasses } from '../data/classes';
import { getGroups } from '../data/groups';
import { toEnrollment, waitlistPositions } from '../data/enrollments';
import { enrollStudent } from '../data/seats';
import { isRegistrationOpen, recentSemester } from '../data/semesters';
import { readEnrollmentCaps } from '../data/settings';
import { studentForCaller } from '../data/students';
import type { ParsedInput } from '../manifest';
import type { Class, Semester } from '../records';
import type { Caller } from '../shared/caller';
import { failedPrecondition, notFound } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';

/**
 * Enrolls one of the caller's students in a class or a class group, or puts them on the waitlist. For a
 * family's own student this is one transaction (and, on a waitlist, one read for the position).
 */
export async function enroll(input: ParsedInput<'enroll'>, caller: Caller) {
  const group = input.groupId ? (await getGroups([input.groupId]))[0] : undefined;
  if (input.groupId && !group) throw notFound('There is no such class group.');
  const classIds = group ? group.classIds : [input.classId!];
  // A family's student is the family's by key (the transaction checks it); an administrator's may be anyone's.
  const student = caller.isAdmin ? await studentForCaller(caller, input.studentId) : { id: input.studentId, familyId: caller.sub };
  // The caps on a family's enrollments hold for the family; an administrator enrolling for it may pass them.
  const [classes, caps] = await Promise.all([recentClasses(classIds), caller.isAdmin ? undefined : readEnrollmentCaps()]);

  const enrollments = await enrollStudent(student, { classIds, group }, caller, enrollmentChecks(caller), classes, caps);

  const positions = await waitlistPositions(enrollments.filter((e) => e.status === 'waitlisted'));
  return { enrollments: enrollments.map((enrollment) => toEnrollment(enrollment, positions.get(enrollment.id))) };
}

/**
 * What the view of the classes already refuses, before the transaction: a closed class, registration not
 * open (administrators may enroll outside the registration window). Grades and seats are the
 * transaction's conditions.
 */
function enrollmentChecks(caller: Caller) {
  let semester: Semester | undefined;
  return async (classes: Class[]) => {
    for (const found of classes) {
      if (found.status !== 'open') throw failedPrecondition(`${found.name} is closed to new enrollments.`);
    }
    semester ??= await recentSemester(classes[0]!.semesterId);
    if (!semester) throw notFound('This class belongs to no semester.');
    if (!caller.isAdmin && !isRegistrationOpen(semester)) throw failedPrecondition(registrationWindowMessage(semester));
  };
}

const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

export function registrationWindowMessage(semester: Semester, now = new Date()): string {
  if (semester.registrationOpens && now.getTime() < Date.parse(semester.registrationOpens)) {
    return `Registration for ${semester.name} opens on ${when(semester.registrationOpens)}.`;
  }
  if (semester.registrationCloses && now.getTime() >= Date.parse(semester.registrationCloses)) {
    return `Registration for ${semester.name} closed on ${when(semester.registrationCloses)}.`;
  }
  return `Registration for ${semester.name} is not open.`;
}

export const handler = limitedHandler('enroll', enroll);
