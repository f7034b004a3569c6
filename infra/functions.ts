// One Lambda and one route per manifest entry (the named functions and the feeds), configured and granted
// from what the entry declares: nothing is listed twice.
import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { type Access, type FunctionName, functionNames, manifest } from '../lambdas/contract/manifest';
import { type DeadLetters, deadLetterQueue } from './dead-letters';
import type { PortalMail } from './mail';
import type { OriginSecret } from './origin-secret';
import { PortalFunction } from './portal-function';
import { cachedReadPath, functionPath } from './routes';
import type { PortalUserPool } from './user-pool';
import {
  feedModule,
  feeds,
  handlerModule,
  scheduleModule,
  schedules,
  streamConsumerModule,
  streamConsumers,
  type FeedName,
  type ScheduleName,
  type StreamConsumerName,
  type UserPoolCall,
  userPoolCallsOf,
  deployment,
  type FunctionDeployment,
} from '../lambdas/platform/deployment';

/** A Lambda behind the API, as the manifest declares it. */
export interface PortalRoute extends Partial<Pick<FunctionDeployment, 'userPool' | 'mail'>> {
  name: FunctionName | FeedName;
  access: Access;
  table: FunctionDeployment['table'];
  summary: string;
  method: 'POST' | 'GET';
  path: string;
  /** The handler module, relative to the project root. */
  entry: string;
  /** A public catalogue read the manifest caches: also `GET` on this path, to the same function. */
  cachedPath?: string;
  /** How long CloudFront may serve the cached read's answer (its `Cache-Control` says the same). */
  cacheSeconds?: number;
}

/** The named functions (`POST /fn/{name}`, cached reads also `GET /get/{name}`) and the public feeds (`GET {path}`) of the manifest. */
export function portalRoutes(): PortalRoute[] {
  return [
    ...functionNames.map((name): PortalRoute => {
      const spec = manifest[name];
      const { table, ...grants } = deployment[name] as FunctionDeployment;
      return {
        ...withUserPoolCalls(userPoolCallsOf(grants)),
        name,
        method: 'POST',
        path: functionPath(name),
        ...('cacheSeconds' in spec && { cachedPath: cachedReadPath(name), cacheSeconds: spec.cacheSeconds }),
        entry: handlerModule(name),
        access: spec.access,
        table,
        mail: grants.mail,
        summary: spec.summary,
      };
    }),
    ...(Object.entries(feeds) as Array<[FeedName, (typeof feeds)[FeedName]]>).map(
      ([name, feed]): PortalRoute => ({
        name,
        method: 'GET',
        path: feed.path,
        entry: feedModule(name),
        access: 'public',
        table: feed.table,
        summary: feed.summary,
      }),
    ),
  ];
}

/** A route calls the user pool only when it makes at least one call. */
function withUserPoolCalls(calls: readonly UserPoolCall[]): Pick<PortalRoute, 'userPool'> {
  return calls.length ? { userPool: calls } : {};
}

export interface PortalFunctionsProps {
  table: ITableV2;
  users: PortalUserPool;
  mail: PortalMail;
  /** The secret header every function behind the API checks. */
  origin: OriginSecret;
}

export function portalFunctions(
  scope: Construct,
  props: PortalFunctionsProps,
): Array<{ route: PortalRoute; fn: PortalFunction }> {
  // The functions (each a role, a policy, a log group and the function) in a nested stack of their own: a
  // CloudFormation stack holds at most 500 resources, and with the routes beside them they passed it.
  const functions = new NestedStack(scope, 'Functions', { description: "The portal's API functions" });
  return portalRoutes().map((route) => {
    // Every handler checks tokens (public ones verify an optional token), so every one knows the pool's issuer.
    const fn = new PortalFunction(functions, route.name, {
      entry: route.entry,
      description: route.summary,
      environment: { JWT_ISSUER: props.users.issuer, USER_POOL_CLIENT_ID: props.users.client.userPoolClientId },
    });
    if (route.table !== 'none') fn.bindTable(props.table, route.table);
    if (route.userPool) fn.bindUserPool(props.users.pool, route.userPool);
    if (route.mail) props.mail.bind(fn);
    props.origin.bind(fn);
    return { route, fn };
  });
}

/** What a family's enroll runs through on registration day: traced with X-Ray when the `tracing` setting is on. */
export const REGISTRATION_DAY_FUNCTIONS = [
  'enroll',
  'enrollmentRequest',
  'availableEnrollmentClasses',
  'myEnrollments',
  'allocator',
  'mailer',
] as const;

/** Retries of a failed stream record before it goes to the consumer's dead-letter queue. */
export const STREAM_RETRY_ATTEMPTS = 10;

/**
 * The table's stream consumers of the manifest (the mailer, the allocator): each runs on the new records its filter
 * selects, reports failures per record, and parks a record that keeps failing in a dead-letter queue.
 */
export function streamConsumerFunctions(
  scope: Construct,
  props: Pick<PortalFunctionsProps, 'table' | 'mail'>,
): Array<{ name: StreamConsumerName; fn: PortalFunction; deadLetters: DeadLetters }> {
  const consumers = new Construct(scope, 'StreamConsumers');
  return (Object.keys(streamConsumers) as StreamConsumerName[]).map((name) => {
    const spec = streamConsumers[name];
    const fn = new PortalFunction(consumers, name, { entry: streamConsumerModule(name), description: spec.summary });
    fn.bindTable(props.table, spec.table);
    if ('mail' in spec && spec.mail) props.mail.bind(fn);
    const deadLetters = deadLetterQueue(
      consumers,
      `${name}DeadLetters`,
      `the ${name}`,
      "a record of the table's stream",
    );
    fn.handler.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        ...('parallelization' in spec && { parallelizationFactor: spec.parallelization }),
        filters: [FilterCriteria.filter(spec.filter as unknown as Record<string, unknown>)],
        onFailure: new SqsDlq(deadLetters.queue),
      }),
    );
    return { name, fn, deadLetters };
  });
}

/**
 * The manifest's scheduled functions: each on an EventBridge rule at its rate. The rule's event carries the
 * moment it fired (`time`), which the function takes as "now". They write mail requests, so they know the
 * site's address for nothing: the mailer sends.
 */
export function scheduledFunctions(
  scope: Construct,
  props: Pick<PortalFunctionsProps, 'table'>,
): Array<{ name: ScheduleName; fn: PortalFunction; rule: Rule }> {
  const scheduled = new Construct(scope, 'Schedules');
  return (Object.keys(schedules) as ScheduleName[]).map((name) => {
    const spec = schedules[name];
    const fn = new PortalFunction(scheduled, name, { entry: scheduleModule(name), description: spec.summary });
    fn.bindTable(props.table, spec.table);
    const rule = new Rule(scheduled, `${name}Schedule`, {
      description: `Runs ${name} every ${spec.everyMinutes === 1 ? 'minute' : `${spec.everyMinutes} minutes`}.`,
      schedule: Schedule.rate(Duration.minutes(spec.everyMinutes)),
      targets: [new LambdaFunction(fn.handler, { retryAttempts: 2 })],
    });
    Validations.of(rule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason:
        'Each run finds all that is due and is idempotent: a run lost after its retries is made up by the next one.',
    });
    return { name, fn, rule };
  });
}
