// The enroll dialog's steps: each event leads to one step, and what the family chose, added and was refused for is
// kept across them.
import type { Enrollment, Student } from '../../lambdas/contract/records';
import { type EnrollEvent, enrollStep, FIRST_STEP, isSending } from '../../web/src/classes/enrollSteps';

const ana = { id: 's1', firstName: 'Ana' } as Student;
const ben = { id: 's2', firstName: 'Ben' } as Student;
const enrolled = [{ id: 'e1', status: 'enrolled' }] as Enrollment[];
const after = (...events: EnrollEvent[]) => events.reduce(enrollStep, FIRST_STEP);

test('given a child chosen and sent, then the place in line, then the outcome, and "enroll another" starts again with no child chosen', () => {
  const sent = after({ type: 'choose', studentId: 's1' }, { type: 'send' });
  expect(sent).toMatchObject({ step: { kind: 'sending' }, chosen: 's1' });
  expect(isSending(sent.step)).toBe(true);
  const inLine = enrollStep(sent, { type: 'toldInLine', inLine: { place: 4 } });
  expect(inLine.step).toEqual({ kind: 'inLine', inLine: { place: 4 } });
  expect(isSending(inLine.step)).toBe(true);
  const decided = enrollStep(inLine, { type: 'decided', student: ana, enrollments: enrolled });
  expect(decided.step).toEqual({ kind: 'decided', student: ana, enrollments: enrolled });
  expect(isSending(decided.step)).toBe(false);
  expect(enrollStep(decided, { type: 'again' })).toMatchObject({ step: { kind: 'choosing' }, chosen: undefined });
});

test('given a refusal that asks to check a child, then the list comes back with the message and the child to check; its details saved clear both and choose it', () => {
  const refused = after(
    { type: 'choose', studentId: 's1' },
    { type: 'send' },
    { type: 'refused', message: "Please check Ana's details first.", studentToCheck: 's1' },
  );
  expect(refused).toMatchObject({ step: { kind: 'choosing' }, failure: "Please check Ana's details first." });
  expect([...refused.toCheck]).toEqual(['s1']);
  const checking = enrollStep(refused, { type: 'check', student: ana });
  expect(checking.step).toEqual({ kind: 'checking', student: ana });
  const saved = enrollStep(checking, { type: 'childSaved', student: { ...ana, grade: 3 } as Student });
  expect(saved).toMatchObject({ step: { kind: 'choosing' }, chosen: 's1', failure: undefined });
  expect([...saved.toCheck]).toEqual([]);
  expect(saved.added).toEqual([{ ...ana, grade: 3 }]);
});

test('given a child added, then it is kept and chosen; a form cancelled goes back to the list and keeps the choice', () => {
  const added = after({ type: 'choose', studentId: 's1' }, { type: 'add' }, { type: 'childSaved', student: ben });
  expect(added).toMatchObject({ step: { kind: 'choosing' }, chosen: 's2', added: [ben] });
  expect(after({ type: 'choose', studentId: 's1' }, { type: 'add' }, { type: 'formCancelled' })).toMatchObject({
    step: { kind: 'choosing' },
    chosen: 's1',
  });
});

test('given a refusal that asks for policies, then they are shown, and going back returns to the list', () => {
  const asked = { studentId: 's1', policies: [] } as never;
  const shown = after({ type: 'choose', studentId: 's1' }, { type: 'send' }, { type: 'policiesAsked', asked });
  expect(shown.step).toEqual({ kind: 'policies', asked });
  expect(enrollStep(shown, { type: 'policiesBack' }).step).toEqual({ kind: 'choosing' });
  // Accepting sends the request again.
  expect(enrollStep(shown, { type: 'send' }).step).toEqual({ kind: 'sending' });
});
