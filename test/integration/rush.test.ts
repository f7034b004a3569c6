// Registration day: hundreds of "enroll" presses in the same moment, through the local gateway. Every call
// is answered (a call still in line after a few seconds is told so, and asks again as the web app does),
// the seats go to the earliest calls and the waitlist is in arrival order.
import type { NamedEnrollment, Student } from '../../lambdas/contract/records';
import { familyWithChildren } from '../support/busyRetries';
import { classNow, newClass, openSemester } from '../support/fixtures';
import { expectArrivalOrder } from '../support/arrivalOrder';
import { instancesUsed } from '../support/lambdaSummary';
import { data, enrollAndWait, outcomeOf, type SignedIn } from '../support/portal';

// Three children per family: a family may enroll at most three of its children in one class.
const FAMILIES = 67;
const CHILDREN_PER_FAMILY = 3;
const SEATS = 25;

// With PORTAL_LAMBDA_INSTANCES=on in the environment, the test stack runs each call in an instance of its
// function, as Lambda does: what the rush used.
afterAll(async () => {
  const instances = await instancesUsed(process.env.PORTAL_TEST_URL!);
  if (instances) console.log(`function instances: ${instances}`);
});

test(`given ${FAMILIES * CHILDREN_PER_FAMILY} concurrent enroll calls from ${FAMILIES} families for a ${SEATS}-seat class, then exactly ${SEATS} are enrolled, the earliest calls, and the rest waitlisted at positions 1..n in arrival order`, async () => {
  const semester = await openSemester();
  const cls = await newClass(semester.id, { capacity: SEATS });
  const families: Array<{ family: SignedIn; students: Student[] }> = await Promise.all(
    Array.from({ length: FAMILIES }, (_, f) => familyWithChildren(CHILDREN_PER_FAMILY, `rush${f}`)),
  );

  const answers = await Promise.all(
    families.flatMap(({ family, students }) =>
      students.map((student) => enrollAndWait({ studentId: student.id, classId: cls.id }, family.accessToken)),
    ),
  );

  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  expect(answers.map(outcomeOf)).toEqual(answers.map(() => 200));
  const results = answers.map((answer) => answer.body.data!.enrollments[0]!);
  const waitlisted = results.filter((e) => e.status === 'waitlisted');
  const enrolled = results.filter((e) => e.status === 'enrolled');
  expect(enrolled).toHaveLength(SEATS);
  expect(waitlisted).toHaveLength(FAMILIES * CHILDREN_PER_FAMILY - SEATS);
  // Positions told are exact: each is the place the join took when it committed.
  expect(waitlisted.map((e) => e.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
    waitlisted.map((_, index) => index + 1),
  );
  expect(await classNow(cls.id)).toMatchObject({
    enrolled: SEATS,
    waitlisted: FAMILIES * CHILDREN_PER_FAMILY - SEATS,
    seatsLeft: 0,
  });

  const late = await expectArrivalOrder(
    answers.map((answer) => ({
      enrollment: answer.body.data!.enrollments[0]!,
      requestId: answer.body.data!.requestId,
    })),
  );
  if (late) console.log(`${late} requests reached the queue after a later one was decided, and were placed after it`);

  // Each family's own view agrees with what it was told.
  const told = new Map(results.map((e) => [e.id, e.waitlistPosition]));
  for (const { family } of families) {
    const { enrollments } = await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken);
    for (const e of enrollments) expect(e.waitlistPosition).toBe(told.get(e.id));
  }
});
