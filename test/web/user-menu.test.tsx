import { menuEmail } from '../../web/src/layout/UserMenu';

test('given a long e-mail, then the menu shows its first 15 characters plus "…"', () => {
  expect(menuEmail('guardian.of.three@example.com')).toBe('guardian.of.thr…');
});

test('given an e-mail of 15 characters or fewer, then it shows whole', () => {
  expect(menuEmail('ann@example.com')).toBe('ann@example.com');
});

test('given no e-mail, then the menu says "User email"', () => {
  expect(menuEmail(undefined)).toBe('User email');
});
