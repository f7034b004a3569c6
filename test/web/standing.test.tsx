// Where each child stands with a class or a group, as the cards and the enroll dialog say it before anyone
// presses Enroll: enrolled, waitlisted at a position, not eligible with the reason, or free to enroll.
import type { Class, ClassGroup, NamedEnrollment, Student } from '../../lambdas/contract/records';
import type { EnrollTarget } from '../../web/src/classes/enrollTarget';
import { capReason, standingLabel, standingOf } from '../../web/src/classes/standing';

const cls = (id: string, grades: Partial<Class> = {}): Class => ({
  id,
  semesterId: 'winter',
  name: `Class ${id}`,
  description: '',
  location: '',
  instructor: '',
  meetings: [],
  capacity: 10,
  enrolled: 0,
  waitlisted: 0,
  seatsLeft: 10,
  status: 'open',
  ...grades,
});
const child = (id: string, grade?: number): Student => ({
  id,
  firstName: `Child ${id}`,
  lastName: 'Tester',
  birthDate: '2014-01-01',
  tshirtSize: 'YM',
  emergencyContacts: [{ name: 'A', phone: '5550100100' }],
  pickupAdults: [],
  ...(grade !== undefined && { grade }),
});
const enrollment = (studentId: string, c: Class, more: Partial<NamedEnrollment> = {}): NamedEnrollment => ({
  id: `${c.id}~${studentId}`,
  studentId,
  classId: c.id,
  semesterId: c.semesterId,
  status: 'enrolled',
  createdAt: '2026-11-01T00:00:00Z',
  className: c.name,
  studentName: `Child ${studentId} Tester`,
  ...more,
});

const a = cls('a', { minGrade: 6, maxGrade: 8 });
const b = cls('b');
const group: ClassGroup = { id: 'g', semesterId: 'winter', name: 'Group', description: '', classIds: ['a', 'b'] };
const onClass = (c: Class): EnrollTarget => ({ kind: 'class', cls: c });
const onGroup: EnrollTarget = { kind: 'group', group, classes: [a, b] };

test('given a child enrolled in the class, directly or through a group, then "Enrolled"', () => {
  expect(standingLabel(standingOf(child('1', 7), onClass(a), [enrollment('1', a)]))).toBe('Enrolled');
  expect(standingOf(child('1', 7), onClass(b), [enrollment('1', b, { groupId: 'g' })])).toEqual({ kind: 'enrolled' });
});

test('given a child waiting, then "Waitlisted – position N"; a group waiting in two classes gives both places', () => {
  const waiting = enrollment('1', a, { status: 'waitlisted', waitlistPosition: 3 });
  expect(standingLabel(standingOf(child('1', 7), onClass(a), [waiting]))).toBe('Waitlisted – position 3');
  const inGroup = [
    enrollment('1', a, { status: 'waitlisted', waitlistPosition: 2, groupId: 'g' }),
    enrollment('1', b, { status: 'waitlisted', waitlistPosition: 5, groupId: 'g' }),
  ];
  expect(standingLabel(standingOf(child('1', 7), onGroup, inGroup))).toBe('Waitlisted – positions 2, 5');
});

test('given a cancelled enrollment, then the child is free to enroll again', () => {
  expect(standingOf(child('1', 7), onClass(a), [enrollment('1', a, { status: 'cancelled' })])).toEqual({
    kind: 'free',
  });
});

test("given a child outside the class's grades, or without a grade, then not eligible with the reason", () => {
  expect(standingLabel(standingOf(child('1', 4), onClass(a), []))).toBe(
    'Not eligible – Grade 4; this class is for grades 6–8',
  );
  expect(standingLabel(standingOf(child('1'), onClass(a), []))).toBe(
    'Not eligible – no school grade given; this class is for grades 6–8',
  );
  expect(standingLabel(standingOf(child('1', 4), onGroup, []))).toBe(
    'Not eligible – Grade 4; Class a is for grades 6–8',
  );
  expect(standingOf(child('1'), onClass(b), [])).toEqual({ kind: 'free' });
});

test('given a child already in one class of a group on its own, then the group is not possible for them', () => {
  expect(standingLabel(standingOf(child('1', 7), onGroup, [enrollment('1', b)]))).toBe(
    'Not eligible – already in Class b',
  );
});

test("given the family's caps, then a class holding its most children, or a semester's most enrollments, is said", () => {
  const caps = { childrenPerClass: 2, enrollmentsPerSemester: 3 };
  expect(capReason(onClass(b), [enrollment('1', b)], caps)).toBeUndefined();
  expect(capReason(onClass(b), [enrollment('1', b), enrollment('2', b)], caps)).toBe(
    'your family already has 2 children in Class b, the most one family may enroll',
  );
  expect(
    capReason(onClass(b), [enrollment('1', b), enrollment('2', b, { status: 'cancelled' })], caps),
  ).toBeUndefined();
  // A group takes a place in each of its classes.
  expect(capReason(onGroup, [enrollment('1', cls('c'))], { childrenPerClass: 3, enrollmentsPerSemester: 2 })).toBe(
    'your family has 1 enrollment this semester, and 2 is the most allowed',
  );
});
