import { getStoredClass, toClass } from '../data/classes';
import { classEnrollments, waitlistPosition, type StoredEnrollment } from '../data/enrollments';
import { familyAddresses, guardianContact } from '../data/families';
import { studentsByKey, toStudent } from '../data/students';
import type { ParsedInput } from '../manifest';
import type { RosterEntry } from '../records';
import { notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/** A class's printable roster and waitlist: each student's whole sheet and the e-mails of the family's guardians. */
export async function classRoster({ classId }: ParsedInput<'classRoster'>) {
  const [stored, { roster, waitlist }] = await Promise.all([getStoredClass(classId), classEnrollments(classId)]);
  if (!stored) throw notFound('There is no such class.');
  const entries = [...roster, ...waitlist];
  const [students, emails] = await Promise.all([
    studentsByKey(entries.map((e) => ({ familyId: e.familyId, studentId: e.studentId }))),
    familyAddresses(entries.map((e) => e.familyId)),
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
        ...(enrollment.groupId && { groupId: enrollment.groupId }),
        createdAt: enrollment.createdAt,
        student: toStudent(student),
        ...guardianContact(emails.get(enrollment.familyId)),
      },
    ];
  };
  return { class: toClass(stored), roster: roster.flatMap(toEntry), waitlist: waitlist.flatMap(toEntry) };
}

export const handler = portalHandler('classRoster', classRoster);
