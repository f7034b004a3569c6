// A policy's acceptance on a student's sheet is dated on the programme's clock: an evening acceptance in
// Denver is already the next day in UTC.
import { acceptanceLine, acceptancesText } from '../../web/src/admin/students/studentSheet';

const eveningInDenver = {
  studentId: 'ben',
  semesterId: 'spring',
  policyId: 'waiver',
  title: 'Liability waiver',
  version: 2,
  // 8:30 PM on Mar 3 in Denver (MST, UTC-7), 03:30 on Mar 4 in UTC.
  acceptedAt: '2026-03-04T03:30:00.000Z',
  acceptedBy: { sub: 'pat', email: 'pat@example.com' },
};

test('given an acceptance in a Denver evening, then the sheet shows the day it was in Denver', () => {
  expect(acceptanceLine(eveningInDenver, 'America/Denver')).toBe(
    'Liability waiver (version 2), accepted Mar 3, 2026 by pat@example.com',
  );
  expect(acceptanceLine(eveningInDenver, 'UTC')).toBe(
    'Liability waiver (version 2), accepted Mar 4, 2026 by pat@example.com',
  );
});

test('given no acceptance, then the sheet says none', () => {
  expect(acceptancesText([], 'America/Denver')).toBe('none');
  expect(acceptancesText(undefined, 'America/Denver')).toBe('none');
});
