import { getClasses } from '../../catalogue/classes';
import { enrollmentEntity, enrollmentForCaller } from '../enrollments';
import { answersByClass, classStartsOn, questionsForClasses } from '../questions';
import { getSemester } from '../../catalogue/semesters';
import { dateLabel } from '../../contract/moments';
import type { ParsedInput } from '../../contract/manifest';
import type { Answer } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { failedPrecondition, notFound } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';

const cancelled = () => failedPrecondition('This enrollment is cancelled: its answers can no longer be changed.');

/**
 * The family changes the answers it gave with an enrollment, until the class starts (its first meeting, or
 * its semester's first day): checked against the questions of the semester and the class as they are now.
 */
export async function saveAnswers(
  input: ParsedInput<'saveAnswers'>,
  caller: FamilyCaller,
): Promise<{ answers: Answer[] }> {
  const enrollment = await enrollmentForCaller(caller, input.enrollmentId);
  if (enrollment.status === 'cancelled') throw cancelled();
  const [cls] = await getClasses([enrollment.classId], true);
  const semester = cls && (await getSemester(cls.semesterId));
  if (!cls || !semester) throw notFound('This class is no longer offered.');
  const startsOn = classStartsOn(cls, semester.startDate);
  if (new Date().toISOString().slice(0, 10) >= startsOn)
    throw failedPrecondition(
      `${cls.name} started on ${dateLabel(startsOn)}: the answers given can no longer be changed here. ` +
        'Please contact the programme if one of them is wrong.',
    );
  const answers = answersByClass([cls.id], await questionsForClasses([cls]), input.answers)[cls.id]!;
  // An update, not a put: the seat changes made meanwhile stay; they check answersSavedAt as they read it.
  const saved = await enrollmentEntity.updateIfThere(
    { classId: enrollment.classId, studentId: enrollment.studentId },
    {
      set: { answers, answersSavedAt: new Date().toISOString() },
      names: { '#status': 'status' },
      values: { ':cancelled': 'cancelled' },
      condition: '#status <> :cancelled',
    },
  );
  if (!saved) throw cancelled();
  return { answers };
}

export const handler = limitedHandler('saveAnswers', saveAnswers);
