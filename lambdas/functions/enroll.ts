import { classKey, toClass } from '../data/classes';
import { getGroups } from '../data/groups';
import { toEnrollment, waitlistPositions } from '../data/enrollments';
import { enrollStudent } from '../data/seats';
import { isRegistrationOpen, recentSemester } from '../data/semesters';
import { studentForCaller, studentKey, type StoredStudent } from '../data/students';
import type { ParsedInput } from '../manifest';
import { gradeName, gradeRange } from '../grades';
import type { Class, Semester } from '../records';
import type { Caller } from '../shared/caller';
import { batchGetAll } from '../shared/dynamo';
import { failedPrecondition, notFound } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';

/** Enrolls one of the caller's students in a class or a class group, or puts them on the waitlist. */
export async function enroll(input: ParsedInput<'enroll'>, caller: Caller) {
  const group = input.groupId ? (await getGroups([input.groupId]))[0] : undefined;
  if (input.groupId && !group) throw notFound('There is no such class group.');
  const classIds = group ? group.classIds : [input.classId!];
  const { student, classes } = await studentAndClasses(caller, input.studentId, classIds);

  const enrollments = await enrollStudent(student, { classIds, group }, caller, enrollmentChecks(student, caller), classes);

  const positions = await waitlistPositions(enrollments.filter((e) => e.status === 'waitlisted'));
  const result = enrollments.map((enrollment) => toEnrollment(enrollment, positions.get(enrollment.id)));
  return { enrollments: result };
}

/** The caller's student and the target classes, as they are now, in one read (a rush makes many). */
async function studentAndClasses(caller: Caller, studentId: string, classIds: string[]) {
  const items = await batchGetAll<Record<string, unknown>>([studentKey(caller.sub, studentId), ...classIds.map(classKey)], { ConsistentRead: true });
  const own = items.find((item) => item.type === 'student') as StoredStudent | undefined;
  const student = own ?? (await studentForCaller(caller, studentId));
  const classes = new Map(items.filter((item) => item.type === 'class').map((item) => [String(item.id), toClass(item)]));
  return { student, classes };
}

/** What the server enforces before a seat or a waitlist place is given (administrators may enroll outside the registration window). */
function enrollmentChecks(student: StoredStudent, caller: Caller) {
  let semester: Semester | undefined;
  return async (classes: Class[]) => {
    for (const found of classes) {
      if (found.status !== 'open') throw failedPrecondition(`${found.name} is closed to new enrollments.`);
    }
    const semesterId = classes[0]!.semesterId;
    semester ??= await recentSemester(semesterId);
    if (!semester) throw notFound('This class belongs to no semester.');
    if (!caller.isAdmin && !isRegistrationOpen(semester)) throw failedPrecondition(registrationWindowMessage(semester));
    for (const found of classes) checkGrade(student, found);
  };
}

function checkGrade(student: StoredStudent, found: Class) {
  const range = gradeRange(found.minGrade, found.maxGrade);
  if (!range) return;
  if (student.grade === undefined) {
    throw failedPrecondition(`${found.name} is for ${range}: add ${student.firstName}'s school grade to their details first.`);
  }
  if ((found.minGrade !== undefined && student.grade < found.minGrade) || (found.maxGrade !== undefined && student.grade > found.maxGrade)) {
    throw failedPrecondition(`${found.name} is for ${range}, and ${student.firstName} is in grade ${gradeName(student.grade)}.`);
  }
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
