// A line held up on a busy day: each request in line is told its place and the line's tally when the place was
// counted, and `lineProgress` (one read everyone shares, served from the edge) tells how many of the line were
// decided since, refusals included: a waiting page follows its place from it without asking about its request.
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { EnrollmentAnswer, LineMark, LineProgress } from '../../lambdas/contract/records';
import { placeNow } from '../../lambdas/contract/waitingInLine';
import { addStudent, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import {
  lineQueue,
  newRequestId,
  placeInQueue,
  renewMilestones,
  putRequest,
  queueKeyOf,
} from '../../lambdas/enrollment/enrollmentRequests';
import { dynamo, tableName } from '../../lambdas/platform/dynamo';
import { decideQueue } from '../../lambdas/enrollment/allocator';
import { advanceLine, holdLine, letLineGo } from '../support/heldLine';
import { call, data, signUpFamily } from '../support/portal';

const progressOf = async (semesterId: string) =>
  (await data<{ lines: Record<string, LineProgress> }>('lineProgress', { semesterId })).lines;

/** Asks about a request as its waiting page does, until it is decided (each ask waits a few seconds in line). */
async function decidedRequest(requestId: string, classId: string, token: string) {
  const ask = () => call<EnrollmentAnswer>('enrollmentRequest', { requestId, classId }, token);
  let answer = await ask();
  for (let asked = 1; answer.body.data?.pending && asked < 30; asked += 1) answer = await ask();
  return answer;
}

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
    enrolls.map(({ token }, index) => decidedRequest(answers[index]!.requestId, cls.id, token)),
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
  const lateDecided = await decidedRequest(lateAnswer.body.data!.requestId, cls.id, late.family.accessToken);
  expect(lateDecided.body.data?.enrollments[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 3 });
  expect((await progressOf(semester.id))[cls.id]!.decided).toBe(6);
}, 120_000);

/** `count` requests of a fair start's draw at `drawAt` put in `queue` (nobody decides them before the draw). */
async function drawRequests(queue: string, count: number, drawAt: number) {
  const requests = Array.from({ length: count }, () => {
    const arrivedAt = Date.now();
    const draw = { opening: new Date(drawAt).toISOString(), at: drawAt, rank: randomUUID().replaceAll('-', '') };
    const family = randomUUID();
    return {
      id: newRequestId(arrivedAt),
      queue,
      studentId: randomUUID(),
      familyId: family,
      classIds: [randomUUID()],
      arrivedAt,
      draw,
      by: { sub: family, isAdmin: false },
    };
  });
  for (let first = 0; first < count; first += 10) await Promise.all(requests.slice(first, first + 10).map(putRequest));
  return requests.sort((a, b) => (queueKeyOf(a) < queueKeyOf(b) ? -1 : 1));
}

const milestonesOf = async (queue: string) =>
  (
    await dynamo.send(
      new GetCommand({ TableName: tableName, Key: { PK: queue, SK: 'MILESTONES' }, ConsistentRead: true }),
    )
  ).Item as { keys: string[]; decided: number; readAt: number } | undefined;

test("given a long line, then each request's place is told from the line's milestones, exactly, as the line is decided from its front; one placed before them, or far past them, too", async () => {
  const line = `milestones-${randomUUID()}`;
  const queue = lineQueue(line);
  const hour = Date.now() + 3_600_000;
  const requests = await drawRequests(queue, 120, hour);
  const places = (asked: typeof requests) => Promise.all(asked.map((request) => placeInQueue(request)));

  // Before the line's lease holder keeps its milestones, places are counted, exactly.
  expect(await placeInQueue(requests[119]!)).toEqual({ place: 120, decided: 0 });
  expect(await milestonesOf(queue)).toBeUndefined();
  // The line's lease holder keeps them, before the draw too (it decides nothing then): every 25th request, from the
  // first, and they tell every place.
  expect(await decideQueue(queue, { until: Date.now() + 200 })).toBe('stopped');
  const milestones = (await milestonesOf(queue))!;
  expect(milestones.keys).toEqual([0, 25, 50, 75, 100].map((index) => `REQUEST#${queueKeyOf(requests[index]!)}`));
  expect(await places(requests)).toEqual(requests.map((_, index) => ({ place: index + 1, decided: 0 })));
  // Told from them indeed past the front: milestones that had counted ten more decided put the place ten back.
  await dynamo.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { PK: queue, SK: 'MILESTONES' },
      UpdateExpression: 'SET decided = :more',
      ExpressionAttributeValues: { ':more': 10 },
    }),
  );
  expect(await placeInQueue(requests[119]!)).toEqual({ place: 130, decided: 0 });
  expect(await placeInQueue(requests[49]!)).toEqual({ place: 50, decided: 0 });
  await renewMilestones(queue);
  const kept = (await milestonesOf(queue))!;

  // The first 30 decided (as the allocator's batches delete them and add to the line's tally): the others are told
  // their places from the same milestones.
  await Promise.all(
    requests
      .slice(0, 30)
      .map((request) =>
        dynamo.send(
          new DeleteCommand({ TableName: tableName, Key: { PK: queue, SK: `REQUEST#${queueKeyOf(request)}` } }),
        ),
      ),
  );
  await advanceLine(line, 30);
  expect(await places(requests.slice(30))).toEqual(
    requests.slice(30).map((_, index) => ({ place: index + 1, decided: 30 })),
  );

  // A request that came in before the first milestone (an earlier draw) is counted from the line's start.
  const [early] = await drawRequests(queue, 1, hour - 60_000);
  expect(await placeInQueue(early!)).toEqual({ place: 1, decided: 30 });

  // Sixty behind the last milestone's reach: counted whole until the milestones are renewed, then told from them.
  const later = await drawRequests(queue, 60, hour + 60_000);
  expect(await placeInQueue(later[59]!)).toEqual({ place: 91 + 60, decided: 30 });
  expect((await milestonesOf(queue))!.readAt).toBe(kept.readAt);
  await renewMilestones(queue);
  expect((await milestonesOf(queue))!.keys).toHaveLength(Math.ceil(151 / 25));
  expect(await places(later)).toEqual(later.map((_, index) => ({ place: 92 + index, decided: 30 })));
}, 60_000);
