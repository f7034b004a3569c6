// Contention and lost answers, injected into the handlers' DynamoDB client (DynamoDB Local never raises
// transaction conflicts or throttles): enrollments are neither lost nor doubled, and a request whose
// transaction ran out of retries stays in line until it is decided.
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ENROLLMENT_REQUEST_TYPE } from '../../lambdas/enrollment/enrollmentRequests';
import { dynamo } from '../../lambdas/platform/dynamo';
import { TRANSACTION_ATTEMPTS } from '../../lambdas/platform/transact';
import { classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { invoke } from '../support/in-process';
import { captureLog } from '../support/logLines';
import { data } from '../support/portal';
import { busyAnswers } from '../support/stack-setup';

type Fault = 'conflict' | 'throttle' | 'lost-answer';

const conflict = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }],
  });
const throttle = () =>
  new ProvisionedThroughputExceededException({
    message: 'Throughput exceeds the current capacity',
    $metadata: { httpStatusCode: 400 },
  });
const timeout = () => Object.assign(new Error('socket hang up'), { name: 'TimeoutError', $metadata: {} });

/** An enrollment request's own transaction (it puts the request in line), or any other (they change seats). */
const putsARequest = (input: unknown) =>
  (input as { TransactItems: Array<{ Put?: { Item: { type?: string } } }> }).TransactItems.some(
    (item) => item.Put?.Item.type === ENROLLMENT_REQUEST_TYPE,
  );

/**
 * The TransactWriteItems calls the handlers make that change seats (or, with `requests`, those that put an
 * enrollment request in line): each answered by the next fault, then normally.
 */
function injectTransactionFaults(faults: Fault[], of: 'seats' | 'requests' = 'seats') {
  const tokens: string[] = [];
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      if (putsARequest(args.input) !== (of === 'requests')) return next(args);
      tokens.push((args.input as { ClientRequestToken: string }).ClientRequestToken);
      const fault = faults.shift();
      if (fault === 'conflict') throw conflict();
      if (fault === 'throttle') throw throttle();
      const result = await next(args);
      if (fault === 'lost-answer') throw timeout();
      return result;
    },
    { step: 'initialize', name: 'injectTransactionFaults' },
  );
  return { tokens };
}

afterEach(() => dynamo.middlewareStack.remove('injectTransactionFaults'));

let semesterId: string;
beforeAll(async () => {
  semesterId = (await openSemester()).id;
});

const auditOf = async (enrollmentId: string) =>
  (await import('../../lambdas/platform/dynamo')).queryAll({
    KeyConditionExpression: 'PK = :e',
    ExpressionAttributeValues: { ':e': `ENROLLMENT#${enrollmentId}` },
  });

test('given transaction conflicts, when a child enrolls, then the transaction is retried with the same token and the seat is taken once', async () => {
  const cls = await newClass(semesterId, { capacity: 2 });
  const { family, students } = await familyWithStudents(1);
  const { tokens } = injectTransactionFaults(['conflict', 'conflict']);
  const answer = await invoke('enroll', { studentId: students[0]!.id, classId: cls.id }, family);
  expect(answer.statusCode).toBe(200);
  expect(answer.body.data.enrollments[0].status).toBe('enrolled');
  expect(tokens).toHaveLength(3);
  expect(new Set(tokens).size).toBe(1);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  expect(await auditOf(`${cls.id}~${students[0]!.id}`)).toHaveLength(1);
});

test('given throttling, when a child joins a waitlist, then it succeeds after the retries', async () => {
  const cls = await newClass(semesterId, { capacity: 0 });
  const { family, students } = await familyWithStudents(1);
  injectTransactionFaults(['throttle', 'throttle', 'throttle']);
  const answer = await invoke('enroll', { studentId: students[0]!.id, classId: cls.id }, family);
  expect(answer.statusCode).toBe(200);
  expect(answer.body.data.enrollments[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 0, waitlisted: 1 });
});

test('given a transaction whose answer is lost after it committed, when the portal resends it, then the enrollment is not made twice', async () => {
  const cls = await newClass(semesterId, { capacity: 3 });
  const { family, students } = await familyWithStudents(1);
  const { tokens } = injectTransactionFaults(['lost-answer']);
  const answer = await invoke('enroll', { studentId: students[0]!.id, classId: cls.id }, family);
  expect(answer.statusCode).toBe(200);
  expect(tokens).toHaveLength(2);
  expect(tokens[0]).toBe(tokens[1]);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1 });
  expect(await auditOf(`${cls.id}~${students[0]!.id}`)).toHaveLength(1);
});

test('given an enrollment request whose answer is lost after it committed, every time the portal sends it, then the request is in line once, decided once, and the family is answered, not told to try again', async () => {
  const cls = await newClass(semesterId, { capacity: 3 });
  const { family, students } = await familyWithStudents(1);
  const { tokens } = injectTransactionFaults(
    Array.from({ length: TRANSACTION_ATTEMPTS }, () => 'lost-answer' as const),
    'requests',
  );
  const answer = await invoke('enroll', { studentId: students[0]!.id, classId: cls.id }, family);
  expect(answer.statusCode).toBe(200);
  expect(answer.body.data.enrollments).toEqual([expect.objectContaining({ status: 'enrolled' })]);
  expect(tokens).toHaveLength(TRANSACTION_ATTEMPTS);
  expect(new Set(tokens).size).toBe(1);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  expect(await auditOf(`${cls.id}~${students[0]!.id}`)).toHaveLength(1);
});

test('given an added child whose answer is lost after it committed, when the portal resends it, then the family is told it is saved, and the child is there once', async () => {
  const { family } = await familyWithStudents(0);
  injectTransactionFaults(['lost-answer']);
  const answer = await invoke(
    'saveStudent',
    {
      firstName: 'Lost',
      lastName: 'Answer',
      birthDate: '2015-05-05',
      tshirtSize: 'YM',
      emergencyContacts: [{ name: 'Pat', phone: '+1 555 010 0100' }],
    },
    family,
  );
  expect(answer.statusCode).toBe(200);
  const { students } = await data<{ students: Array<{ id: string }> }>('students', {}, family.accessToken);
  expect(students.map((student) => student.id)).toEqual([answer.body.data.student.id]);
});

test('given contention that outlasts the retries of the call deciding it, then the request stays in line and is still decided once', async () => {
  const cls = await newClass(semesterId, { capacity: 3 });
  const { family, students } = await familyWithStudents(1);
  const { tokens } = injectTransactionFaults(Array.from({ length: TRANSACTION_ATTEMPTS }, () => 'conflict' as const));
  const answer = await invoke('enroll', { studentId: students[0]!.id, classId: cls.id }, family);
  expect(answer.statusCode).toBe(200);
  expect(answer.body.data.enrollments).toEqual([expect.objectContaining({ status: 'enrolled' })]);
  // The first lead gave up after its last retry; the request was decided by the next one.
  expect(tokens.length).toBeGreaterThanOrEqual(TRANSACTION_ATTEMPTS);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 0 });
  expect(await auditOf(`${cls.id}~${students[0]!.id}`)).toHaveLength(1);
});

test('given conflicts during a cancellation, then the seat goes to the first waitlisted child exactly once', async () => {
  const cls = await newClass(semesterId, { capacity: 1 });
  const { family, students } = await familyWithStudents(3);
  for (const student of students) await data('enroll', { studentId: student.id, classId: cls.id }, family.accessToken);
  injectTransactionFaults(['conflict', 'lost-answer']);
  const answer = await invoke('cancelEnrollment', { enrollmentId: `${cls.id}~${students[0]!.id}` }, family);
  expect(answer.statusCode).toBe(200);
  expect(await classNow(cls.id)).toMatchObject({ enrolled: 1, waitlisted: 1 });
  expect(await auditOf(`${cls.id}~${students[1]!.id}`)).toHaveLength(2); // waitlisted, then promoted once
});

test('given reads throttled past the SDK retries, then the caller gets 429 resource-exhausted, not a 500', async () => {
  const { family } = await familyWithStudents(0);
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand') throw throttle();
      return next(args);
    },
    { step: 'initialize', name: 'injectTransactionFaults' },
  );
  const log = captureLog();
  const answer = await invoke('students', {}, family);
  log.restore();
  expect(answer.statusCode).toBe(429);
  expect(answer.body.error).toMatchObject({ code: 'resource-exhausted', message: expect.stringMatching(/try again/) });
  // Logged as a busy answer, which the stack tests count (busyAnswers).
  expect(busyAnswers(log.text())).toEqual({ 'students ProvisionedThroughputExceededException': 1 });
});
