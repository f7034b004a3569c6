// Counts in words: one is singular, every other count plural ("0 seats", "1 seat", "2 sets").
import { counted } from '../../web/src/layout/counted';

test('a count of one takes the singular, any other count the plural (the noun plus s, or the plural given)', () => {
  expect([0, 1, 2].map((count) => counted(count, 'seat'))).toEqual(['0 seats', '1 seat', '2 seats']);
  expect([1, 3].map((count) => counted(count, 'child', 'children'))).toEqual(['1 child', '3 children']);
});
