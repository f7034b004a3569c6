import { meetsOn } from '../classDay';
import { reportAbsence as report } from '../attendance';
import { getStoredClass } from '../../catalogue/classes';
import { enrollmentEntity } from '../../enrollment/enrollments';
import { studentForCaller } from '../../families/students';
import { invalidArgument, notFound } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { limitedHandler } from '../../platform/limitedHandler';

/** Tells the class's instructors that the family's child, enrolled in it, will miss the meeting of `date`. */
export async function reportAbsence(
  { classId, date, studentId, note }: ParsedInput<'reportAbsence'>,
  caller: FamilyCaller,
) {
  const student = await studentForCaller(caller, studentId);
  const [cls, enrollment] = await Promise.all([getStoredClass(classId), enrollmentEntity.get({ classId, studentId })]);
  if (!cls || enrollment?.status !== 'enrolled') throw notFound('The child is not enrolled in that class.');
  if (!meetsOn(cls, date)) throw invalidArgument(`date: the class does not meet on ${date}.`);
  await report(classId, student.familyId, { studentId, date, note });
  return {};
}

export const handler = limitedHandler('reportAbsence', reportAbsence);
