import { deleteItems } from '../data/families';
import { enrollmentsOfFamily, familyEnrollmentKey, isActive } from '../data/enrollments';
import { deleteStudentIfInactive, studentForCaller, studentName } from '../data/students';
import type { ParsedInput } from '../manifest';
import type { Caller } from '../shared/caller';
import { failedPrecondition } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';

/** Removes a student, refused while they hold a seat or a waitlist place; their cancelled history goes too. */
export async function deleteStudent({ id }: ParsedInput<'deleteStudent'>, caller: Caller) {
  const student = await studentForCaller(caller, id);
  const history = (await enrollmentsOfFamily(student.familyId)).filter((enrollment) => enrollment.studentId === id);
  if (!(await deleteStudentIfInactive(student.familyId, id))) {
    const active = history.filter((enrollment) => isActive(enrollment.status)).length || 'some';
    throw failedPrecondition(`${studentName(student)} is enrolled or waitlisted in ${active} class${active === 1 ? '' : 'es'}: cancel those enrollments first.`);
  }
  await deleteItems(history.map((enrollment) => familyEnrollmentKey(student.familyId, enrollment.id)));
  return {};
}

export const handler = limitedHandler('deleteStudent', deleteStudent);
