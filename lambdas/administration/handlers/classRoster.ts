import { getStoredClass, toClass } from '../../catalogue/classes';
import { classEnrollments, waitlistPosition, type StoredEnrollment } from '../../enrollment/enrollments';
import { familyAddresses, guardianContact } from '../../families/families';
import { questionsForClasses } from '../../enrollment/questions';
import { acceptancesOfStudents } from '../../families/policies';
import { studentsByKey, toStudent } from '../../families/students';
import type { ParsedInput } from '../../contract/manifest';
import type { RosterEntry } from '../../contract/records';
import { notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/**
 * A class's printable roster and waitlist: each student's whole sheet, the e-mails of the family's guardians,
 * its answers, the policies accepted for the child for the class's semester, and the questions asked now (the
 * roster CSV's columns).
 */
export async function classRoster({ classId }: ParsedInput<'classRoster'>) {
  const [stored, { roster, waitlist }] = await Promise.all([getStoredClass(classId), classEnrollments(classId)]);
  if (!stored) throw notFound('There is no such class.');
  const entries = [...roster, ...waitlist];
  const keys = entries.map((e) => ({ familyId: e.familyId, studentId: e.studentId }));
  const [students, emails, questions, acceptances] = await Promise.all([
    studentsByKey(keys),
    familyAddresses(entries.map((e) => e.familyId)),
    questionsForClasses([stored]),
    acceptancesOfStudents(keys, stored.semesterId),
  ]);
  const toEntry = (enrollment: StoredEnrollment): RosterEntry[] => {
    const student = students.get(enrollment.studentId);
    if (!student) return [];
    const position = enrollment.status === 'waitlisted' ? waitlistPosition(stored, enrollment.studentId) : undefined;
    return [
      {
        enrollmentId: enrollment.id,
        status: enrollment.status,
        ...(position !== undefined && { waitlistPosition: position }),
        ...(enrollment.offerExpiresAt && { offerExpiresAt: enrollment.offerExpiresAt }),
        ...(enrollment.groupId && { groupId: enrollment.groupId }),
        createdAt: enrollment.createdAt,
        student: toStudent(student),
        ...guardianContact(emails.get(enrollment.familyId)),
        ...(enrollment.answers && { answers: enrollment.answers }),
        acceptances: acceptances.get(enrollment.studentId) ?? [],
      },
    ];
  };
  return {
    class: toClass(stored),
    roster: roster.flatMap(toEntry),
    waitlist: waitlist.flatMap(toEntry),
    questions,
  };
}

export const handler = portalHandler('classRoster', classRoster);
