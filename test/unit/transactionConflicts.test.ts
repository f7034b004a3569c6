// DynamoDB's transaction conflicts as AWS documents them ("Transaction conflict handling in DynamoDB"), raised
// by the proxy in front of a fake engine and read through the real AWS SDK client.
import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactionCanceledException,
  TransactionConflictException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startTransactionConflicts,
  TransactionConflictModel,
  type TransactionConflicts,
  type Verdict,
} from '../../infra/local/transactionConflicts';

const TABLE = 'portal-unit';
const key = (pk: string, sk = 'META') => ({ PK: { S: pk }, SK: { S: sk } });

describe('the model, scenario by scenario as AWS documents them', () => {
  const transactWrite = (...items: TransactWriteItem[]) => ({ TransactItems: items });
  const put = (pk: string, sk?: string): TransactWriteItem => ({
    Put: { TableName: TABLE, Item: { ...key(pk, sk), name: { S: 'x' } } },
  });
  const update = (pk: string, sk?: string): TransactWriteItem => ({
    Update: { TableName: TABLE, Key: key(pk, sk), UpdateExpression: 'SET n = :n' },
  });
  const check = (pk: string): TransactWriteItem => ({
    ConditionCheck: { TableName: TABLE, Key: key(pk), ConditionExpression: 'attribute_exists(PK)' },
  });
  const remove = (pk: string): TransactWriteItem => ({ Delete: { TableName: TABLE, Key: key(pk) } });
  const single = (pk: string) => ({ TableName: TABLE, Key: key(pk) });
  const released = (verdict: Verdict) => {
    if (verdict.refused) throw new Error(`refused: ${JSON.stringify(verdict.body)}`);
    return verdict;
  };
  const reasonCodes = (verdict: Verdict) =>
    verdict.refused
      ? (verdict.body.CancellationReasons as Array<{ Code: string }>).map((reason) => reason.Code)
      : 'forwarded';

  test('an item of an ongoing TransactWriteItems cancels another TransactWriteItems, one reason per item in order', () => {
    const model = new TransactionConflictModel();
    released(model.begin('TransactWriteItems', transactWrite(update('CLASS#a'), put('ENROLLMENT#1'))));
    const second = model.begin(
      'TransactWriteItems',
      transactWrite(put('ENROLLMENT#2'), check('CLASS#a'), remove('ENROLLMENT#1')),
    );
    expect(second).toEqual({
      refused: true,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
          { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
        ],
        Message:
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict, TransactionConflict]',
      },
    });
  });

  test('PutItem, UpdateItem and DeleteItem on an item an ongoing transaction holds fail with TransactionConflictException', () => {
    const model = new TransactionConflictModel();
    released(model.begin('TransactWriteItems', transactWrite(check('CLASS#a'))));
    for (const operation of ['PutItem', 'UpdateItem', 'DeleteItem']) {
      const input =
        operation === 'PutItem' ? { TableName: TABLE, Item: { ...key('CLASS#a'), n: { N: '1' } } } : single('CLASS#a');
      expect(model.begin(operation, input)).toEqual({
        refused: true,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#TransactionConflictException',
          message: 'Transaction is ongoing for the item',
        },
      });
    }
    expect(model.stats().singleWriteConflicts).toBe(3);
  });

  test('single writes do not conflict with each other, and a transaction arriving during one is not refused', () => {
    const model = new TransactionConflictModel();
    released(model.begin('UpdateItem', single('CLASS#a')));
    released(model.begin('UpdateItem', single('CLASS#a')));
    released(model.begin('PutItem', { TableName: TABLE, Item: key('CLASS#a') }));
    released(model.begin('TransactWriteItems', transactWrite(update('CLASS#a'))));
  });

  test('TransactGetItems is cancelled by an ongoing transaction, single write or batch write on one of its items', () => {
    const model = new TransactionConflictModel();
    const transactGet = (...pks: string[]) => ({
      TransactItems: pks.map((pk) => ({ Get: { TableName: TABLE, Key: key(pk) } })),
    });
    released(model.begin('TransactWriteItems', transactWrite(update('A'))));
    released(model.begin('DeleteItem', single('B')));
    released(
      model.begin('BatchWriteItem', {
        RequestItems: { [TABLE]: [{ PutRequest: { Item: key('C') } }, { DeleteRequest: { Key: key('D') } }] },
      }),
    );
    expect(reasonCodes(model.begin('TransactGetItems', transactGet('A', 'E')))).toEqual([
      'TransactionConflict',
      'None',
    ]);
    expect(reasonCodes(model.begin('TransactGetItems', transactGet('E', 'B')))).toEqual([
      'None',
      'TransactionConflict',
    ]);
    expect(reasonCodes(model.begin('TransactGetItems', transactGet('C', 'D')))).toEqual([
      'TransactionConflict',
      'TransactionConflict',
    ]);
    expect(reasonCodes(model.begin('TransactGetItems', transactGet('E')))).toBe('forwarded');
    expect(model.stats().readTransactionsCancelled).toBe(3);
  });

  test('reads never conflict, and a TransactGetItems holds nothing', () => {
    const model = new TransactionConflictModel();
    released(model.begin('TransactWriteItems', transactWrite(update('A'))));
    for (const operation of ['GetItem', 'BatchGetItem', 'Query', 'Scan']) released(model.begin(operation, single('A')));
    released(model.begin('TransactGetItems', { TransactItems: [{ Get: { TableName: TABLE, Key: key('B') } }] }));
    released(model.begin('TransactWriteItems', transactWrite(update('B'))));
  });

  test('an item is free again once the transaction holding it is released', () => {
    const model = new TransactionConflictModel();
    const first = released(model.begin('TransactWriteItems', transactWrite(update('A'), update('B'))));
    expect(first.holdsAfterAnswer).toBe(true);
    expect(model.begin('UpdateItem', single('B')).refused).toBe(true);
    first.release();
    first.release();
    released(model.begin('UpdateItem', single('B')));
    released(model.begin('TransactWriteItems', transactWrite(update('A'))));
  });

  test('an item is its table and whole key: another sort key, another table or another key attribute set are other items', () => {
    const model = new TransactionConflictModel();
    released(model.begin('TransactWriteItems', transactWrite(update('A', 'META'))));
    released(model.begin('TransactWriteItems', transactWrite(update('A', 'SEAT#1'))));
    released(
      model.begin(
        'TransactWriteItems',
        transactWrite({ Update: { TableName: 'other-table', Key: key('A', 'META'), UpdateExpression: 'SET n = :n' } }),
      ),
    );
    const byId = new TransactionConflictModel(['id']);
    released(
      byId.begin(
        'TransactWriteItems',
        transactWrite({ Put: { TableName: TABLE, Item: { id: { S: '1' }, PK: { S: 'A' } } } }),
      ),
    );
    expect(byId.begin('UpdateItem', { TableName: TABLE, Key: { id: { S: '1' } } }).refused).toBe(true);
    released(byId.begin('UpdateItem', { TableName: TABLE, Key: { id: { N: '1' } } }));
  });

  test('a malformed request is passed on untouched, for the engine to answer its validation error', () => {
    const model = new TransactionConflictModel();
    released(model.begin('TransactWriteItems', transactWrite(update('A'))));
    for (const input of [
      undefined,
      {},
      { TransactItems: [] },
      { TransactItems: [{ Update: { Key: key('A') } }] },
      { TransactItems: [{ Bogus: {} }] },
    ]) {
      released(model.begin('TransactWriteItems', input));
    }
    released(model.begin('UpdateItem', { Key: key('A') }));
  });

  test('the counts: transactions passed on, cancelled, single writes refused, and each conflict by item', () => {
    const model = new TransactionConflictModel();
    released(model.begin('TransactWriteItems', transactWrite(update('CLASS#a'), update('STUDENT#1'))));
    model.begin('TransactWriteItems', transactWrite(update('CLASS#a'), update('STUDENT#1')));
    model.begin('TransactWriteItems', transactWrite(update('CLASS#a')));
    model.begin('UpdateItem', single('CLASS#a'));
    expect(model.stats()).toEqual({
      transactionsForwarded: 1,
      transactionsCancelled: 2,
      readTransactionsCancelled: 0,
      singleWriteConflicts: 1,
      conflictsByItem: { [`${TABLE} CLASS#a META`]: 3, [`${TABLE} STUDENT#1 META`]: 1 },
    });
  });
});

interface Received {
  target: string;
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/** A stand-in for DynamoDB Local: records what reaches it and answers `{}` once its gate opens. */
class FakeEngine {
  readonly received: Received[] = [];
  answered = 0;
  /** Requests to drop with a TCP reset instead of an answer, as a server closing a kept-alive connection does. */
  resets = 0;
  answer: { status: number; headers: Record<string, string>; body: string } = {
    status: 200,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: '{}',
  };
  private gate: Promise<void> = Promise.resolve();
  private openGate: () => void = () => undefined;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
      this.received.push({
        target: String(req.headers['x-amz-target']),
        body: Buffer.concat(chunks),
        headers: req.headers,
      });
      if (this.resets > 0) {
        this.resets -= 1;
        return void req.socket.resetAndDestroy();
      }
      await this.gate;
      res.writeHead(this.answer.status, this.answer.headers);
      res.end(this.answer.body);
      this.answered += 1;
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Requests wait for `open()` before they are answered. */
  close(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  open(): void {
    this.openGate();
  }

  targets(): string[] {
    return this.received.map((request) => request.target.replace('DynamoDB_20120810.', ''));
  }

  stop(): Promise<void> {
    this.open();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

const HOLD_MS = 150;
let engine: FakeEngine;
let proxy: TransactionConflicts;
let client: DynamoDBClient;

beforeEach(async () => {
  engine = new FakeEngine();
  proxy = await startTransactionConflicts({ upstream: await engine.start(), holdMs: HOLD_MS });
  client = new DynamoDBClient({
    endpoint: proxy.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
    maxAttempts: 1,
  });
});

afterEach(async () => {
  client.destroy();
  await proxy.stop();
  await engine.stop();
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const seatTransaction = (...pks: string[]) =>
  new TransactWriteItemsCommand({
    TransactItems: pks.map((pk) => ({
      Update: {
        TableName: TABLE,
        Key: key(pk),
        UpdateExpression: 'SET enrolled = enrolled + :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      },
    })),
  });

test('given a transaction under way, when another names one of its items, then the SDK gets TransactionCanceledException with the reasons in order, and the engine never sees it', async () => {
  engine.close();
  const first = client.send(seatTransaction('CLASS#a', 'STUDENT#1'));
  await until(() => engine.received.length === 1);
  const second = await client
    .send(seatTransaction('FAMILY#9', 'CLASS#a', 'STUDENT#2'))
    .catch((error: unknown) => error);
  expect(second).toBeInstanceOf(TransactionCanceledException);
  const cancelled = second as TransactionCanceledException;
  expect(cancelled.$metadata.httpStatusCode).toBe(400);
  expect(cancelled.message).toBe(
    'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict, None]',
  );
  expect(cancelled.CancellationReasons).toEqual([
    { Code: 'None' },
    { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
    { Code: 'None' },
  ]);
  expect(engine.received).toHaveLength(1);
  engine.open();
  await expect(first).resolves.toBeDefined();
});

test('given a transaction under way, when an UpdateItem names its item, then the SDK gets TransactionConflictException', async () => {
  engine.close();
  const transaction = client.send(seatTransaction('CLASS#a'));
  await until(() => engine.received.length === 1);
  const update = new UpdateItemCommand({
    TableName: TABLE,
    Key: key('CLASS#a'),
    UpdateExpression: 'SET #n = :n',
    ExpressionAttributeNames: { '#n': 'name' },
    ExpressionAttributeValues: { ':n': { S: 'x' } },
  });
  const refused = await client.send(update).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(TransactionConflictException);
  expect((refused as Error).message).toBe('Transaction is ongoing for the item');
  engine.open();
  await transaction;
  await client.send(update);
  expect(engine.targets()).toEqual(['TransactWriteItems', 'UpdateItem']);
  expect(proxy.stats()).toMatchObject({
    transactionsForwarded: 1,
    singleWriteConflicts: 1,
    conflictsByItem: { [`${TABLE} CLASS#a META`]: 1 },
  });
});

test('a transaction holds its items for holdMs after the engine answered, answers then, and its items are free again', async () => {
  const started = Date.now();
  const first = client.send(seatTransaction('CLASS#a'));
  await until(() => engine.answered === 1);
  const answeredAt = Date.now();
  await expect(client.send(seatTransaction('CLASS#a'))).rejects.toBeInstanceOf(TransactionCanceledException);
  await first;
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(HOLD_MS - 20);
  expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS);
  await client.send(seatTransaction('CLASS#a'));
  expect(engine.targets()).toEqual(['TransactWriteItems', 'TransactWriteItems']);
  expect(proxy.stats()).toMatchObject({ transactionsForwarded: 2, transactionsCancelled: 1 });
});

test('transactions on different items never conflict: both reach the engine together', async () => {
  engine.close();
  const both = Promise.all([
    client.send(seatTransaction('CLASS#a', 'STUDENT#1')),
    client.send(seatTransaction('CLASS#b', 'STUDENT#2')),
  ]);
  await until(() => engine.received.length === 2);
  engine.open();
  await both;
  expect(proxy.stats()).toMatchObject({ transactionsForwarded: 2, transactionsCancelled: 0, conflictsByItem: {} });
});

test('reads of a held item pass: GetItem, BatchGetItem, Query and Scan reach the engine; TransactGetItems is cancelled', async () => {
  engine.close();
  const transaction = client.send(seatTransaction('CLASS#a'));
  await until(() => engine.received.length === 1);
  const reads = Promise.all([
    client.send(new GetItemCommand({ TableName: TABLE, Key: key('CLASS#a') })),
    client.send(new BatchGetItemCommand({ RequestItems: { [TABLE]: { Keys: [key('CLASS#a')] } } })),
    client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'CLASS#a' } },
      }),
    ),
    client.send(new ScanCommand({ TableName: TABLE })),
  ]);
  const transactGet = await client
    .send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: TABLE, Key: key('CLASS#a') } }] }))
    .catch((error: unknown) => error);
  expect(transactGet).toBeInstanceOf(TransactionCanceledException);
  expect((transactGet as TransactionCanceledException).CancellationReasons).toEqual([
    { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
  ]);
  await until(() => engine.received.length === 5);
  engine.open();
  await Promise.all([transaction, reads]);
  expect(engine.targets().sort()).toEqual(['BatchGetItem', 'GetItem', 'Query', 'Scan', 'TransactWriteItems']);
});

test('a transaction with a ClientRequestToken is passed on with it whenever its items are free, a retry included', async () => {
  const retried = (TransactItems: TransactWriteItem[]) =>
    new TransactWriteItemsCommand({ TransactItems, ClientRequestToken: 'token-1' });
  const items = seatTransaction('CLASS#a').input.TransactItems!;
  await client.send(retried(items));
  await client.send(retried(items));
  expect(engine.received.map((request) => JSON.parse(request.body.toString()).ClientRequestToken)).toEqual([
    'token-1',
    'token-1',
  ]);
});

test('with nothing held, a request and its answer pass unchanged, byte for byte', async () => {
  engine.answer = {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'engine-id' },
    body: '{"__type":"com.amazonaws.dynamodb.v20120810#ValidationException","Message":"é"}',
  };
  const body = Buffer.from(
    '{"TableName":"portal-unit","Item":{"PK":{"S":"CLASS#a"},"SK":{"S":"META"},"name":{"S":"Ski \u00e9t\u00e9"}}}  ',
  );
  const headers = {
    'x-amz-target': 'DynamoDB_20120810.PutItem',
    'content-type': 'application/x-amz-json-1.0',
    authorization:
      'AWS4-HMAC-SHA256 Credential=unit/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=00',
    'x-amz-date': '20260101T000000Z',
  };
  const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const outgoing = request(
        `${proxy.endpoint}/`,
        { method: 'POST', headers: { ...headers, 'content-length': body.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    },
  );
  const [received] = engine.received;
  expect(received!.body.equals(body)).toBe(true);
  expect(received!.headers).toMatchObject(headers);
  expect(received!.headers['content-length']).toBe(String(body.length));
  expect(answer).toMatchObject({
    status: 400,
    headers: { 'x-amzn-requestid': 'engine-id', 'content-type': 'application/x-amz-json-1.0' },
    body: engine.answer.body,
  });
});

test('a PutItem during a single write of the same item is passed on: single writes do not conflict', async () => {
  engine.close();
  const first = client.send(new PutItemCommand({ TableName: TABLE, Item: key('CLASS#a') }));
  await until(() => engine.received.length === 1);
  const second = client.send(new PutItemCommand({ TableName: TABLE, Item: key('CLASS#a') }));
  await until(() => engine.received.length === 2);
  engine.open();
  await Promise.all([first, second]);
  expect(proxy.stats().singleWriteConflicts).toBe(0);
});

test('a kept-alive connection the engine resets as it is reused is opened again, and the request goes through once', async () => {
  const get = () => client.send(new GetItemCommand({ TableName: TABLE, Key: key('CLASS#a') }));
  await get();
  engine.resets = 1;
  await get();
  expect(engine.targets()).toEqual(['GetItem', 'GetItem', 'GetItem']);
});

test('a transaction the engine drops on a new connection gets no answer either, and frees its items', async () => {
  engine.resets = 1;
  const dropped = await client.send(seatTransaction('CLASS#a')).catch((error: unknown) => error);
  expect(dropped).toBeInstanceOf(Error);
  expect((dropped as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBeUndefined();
  await client.send(seatTransaction('CLASS#a'));
  expect(engine.targets()).toEqual(['TransactWriteItems', 'TransactWriteItems']);
});
