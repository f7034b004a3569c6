import { meetsOn, seatedChildren } from '../classDay';
import { getStoredClass } from '../../catalogue/classes';
import { markRecorded, recordMark } from '../attendance';
import { studentsByKey, type StoredStudent } from '../../families/students';
import { checkOutRule, type AttendanceMark, type MarkOutcome } from '../../contract/classDay';
import type { ParsedInput } from '../../contract/manifest';
import type { InstructorCaller } from '../../platform/caller';
import { instructorHandler } from '../../platform/instructorHandler';

/**
 * The seated children of each class the marks name, by student id, for the classes the caller teaches (one they do
 * not, or no longer, or one deleted, is absent).
 */
async function childrenOfClasses(caller: InstructorCaller, marks: AttendanceMark[]) {
  const classIds = [...new Set(marks.map((mark) => mark.classId))].filter((id) => caller.classIds.includes(id));
  const classes = await Promise.all(
    classIds.map(async (classId) => {
      const [cls, seated] = await Promise.all([getStoredClass(classId), seatedChildren(classId)]);
      const students = await studentsByKey(seated.map((e) => ({ familyId: e.familyId, studentId: e.studentId })));
      return cls ? [[classId, { cls, students }] as const] : [];
    }),
  );
  return new Map(classes.flat());
}

type Checked = { mark: AttendanceMark } & ({ familyId: string; flagged: boolean } | { refusal: string });

/**
 * Records the marks a phone sends, each once by its key, and answers each on its own: a mark refused (a class the
 * caller does not teach, a child not enrolled, a day the class does not meet, a check-out to an adult off the list
 * without a reason) is answered with its reason and recorded nowhere; the others are recorded. A refused mark of a
 * class the caller teaches whose key was recorded before (an answer lost, then the child's enrollment cancelled) is
 * answered as recorded.
 */
export async function recordAttendance({ marks }: ParsedInput<'recordAttendance'>, caller: InstructorCaller) {
  const classes = await childrenOfClasses(caller, marks);
  const checked = marks.map((mark): Checked => {
    const taught = classes.get(mark.classId);
    if (!taught) return { mark, refusal: 'You do not teach this class (any more).' };
    if (!meetsOn(taught.cls, mark.date)) return { mark, refusal: `The class does not meet on ${mark.date}.` };
    const student: StoredStudent | undefined = taught.students.get(mark.studentId);
    if (!student) return { mark, refusal: 'The child is not enrolled in the class.' };
    if (mark.kind !== 'checkOut') return { mark, flagged: false, familyId: student.familyId };
    const rule = checkOutRule(mark, student.pickupAdults);
    if ('problem' in rule) return { mark, refusal: rule.problem };
    return { mark, flagged: rule.flagged, familyId: student.familyId };
  });
  const by = { sub: caller.sub, email: caller.instructorEmail };
  const outcomes = await Promise.all(
    checked.map(async (entry): Promise<MarkOutcome> => {
      const { key } = entry.mark;
      // Of a class the caller teaches only: another's marks are none of theirs to learn of.
      if ('refusal' in entry)
        return classes.has(entry.mark.classId) && (await markRecorded(entry.mark))
          ? { key, outcome: 'already recorded' }
          : { key, outcome: 'refused', reason: entry.refusal };
      const recorded = await recordMark(entry.mark, by, entry.flagged, entry.familyId);
      return { key, outcome: recorded ? 'recorded' : 'already recorded', ...(entry.flagged && { flagged: true }) };
    }),
  );
  return { marks: outcomes };
}

export const handler = instructorHandler('recordAttendance', recordAttendance);
