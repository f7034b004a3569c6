// The class day's rules, as the server and a phone apply them: who may take a child home, the order of a
// meeting's events whoever sent them, who is checked in now, and what a batch of marks may hold.
import {
  attendanceMarks,
  checkedInNow,
  checkOutRule,
  inOrderMade,
  MAX_MARKS_PER_CALL,
  type AttendanceEvent,
} from '../../lambdas/contract/classDay';

const pickupAdults = [{ name: 'Dana  Tester' }, { name: 'Sam Lee' }];

describe('a check-out', () => {
  test('to an adult of the pick-up list, named however spaced or cased, is recorded and not flagged', () => {
    expect(checkOutRule({ pickedUpBy: ' dana tester ' }, pickupAdults)).toEqual({ flagged: false });
    expect(checkOutRule({ pickedUpBy: 'SAM LEE', reason: 'not needed' }, pickupAdults)).toEqual({ flagged: false });
  });

  test('to anyone else needs a reason, and with one it is flagged to the office', () => {
    expect(checkOutRule({ pickedUpBy: 'Uncle Bob' }, pickupAdults)).toEqual({
      problem: "Uncle Bob is not on the child's pick-up list: give a reason to check the child out.",
    });
    expect(checkOutRule({ pickedUpBy: 'Uncle Bob' }, [])).toHaveProperty('problem');
    expect(checkOutRule({ pickedUpBy: 'Uncle Bob', reason: 'Mother called the office' }, pickupAdults)).toEqual({
      flagged: true,
    });
  });
});

const event = (
  key: string,
  kind: AttendanceEvent['kind'],
  at: string,
  recordedAt = '2027-01-09T20:00:00.000Z',
): Pick<AttendanceEvent, 'key' | 'kind' | 'at' | 'recordedAt'> => ({ key, kind, at, recordedAt });

describe("a meeting's events", () => {
  test('are in the order made on the phones, whenever they arrived; at one moment as received, then by key', () => {
    const events = [
      event('c', 'checkOut', '2027-01-09T12:05:00-07:00', '2027-01-09T19:00:00.000Z'),
      event('a', 'checkIn', '2027-01-09T08:01:00-07:00', '2027-01-09T21:00:00.000Z'),
      event('b', 'present', '2027-01-09T16:01:00Z', '2027-01-09T17:00:00.000Z'),
      event('e', 'present', '2027-01-09T16:01:00Z', '2027-01-09T16:59:00.000Z'),
      event('d', 'present', '2027-01-09T16:01:00Z', '2027-01-09T16:59:00.000Z'),
    ];
    expect(inOrderMade(events).map((e) => e.key)).toEqual(['a', 'd', 'e', 'b', 'c']);
  });

  test('say a child is checked in while its last check-in or check-out, in order made, is a check-in', () => {
    expect(checkedInNow([])).toBe(false);
    expect(checkedInNow([event('a', 'present', '2027-01-09T16:00:00Z')])).toBe(false);
    expect(
      checkedInNow([event('a', 'checkIn', '2027-01-09T16:00:00Z'), event('b', 'present', '2027-01-09T16:30:00Z')]),
    ).toBe(true);
    // Sent by another phone before the check-in arrived, but made after it.
    expect(
      checkedInNow([
        event('b', 'checkOut', '2027-01-09T19:00:00Z', '2027-01-09T19:01:00.000Z'),
        event('a', 'checkIn', '2027-01-09T16:00:00Z', '2027-01-09T20:00:00.000Z'),
      ]),
    ).toBe(false);
  });
});

describe('a batch of marks', () => {
  const mark = (key: string) => ({
    key,
    kind: 'present',
    classId: 'c1',
    date: '2027-01-09',
    studentId: 's1',
    at: '2027-01-09T09:00:00-07:00',
    deviceId: 'phone-1',
  });
  const keyOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const messageOf = (marks: unknown) => attendanceMarks.safeParse(marks).error?.issues[0]?.message;

  test(`holds 1 to ${MAX_MARKS_PER_CALL} marks, each key once`, () => {
    expect(messageOf(Array.from({ length: MAX_MARKS_PER_CALL }, (_, index) => mark(keyOf(index))))).toBeUndefined();
    expect(messageOf([])).toBe('must hold at least one mark');
    expect(messageOf(Array.from({ length: MAX_MARKS_PER_CALL + 1 }, (_, index) => mark(keyOf(index))))).toBe(
      `must hold at most ${MAX_MARKS_PER_CALL} marks: send the rest in another call`,
    );
    expect(messageOf([mark(keyOf(1)), mark(keyOf(1))])).toBe('must not hold a key twice');
  });

  test('refuses a key made up by hand, a moment without its zone and a check-out without an adult', () => {
    expect(messageOf([mark('1')])).toBe('must be a uuid made on the device');
    expect(messageOf([{ ...mark(keyOf(1)), at: '2027-01-09 09:00' }])).toBe('must be an ISO 8601 date and time');
    expect(messageOf([{ ...mark(keyOf(1)), kind: 'checkOut' }])).toBeDefined();
    expect(messageOf([{ ...mark(keyOf(1)), kind: 'checkOut', pickedUpBy: 'Sam Lee' }])).toBeUndefined();
  });
});
