// Which grades a class admits: the one rule the enrollment page's filter, the enroll dialog and the
// server's refusal message share.
import { admitsGrade, gradeLabel } from '../../lambdas/contract/grades';

test('a class without limits admits every grade, Pre-K (-1) to 12', () => {
  for (const grade of [-1, 0, 6, 12]) expect(admitsGrade({}, grade)).toBe(true);
});

test('a class admits its lowest and highest grade and those between, and no other', () => {
  const cls = { minGrade: 3, maxGrade: 5 };
  expect([2, 3, 4, 5, 6].map((grade) => admitsGrade(cls, grade))).toEqual([false, true, true, true, false]);
});

test('a class with one limit admits everything on the open side', () => {
  expect(admitsGrade({ minGrade: 0 }, 12)).toBe(true);
  expect(admitsGrade({ minGrade: 0 }, -1)).toBe(false);
  expect(admitsGrade({ maxGrade: 0 }, -1)).toBe(true);
  expect(admitsGrade({ maxGrade: 0 }, 1)).toBe(false);
});

test('a grade on its own reads Pre-K, K or Grade N; none given, nothing', () => {
  expect([-1, 0, 1, 12].map(gradeLabel)).toEqual(['Pre-K', 'K', 'Grade 1', 'Grade 12']);
  expect(gradeLabel(undefined)).toBe('');
});
