// A line held up on a busy day: each request in line is told its place and the line's tally when the place was
// counted, and `lineProgress` (one read everyone shares, served from the edge) tells how many of the line were
// decided since, refusals included: a waiting page follows its place from it without asking about its request.
import type { EnrollmentAnswer, LineMark, LineProgress } from '../../lambdas/contract/records';
import { placeNow } from '../../lambdas/contract/waitingInLine';
import { addStudent, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { holdLine, letLineGo } from '../support/heldLine';
import { call, data, signUpFamily } from '../support/portal';

const progressOf = async (semesterId: string) =>
  (await data<{ lines: Record<string, LineProgress> }>('lineProgress', { semesterId })).lines;

test("given a line held up, then each request is told its place and the line's tally, and the line's progress counts every decision, a refusal included", async () => {
  const families = await Promise.all(Array.from({ length: 4 }, (_, index) => familyWithStudents(1, `line${index}`)));
  // A child in grade 9, for a class of grade 7 only: the allocator refuses the request in its turn.
  const older = await signUpFamily('lineOlder');
  const olderChild = await addStudent(older, { grade: 9 });
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: 2, minGrade: 7, maxGrade: 7 });
  expect(await progressOf(semester.id)).toEqual({ [cls.id]: { decided: 0 } });

  // Another allocator holds the line (as on a busy day): every request waits in line, and is told so.
  await holdLine(cls.id, 60_000);
  const enrolls = [
    ...families.map(({ family, students }) => ({ token: family.accessToken, studentId: students[0]!.id })),
    { token: older.accessToken, studentId: olderChild.id },
  ];
  const answers: EnrollmentAnswer[] = [];
  // One after another: each waits its few seconds in line, and its place is the one after the one before.
  for (const { token, studentId } of enrolls.slice(0, 2))
    answers.push((await call<EnrollmentAnswer>('enroll', { studentId, classId: cls.id }, token)).body.data!);
  answers.push(
    ...(
      await Promise.all(
        enrolls
          .slice(2)
          .map(({ token, studentId }) => call<EnrollmentAnswer>('enroll', { studentId, classId: cls.id }, token)),
      )
    ).map((answer) => answer.body.data!),
  );
  const pending = answers.map((answer) => answer.pending as { place: number; line: LineMark });
  expect(pending.slice(0, 2)).toEqual([
    { place: 1, line: { id: cls.id, decided: 0 } },
    { place: 2, line: { id: cls.id, decided: 0 } },
  ]);
  expect(
    pending
      .slice(2)
      .map(({ place }) => place)
      .sort(),
  ).toEqual([3, 4, 5]);

  // The other allocator lets go: the first family's page asks again and decides the line.
  await letLineGo(cls.id);
  const decidedFrom = Date.now();
  const decided = await Promise.all(
    enrolls.map(({ token }, index) =>
      call<EnrollmentAnswer>('enrollmentRequest', { requestId: answers[index]!.requestId, classId: cls.id }, token),
    ),
  );
  const line = (await progressOf(semester.id))[cls.id]!;
  // Four seated or waitlisted, one refused: five decided, when the last batch was written.
  expect(line.decided).toBe(5);
  expect(Date.parse(line.decidedAt!)).toBeGreaterThanOrEqual(decidedFrom - 1000);
  expect(Date.parse(line.decidedAt!)).toBeLessThanOrEqual(Date.now());
  const outcomes = decided.map((answer) => answer.body.data?.enrollments[0]?.status ?? answer.body.error?.code);
  expect(outcomes.filter((outcome) => outcome === 'enrolled')).toHaveLength(2);
  expect(outcomes.filter((outcome) => outcome === 'waitlisted')).toHaveLength(2);
  expect(outcomes[4]).toBe('failed-precondition');
  // Followed from the progress alone, every page's place is now the front.
  for (const { place, line: mark } of pending) expect(placeNow(place, mark, line.decided)).toBe(1);

  // A request after them is told the tally it was counted at.
  const late = await familyWithStudents(1, 'lineLate');
  await holdLine(cls.id, 60_000);
  const lateAnswer = await call<EnrollmentAnswer>(
    'enroll',
    { studentId: late.students[0]!.id, classId: cls.id },
    late.family.accessToken,
  );
  expect(lateAnswer.body.data!.pending).toEqual({ place: 1, line: { id: cls.id, decided: 5 } });
  await letLineGo(cls.id);
  // Its page asks about the request until it is decided. (Pressing Enroll again would race the stream's safety
  // net, which may decide the request first: a press after the decision is a new request, refused as already on
  // the waitlist. On a loaded CI machine it did.)
  const ask = () =>
    call<EnrollmentAnswer>(
      'enrollmentRequest',
      { requestId: lateAnswer.body.data!.requestId, classId: cls.id },
      late.family.accessToken,
    );
  let lateDecided = await ask();
  for (let asked = 1; lateDecided.body.data?.pending && asked < 30; asked += 1) lateDecided = await ask();
  expect(lateDecided.body.data?.enrollments[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 3 });
  expect((await progressOf(semester.id))[cls.id]!.decided).toBe(6);
}, 120_000);
