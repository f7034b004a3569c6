import { seatedChildren, taughtClass } from '../classDay';
import { classAbsences } from '../attendance';
import { toClass } from '../../catalogue/classes';
import { questionsForClasses } from '../../enrollment/questions';
import { studentsByKey } from '../../families/students';
import type { ClassDayChild } from '../../contract/classDay';
import type { ParsedInput } from '../../contract/manifest';
import type { InstructorCaller } from '../../platform/caller';
import { instructorHandler } from '../../platform/instructorHandler';

/**
 * One of the caller's classes for the class day: for each enrolled child what keeps it safe (health notes,
 * emergency contacts, the adults who may take it home, photo consent), the answers the office marked for
 * instructors and the absences its family reported. No address, birth date or school: the day does not need them.
 */
export async function classDayRoster({ classId }: ParsedInput<'classDayRoster'>, caller: InstructorCaller) {
  const cls = await taughtClass(caller, classId);
  const [seated, asked, absences] = await Promise.all([
    seatedChildren(classId),
    questionsForClasses([cls]),
    classAbsences(classId),
  ]);
  const questions = asked.filter((question) => question.forInstructors);
  const shown = new Set(questions.map((question) => question.id));
  const students = await studentsByKey(seated.map((e) => ({ familyId: e.familyId, studentId: e.studentId })));
  const children = seated.flatMap((enrollment): ClassDayChild[] => {
    const student = students.get(enrollment.studentId);
    if (!student) return [];
    const { firstName, lastName, photoConsent, allergies, medications, medicalNotes } = student;
    return [
      {
        studentId: student.id,
        firstName,
        lastName,
        ...(photoConsent !== undefined && { photoConsent }),
        ...(allergies && { allergies }),
        ...(medications && { medications }),
        ...(medicalNotes && { medicalNotes }),
        emergencyContacts: student.emergencyContacts,
        pickupAdults: student.pickupAdults,
        answers: (enrollment.answers ?? []).filter((answer) => shown.has(answer.questionId)),
        absences: absences.filter((absence) => absence.studentId === student.id),
      },
    ];
  });
  return { class: toClass(cls), questions, children };
}

export const handler = instructorHandler('classDayRoster', classDayRoster);
