// A class's questions as a family reading Spanish meets them: the administrator's Spanish where given, the English
// tagged and marked where not, and the checks of the answers said in Spanish; in English, word for word the
// server's own sentences.
import { act, render, screen } from '@testing-library/react';
import { checkAnswers, type Question } from '../../lambdas/contract/records';
import { chooseLanguage } from '../../web/src/i18n/i18n';
import { AnswerFields, checkedAnswers } from '../../web/src/layout/AnswerFields';

const questions: Question[] = [
  {
    id: 'qLevel',
    label: 'Skill level',
    kind: 'choice',
    options: ['New', 'Skilled'],
    required: true,
    es: { label: 'Nivel', options: ['Nuevo', ''] },
  },
  { id: 'qBoots', label: 'Boot size', kind: 'number', min: 20, max: 48, required: true },
];

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

test('in Spanish, the questions read as the administrator gave them, an option without Spanish is marked English, and the checks speak Spanish', async () => {
  await act(() => chooseLanguage('es'));
  render(<AnswerFields questions={questions} draft={{ qBoots: '12' }} problems={{}} onChange={() => undefined} />);
  expect(screen.getByRole('radiogroup', { name: 'Nivel' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Nuevo' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Skilled (en inglés)' })).toBeInTheDocument();
  // The question without Spanish: its English label in an element that says so.
  for (const label of screen.getAllByText('Boot size')) expect(label.closest('[lang="en"]')).not.toBeNull();
  expect(checkedAnswers(questions, { qBoots: '12' }).problems).toEqual({
    qLevel: '«Nivel» necesita una respuesta',
    qBoots: '«Boot size» debe estar entre 20 y 48',
  });
});

test('in English the checks are the server’s own sentences, word for word', () => {
  const answers = checkedAnswers(questions, { qBoots: '12', qLevel: 'Expert' });
  expect(answers.problems).toEqual(checkAnswers(questions, answers.answers).problems);
  expect(answers.problems).toEqual({
    qLevel: '"Skill level" must be one of: New, Skilled',
    qBoots: '"Boot size" must be from 20 to 48',
  });
});
