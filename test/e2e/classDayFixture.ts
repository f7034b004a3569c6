// What the class-day tests start from: a class meeting the day before, the day and the day after the phone's day as
// its browser reads the clock now (whichever the page takes for today, a run at midnight included, it has a meeting),
// a family's child enrolled in it, and an account the office invited to teach it (the test accepts the invitation).
import type { StudentInput } from '../../lambdas/contract/records';
import { addStudent, adminSession, newClass, openSemester } from '../support/fixtures';
import { data, enrollAndWait, signUpFamily } from '../support/portal';
import { READER_TIME_ZONE } from '../support/programmeTime';
import { unique } from './admin-session';

export async function classDayFixture(name: string, child: Partial<StudentInput>) {
  const dayFrom = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: READER_TIME_ZONE });
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester({ name: unique(`${name} semester`) });
  const cls = await newClass(semester.id, {
    name: unique(name),
    meetings: [-1, 0, 1].map((offset) => ({ date: dayFrom(offset), start: '00:00', end: '23:59' })),
  });
  const family = await signUpFamily('class-day-family');
  const student = await addStudent(family, child);
  expect((await enrollAndWait({ studentId: student.id, classId: cls.id }, family.accessToken)).status).toBe(200);
  const instructor = await signUpFamily('class-day-instructor');
  await data('inviteInstructor', { email: instructor.email, classIds: [cls.id] }, admin);
  return { admin, cls, family, student, instructor };
}
