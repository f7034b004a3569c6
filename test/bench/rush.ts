// Registration rush: N concurrent `enroll` calls from F families for an S-seat class through the local
// gateway, and the same number of bare capacity transactions (conditional counter update plus
// enrollment put) straight against the same DynamoDB Local.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Enrollment } from '../../lambdas/records';
import { classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, outbox } from '../support/portal';
import { concurrently, ms, percentile, table } from './stats';

export interface RushFigures {
  calls: number;
  portal: { throughput: number; p50: number; p99: number; enrolled: number; waitlisted: number; errors: number; positionsExact: boolean };
  bare: { throughput: number; p50: number; p99: number; seated: number };
}

export async function registrationRush(calls: number, families: number, seats: number): Promise<RushFigures> {
  const semester = await openSemester({ name: `Bench rush ${Date.now()}` });
  const perFamily = Math.ceil(calls / families);
  const households = await Promise.all(Array.from({ length: families }, (_, index) => familyWithStudents(perFamily, `bench${index}`)));
  const enrollees = households.flatMap(({ family, students }) => students.map((student) => ({ family, student }))).slice(0, calls);

  // Warm both paths up with a whole rush on a class of their own: connections, JIT, caches.
  const warmClass = await newClass(semester.id, { capacity: seats });
  await Promise.all(enrollees.map(({ family, student }) => call('enroll', { studentId: student.id, classId: warmClass.id }, family.accessToken)));

  // Let the mailer send the warm-up's e-mails first: the measured rush should not share the engine with them.
  await drainMail(new Set(households.map(({ family }) => family.email)), calls);

  const cls = await newClass(semester.id, { capacity: seats });
  const portal = await concurrently(calls, (index) => call<{ enrollments: Enrollment[] }>('enroll', { studentId: enrollees[index]!.student.id, classId: cls.id }, enrollees[index]!.family.accessToken));
  const outcomes = portal.results.map((result) => (result.status === 200 ? result.body.data!.enrollments[0]! : undefined));
  const waitlisted = outcomes.filter((e) => e?.status === 'waitlisted');
  const positions = waitlisted.map((e) => e!.waitlistPosition!).sort((a, b) => a - b);
  const counted = await classNow(cls.id);

  // The same client settings as the portal's own (lambdas/shared/dynamo.ts), sockets included.
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, requestHandler: { httpAgent: { maxSockets: 500 } } }));
  const tableName = process.env.TABLE_NAME!;
  const bareTransaction = (classKey: { PK: string; SK: string }) =>
    documents
      .send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: classKey,
                UpdateExpression: 'SET enrolled = enrolled + :one',
                ConditionExpression: 'enrolled < #capacity',
                ExpressionAttributeNames: { '#capacity': 'capacity' },
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            { Put: { TableName: tableName, Item: { PK: classKey.PK, SK: `ENROLLMENT#${randomUUID()}` }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      )
      .then(
        () => true,
        (error: Error) => {
          if (error.name !== 'TransactionCanceledException') throw error;
          return false; // the class is full: the condition did its job
        },
      );
  const bareClass = async () => {
    const key = { PK: `BENCH#${randomUUID()}`, SK: 'CLASS' };
    await documents.send(new PutCommand({ TableName: tableName, Item: { ...key, capacity: seats, enrolled: 0 } }));
    return key;
  };
  const warmKey = await bareClass();
  await Promise.all(Array.from({ length: calls }, () => bareTransaction(warmKey)));
  const key = await bareClass();
  const bare = await concurrently(calls, () => bareTransaction(key));

  return {
    calls,
    portal: {
      throughput: calls / (portal.wallMs / 1000),
      p50: percentile(portal.latencies, 50),
      p99: percentile(portal.latencies, 99),
      enrolled: counted.enrolled,
      waitlisted: counted.waitlisted,
      errors: portal.results.filter((result) => result.status !== 200).length,
      positionsExact: positions.every((position, index) => position === index + 1),
    },
    bare: { throughput: calls / (bare.wallMs / 1000), p50: percentile(bare.latencies, 50), p99: percentile(bare.latencies, 99), seated: bare.results.filter(Boolean).length },
  };
}

async function drainMail(families: Set<string>, expected: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await outbox()).filter((message) => families.has(message.to)).length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function rushReport({ calls, portal, bare }: RushFigures, seats: number): string {
  return [
    `Registration rush: ${calls} concurrent enroll calls for a ${seats}-seat class`,
    table([
      ['', 'calls/s', 'p50', 'p99', 'outcome'],
      ['portal (gateway + handler)', portal.throughput.toFixed(0), ms(portal.p50), ms(portal.p99), `${portal.enrolled} enrolled, ${portal.waitlisted} waitlisted, ${portal.errors} errors`],
      ['bare TransactWriteItems', bare.throughput.toFixed(0), ms(bare.p50), ms(bare.p99), `${bare.seated} seated`],
    ]),
    `ratio portal/bare: ${(portal.throughput / bare.throughput).toFixed(2)} (target >= 0.50); waitlist positions 1..${portal.waitlisted} exact: ${portal.positionsExact ? 'yes' : 'NO'}`,
  ].join('\n');
}
