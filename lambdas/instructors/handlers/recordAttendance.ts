import { meetsOn, seatedChildren, taughtClass } from '../classDay';
import { recordMark } from '../attendance';
import { studentsByKey, type StoredStudent } from '../../families/students';
import { checkOutRule, type AttendanceMark, type MarkOutcome } from '../../contract/classDay';
import { invalidArgument } from '../../contract/errors';
import type { ParsedInput } from '../../contract/manifest';
import type { InstructorCaller } from '../../platform/caller';
import { instructorHandler } from '../../platform/instructorHandler';

/** The seated children of each class the marks name, by student id: 404 for a class the caller does not teach. */
async function childrenOfClasses(caller: InstructorCaller, marks: AttendanceMark[]) {
  const classIds = [...new Set(marks.map((mark) => mark.classId))];
  const classes = await Promise.all(
    classIds.map(async (classId) => {
      const [cls, seated] = await Promise.all([taughtClass(caller, classId), seatedChildren(classId)]);
      const students = await studentsByKey(seated.map((e) => ({ familyId: e.familyId, studentId: e.studentId })));
      return [classId, { cls, students }] as const;
    }),
  );
  return new Map(classes);
}

/**
 * Records the marks a phone sends, each once by its key, after checking every one of them: a mark refused (a
 * child not enrolled, a day the class does not meet, a check-out to an adult off the list without a reason)
 * refuses the call with nothing recorded, so the phone keeps the marks and the instructor sees why.
 */
export async function recordAttendance({ marks }: ParsedInput<'recordAttendance'>, caller: InstructorCaller) {
  const classes = await childrenOfClasses(caller, marks);
  const checked = marks.map((mark, index) => {
    const { cls, students } = classes.get(mark.classId)!;
    const field = `marks[${index}]`;
    if (!meetsOn(cls, mark.date)) throw invalidArgument(`${field}.date: the class does not meet on ${mark.date}.`);
    const student: StoredStudent | undefined = students.get(mark.studentId);
    if (!student) throw invalidArgument(`${field}.studentId: the child is not enrolled in the class.`);
    if (mark.kind !== 'checkOut') return { mark, flagged: false, familyId: student.familyId };
    const rule = checkOutRule(mark, student.pickupAdults);
    if ('problem' in rule) throw invalidArgument(`${field}.reason: ${rule.problem}`);
    return { mark, flagged: rule.flagged, familyId: student.familyId };
  });
  const by = { sub: caller.sub, email: caller.instructorEmail };
  const outcomes = await Promise.all(
    checked.map(
      async ({ mark, flagged, familyId }): Promise<MarkOutcome> => ({
        key: mark.key,
        outcome: (await recordMark(mark, by, flagged, familyId)) ? 'recorded' : 'already recorded',
        ...(flagged && { flagged: true as const }),
      }),
    ),
  );
  return { marks: outcomes };
}

export const handler = instructorHandler('recordAttendance', recordAttendance);
