// Test data made through the portal's own functions: each test builds the semester, classes and families
// it needs, so tests never depend on each other or on the demo data.
import type { Class, ClassGroup, ClassInput, Semester, Student, StudentInput } from '../../lambdas/contract/records';
import { data, signInAdmin, signUpFamily, waitForMail, type SignedIn } from './portal';

const DAY = 86_400_000;

let admin: Promise<SignedIn> | undefined;
export function adminSession(): Promise<SignedIn> {
  admin ??= signInAdmin();
  return admin;
}

/** A semester whose registration is open now (not the current one, so the demo data stays as it is). */
export async function openSemester(overrides: Partial<Semester> = {}): Promise<Semester> {
  const now = Date.now();
  const { semester } = await data<{ semester: Semester }>(
    'saveSemester',
    {
      name: `Test semester ${Math.random().toString(36).slice(2, 8)}`,
      startDate: new Date(now + 30 * DAY).toISOString().slice(0, 10),
      endDate: new Date(now + 90 * DAY).toISOString().slice(0, 10),
      current: false,
      registrationOpens: new Date(now - DAY).toISOString(),
      registrationCloses: new Date(now + 20 * DAY).toISOString(),
      ...overrides,
    },
    (await adminSession()).accessToken,
  );
  return semester;
}

export async function newClass(semesterId: string, overrides: Partial<ClassInput> = {}): Promise<Class> {
  const { class: created } = await data<{ class: Class }>(
    'saveClass',
    {
      semesterId,
      name: `Test class ${Math.random().toString(36).slice(2, 8)}`,
      location: 'Summit Lodge',
      instructor: 'Test Instructor',
      whatToBring: 'Warm gloves',
      meetings: [{ date: new Date(Date.now() + 35 * DAY).toISOString().slice(0, 10), start: '09:00', end: '11:00' }],
      capacity: 10,
      ...overrides,
    },
    (await adminSession()).accessToken,
  );
  return created;
}

export async function newGroup(semesterId: string, classIds: string[]): Promise<ClassGroup> {
  const { group } = await data<{ group: ClassGroup }>(
    'saveGroup',
    { semesterId, name: 'Test group', classIds },
    (await adminSession()).accessToken,
  );
  return group;
}

export function studentInput(overrides: Partial<StudentInput> = {}): StudentInput {
  return {
    firstName: 'Alex',
    lastName: 'Tester',
    birthDate: '2014-03-15',
    tshirtSize: 'YM',
    grade: 7,
    emergencyContacts: [{ name: 'Jordan Tester', phone: '+1 555 010 0100', relationship: 'parent' }],
    pickupAdults: [],
    ...overrides,
  };
}

export async function addStudent(family: SignedIn, overrides: Partial<StudentInput> = {}): Promise<Student> {
  return (await data<{ student: Student }>('saveStudent', studentInput(overrides), family.accessToken)).student;
}

/** A new signed-in family with `count` children. */
export async function familyWithStudents(
  count: number,
  name = 'family',
): Promise<{ family: SignedIn; students: Student[] }> {
  const family = await signUpFamily(name);
  const students: Student[] = [];
  for (let index = 0; index < count; index += 1)
    students.push(await addStudent(family, { firstName: `Child${index + 1}` }));
  return { family, students };
}

export async function classNow(classId: string): Promise<Class> {
  const { classes } = await data<{ classes: Record<string, Class[]> }>('classes', { query: [{ id: classId }] });
  return Object.values(classes).flat()[0]!;
}

/** Invites `email` to the family and reads the link's token from the invitation e-mail, as the invitee would. */
export async function invitationTo(family: SignedIn, email: string): Promise<string> {
  await data('inviteGuardian', { email }, family.accessToken);
  const mail = await waitForMail(email, /invites you to be a guardian/);
  return /invitation\?token=([\w.-]+)/.exec(mail.text)![1]!;
}

/** A new account, invited to the family and accepted: a second guardian of it. */
export async function addGuardian(family: SignedIn, name = 'guardian'): Promise<SignedIn> {
  const guardian = await signUpFamily(name);
  const token = await invitationTo(family, guardian.email);
  await data('acceptInvitation', { token }, guardian.accessToken);
  return guardian;
}
