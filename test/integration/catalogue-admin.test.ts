// The administrators' catalogue functions: semesters, classes and groups, and who may call them.
import { semesterClassLines } from '../../lambdas/catalogue/classes';
import type { Class, ClassGroup, NamedEnrollment } from '../../lambdas/contract/records';
import { adminSession, classNow, familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { call, data, signUpFamily } from '../support/portal';

const adminCall = async (name: Parameters<typeof call>[0], payload: unknown) =>
  call(name, payload, (await adminSession()).accessToken);

let semesterId: string;
beforeAll(async () => {
  semesterId = (await openSemester()).id;
});

test('a family gets 403 and a visitor 401 from every administrator function', async () => {
  const family = await signUpFamily();
  for (const name of ['saveSemester', 'saveClass', 'saveGroup', 'deleteClass', 'deleteGroup'] as const) {
    const asFamily = await call(name, {}, family.accessToken);
    expect([name, asFamily.status, asFamily.body.error?.code]).toEqual([name, 403, 'permission-denied']);
    expect([name, (await call(name, {})).status]).toEqual([name, 401]);
  }
});

test('given a class with 2 enrolled, when an administrator lowers its capacity to 1, then it is refused with the reason and nothing changes', async () => {
  const cls = await newClass(semesterId, { capacity: 3 });
  const { family, students } = await familyWithStudents(2);
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
  const { seatsLeft: _s, enrolled: _e, waitlisted: _w, ...input } = cls;
  const answer = await adminCall('saveClass', { ...input, capacity: 1 });
  expect(answer.status).toBe(409);
  expect(answer.body.error).toEqual({
    code: 'failed-precondition',
    message: 'The capacity cannot be lower than the 2 students already enrolled.',
  });
  expect((await classNow(cls.id)).capacity).toBe(3);
});

test('given a waitlist, when an administrator adds seats, then the waitlist takes them at once, in order', async () => {
  const cls = await newClass(semesterId, { capacity: 1 });
  const { family, students } = await familyWithStudents(4);
  // Four children of one family in one class: past a family's cap, so an administrator enrolls them.
  const admin = await adminSession();
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, admin.accessToken);
  const { seatsLeft: _s, enrolled: _e, waitlisted: _w, ...input } = cls;
  const { class: saved } = (await adminCall('saveClass', { ...input, capacity: 3 })).body.data as { class: Class };
  expect(saved).toMatchObject({ capacity: 3, enrolled: 3, waitlisted: 1 });
  const { enrollments } = await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken);
  expect(enrollments.find((e) => e.studentId === students[3]!.id)).toMatchObject({
    status: 'waitlisted',
    waitlistPosition: 1,
  });
});

test('closing a class stops new enrollments and keeps its roster', async () => {
  const cls = await newClass(semesterId, { capacity: 5 });
  const { family, students } = await familyWithStudents(2);
  await data('enroll', { studentId: students[0]!.id, classId: cls.id }, family.accessToken);
  const { seatsLeft: _s, enrolled: _e, waitlisted: _w, ...input } = cls;
  await adminCall('saveClass', { ...input, status: 'closed' });
  expect((await call('enroll', { studentId: students[1]!.id, classId: cls.id }, family.accessToken)).status).toBe(409);
  expect(await classNow(cls.id)).toMatchObject({ status: 'closed', enrolled: 1 });
});

test('a class without enrollments is deleted; one with enrollments is closed instead; one in a group is refused', async () => {
  const empty = await newClass(semesterId);
  expect((await adminCall('deleteClass', { id: empty.id })).body).toEqual({ data: {} });
  expect((await adminCall('deleteClass', { id: empty.id })).status).toBe(404);

  const taken = await newClass(semesterId);
  const { family, students } = await familyWithStudents(1);
  await data('enroll', { studentId: students[0]!.id, classId: taken.id }, family.accessToken);
  expect((await adminCall('deleteClass', { id: taken.id })).body).toEqual({ data: { closed: true } });
  expect(await classNow(taken.id)).toMatchObject({ status: 'closed', enrolled: 1 });

  const grouped = await newClass(semesterId);
  const group = await newGroup(semesterId, [grouped.id, (await newClass(semesterId)).id]);
  const refused = await adminCall('deleteClass', { id: grouped.id });
  expect(refused.status).toBe(409);
  expect(refused.body.error?.message).toBe(
    `${grouped.name} is part of the class group ${group.name}: remove it from the group first.`,
  );
});

test('a group holds classes of its own semester only; groups are changed and deleted', async () => {
  const other = await openSemester();
  const [a, b, foreign] = [await newClass(semesterId), await newClass(semesterId), await newClass(other.id)];
  const refused = await adminCall('saveGroup', { semesterId, name: 'Mixed', classIds: [a.id, foreign.id] });
  expect(refused.status).toBe(400);
  expect(refused.body.error?.message).toBe(`classIds[1]: ${foreign.name} belongs to another semester`);
  const group = await newGroup(semesterId, [a.id, b.id]);
  const renamed = (await adminCall('saveGroup', { ...group, name: 'Renamed' })).body.data as { group: ClassGroup };
  expect(renamed.group).toEqual({ ...group, name: 'Renamed' });
  expect((await adminCall('deleteGroup', { id: group.id })).status).toBe(200);
  expect(await data('classGroups', { groups: [{ id: group.id }] })).toEqual({ groups: [] });
});

test('the classes a group joins, directly or through another group, wait in one line of enrollment requests, until the group is deleted', async () => {
  const semester = await openSemester();
  const [a, b, c, alone] = await Promise.all([1, 2, 3, 4].map(() => newClass(semester.id)));
  const first = await newGroup(semester.id, [a!.id, b!.id]);
  await newGroup(semester.id, [b!.id, c!.id]);
  const joined = [a!.id, b!.id, c!.id].sort()[0];
  expect(Object.fromEntries(await semesterClassLines(semester.id))).toEqual({
    [a!.id]: joined,
    [b!.id]: joined,
    [c!.id]: joined,
    [alone!.id]: alone!.id,
  });

  expect((await adminCall('deleteGroup', { id: first.id })).status).toBe(200);
  const apart = [b!.id, c!.id].sort()[0];
  expect(Object.fromEntries(await semesterClassLines(semester.id))).toEqual({
    [a!.id]: a!.id,
    [b!.id]: apart,
    [c!.id]: apart,
    [alone!.id]: alone!.id,
  });
});

test('saving a class for an unknown semester or with inverted grades is 400 naming the field', async () => {
  expect((await adminCall('saveClass', { semesterId: 'nope', name: 'X', capacity: 1 })).body.error?.message).toBe(
    'semesterId: there is no such semester',
  );
  expect(
    (await adminCall('saveClass', { semesterId, name: 'X', capacity: 1, minGrade: 8, maxGrade: 3 })).body.error
      ?.message,
  ).toBe('maxGrade: must not be below the lowest grade');
});
