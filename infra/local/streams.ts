// The table's change stream, read from DynamoDB Local as Lambda's event source mapping reads it in AWS:
// each consumer of the manifest gets the new records its filter selects, and a record it reports as
// failed is handed to it again on the next poll. Consumers run side by side; a consumer with a
// parallelization factor runs that many batches at once, each partition key's records in order in one
// lane (as Lambda does), so one slow queue of the allocator does not hold up the others.
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { lambdaContext } from './lambdaContext';
import {
  streamConsumerModule,
  streamConsumers,
  type StreamConsumerName,
  type StreamFilter,
} from '../../lambdas/platform/deployment';

const POLL_MS = 200;
const BATCH_SIZE = 10;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Whether a record passes an event source mapping filter of the consumers' shape. */
function passesFilter(record: _Record, filter: StreamFilter): boolean {
  if (!filter.eventName.includes(record.eventName ?? '')) return false;
  const image = record.dynamodb?.NewImage ?? {};
  return Object.entries(filter.dynamodb.NewImage).every(([attribute, { S }]) =>
    S.includes(image[attribute]?.S ?? '\u0000'),
  );
}

type Consumer = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamPoller {
  stop(): Promise<void>;
}

export async function startStreamConsumers(
  endpoint: string,
  tableName: string,
  log: (line: string) => void,
): Promise<StreamPoller> {
  const streams = new DynamoDBStreamsClient({ endpoint, region: 'local', credentials });
  const table = await new DynamoDBClient({ endpoint, region: 'local', credentials }).send(
    new DescribeTableCommand({ TableName: tableName }),
  );
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${tableName} has no stream.`);
  const consumers = await Promise.all(
    (Object.keys(streamConsumers) as StreamConsumerName[]).map(async (name) => {
      const module = (await import(pathToFileURL(resolve(streamConsumerModule(name))).href)) as { handler: Consumer };
      const spec = streamConsumers[name];
      const lanes = Array.from({ length: 'parallelization' in spec ? spec.parallelization : 1 }, () => ({
        waiting: [] as _Record[],
        running: Promise.resolve(),
      }));
      return { name, handler: module.handler, filter: spec.filter as StreamFilter, lanes };
    }),
  );

  // Shards open now start from their end (what came before was handled by an earlier run); new ones from their start.
  const iterators = new Map<string, string | undefined>();
  const known = new Set<string>();
  let first = true;
  let stopped = false;

  type Lane = (typeof consumers)[number]['lanes'][number];
  /** Hands a lane's waiting records to its consumer, a batch at a time; failed ones wait for the next poll. */
  const runLane = async (consumer: (typeof consumers)[number], lane: Lane) => {
    const selected = lane.waiting;
    lane.waiting = [];
    const retry: _Record[] = [];
    for (let start = 0; start < selected.length; start += BATCH_SIZE) {
      const batch = selected.slice(start, start + BATCH_SIZE);
      const event = {
        Records: batch.map((record) => ({ ...record, eventSourceARN: streamArn })),
      } as unknown as DynamoDBStreamEvent;
      try {
        const failures = new Set(
          (
            (await consumer.handler(event, lambdaContext(consumer.name))) || { batchItemFailures: [] }
          ).batchItemFailures.map((failure) => failure.itemIdentifier),
        );
        retry.push(...batch.filter((record) => failures.has(record.dynamodb?.SequenceNumber ?? '')));
      } catch (error) {
        log(`stream consumer ${consumer.name} failed: ${(error as Error).message}`);
        retry.push(...batch);
      }
    }
    lane.waiting = [...retry, ...lane.waiting];
  };

  const deliver = (records: _Record[]) => {
    for (const consumer of consumers) {
      for (const record of records.filter((candidate) => passesFilter(candidate, consumer.filter))) {
        consumer.lanes[laneOf(record, consumer.lanes.length)]!.waiting.push(record);
      }
      for (const lane of consumer.lanes) {
        // A lane runs one batch at a time: the next run starts after the one before it, with what waits then.
        lane.running = lane.running.then(() => (lane.waiting.length ? runLane(consumer, lane) : undefined));
      }
    }
  };

  const poll = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId!;
      if (!known.has(shardId)) {
        known.add(shardId);
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON',
          }),
        );
        iterators.set(shardId, ShardIterator);
      }
    }
    first = false;
    const records: _Record[] = [];
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      records.push(...(page.Records ?? []));
      iterators.set(shardId, page.NextShardIterator);
    }
    deliver(records);
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        await poll();
      } catch (error) {
        if (!stopped) log(`stream poll failed: ${(error as Error).message}`);
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, POLL_MS));
    }
    await Promise.all(consumers.flatMap((consumer) => consumer.lanes.map((lane) => lane.running)));
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      streams.destroy();
    },
  };
}

/** The lane of a record: its partition key's, so one key's records stay in order. */
function laneOf(record: _Record, lanes: number): number {
  const partitionKey = JSON.stringify(record.dynamodb?.Keys?.PK ?? '');
  return createHash('md5').update(partitionKey).digest().readUInt32BE(0) % lanes;
}
