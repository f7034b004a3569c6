// DynamoDB's optimistic transaction conflicts, in front of DynamoDB Local, which never raises them (it applies
// one request at a time). An HTTP proxy passes every request and answer on unchanged, except those DynamoDB
// refuses at once, without a queue, because an ongoing transaction holds one of their items:
//   TransactWriteItems on an item another ongoing TransactWriteItems holds    TransactionCanceledException
//   PutItem, UpdateItem, DeleteItem on such an item                           TransactionConflictException
//   TransactGetItems on such an item, or on one a single write is writing     TransactionCanceledException
// Single writes never conflict with each other, nor with a transaction that arrives after them (DynamoDB
// orders them); GetItem, BatchGetItem, Query and Scan never conflict.
import { randomUUID } from 'node:crypto';
import {
  Agent,
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tableKeys } from '../../lambdas/platform/table';
import { readBody } from './requestBody';

export interface TransactionConflictsOptions {
  /** The engine, e.g. DynamoDB Local's `http://127.0.0.1:PORT`. */
  upstream: string;
  /**
   * How long a transaction keeps holding its items after the engine answered it, before its answer goes
   * back: AWS takes 10-30 ms for a transaction, while DynamoDB Local's own time is mostly its queue.
   */
  holdMs: number;
  /** The address the proxy listens on (default 127.0.0.1); its port is one the system chooses. */
  host?: string;
  /** The key attributes of every table the requests name (default the portal table's PK and SK). */
  keyAttributes?: readonly string[];
}

export interface TransactionConflictStats {
  /** TransactWriteItems passed on to the engine. */
  transactionsForwarded: number;
  /** TransactWriteItems cancelled because another transaction held one of their items. */
  transactionsCancelled: number;
  /** TransactGetItems cancelled because a transaction or a single write held one of their items. */
  readTransactionsCancelled: number;
  /** PutItem, UpdateItem and DeleteItem refused because a transaction held their item. */
  singleWriteConflicts: number;
  /** Each refusal counted once for every item that caused it, by `table key…` (e.g. `portal CLASS#a META`). */
  conflictsByItem: Record<string, number>;
}

export interface TransactionConflicts {
  endpoint: string;
  stats(): TransactionConflictStats;
  /** A new hold time, for the transactions the engine answers from now on. */
  setHoldMs(holdMs: number): void;
  stop(): Promise<void>;
}

/**
 * The proxy's own path, for programs outside its process (the stack runs in `npm start`'s): GET answers
 * `{ holdMs, stats }`, PUT with `{ "holdMs": n }` sets the hold time and answers the same. DynamoDB's own
 * requests are POSTs to `/`.
 */
export const CONFLICTS_CONTROL_PATH = '/_local/conflicts';

/** What DynamoDB answers at once (always HTTP 400), or the request goes on to the engine. */
export type Verdict =
  | { refused: true; body: Record<string, unknown> }
  | {
      refused: false;
      /** True for a TransactWriteItems: its items stay held for `holdMs` after the engine's answer. */
      holdsAfterAnswer: boolean;
      /** Frees what the request holds; called once, when it is over. */
      release(): void;
    };

type Json = Record<string, unknown>;

interface ItemRef {
  id: string;
  label: string;
}

const ERROR_NAMESPACE = 'com.amazonaws.dynamodb.v20120810#';
const ONGOING = 'Transaction is ongoing for the item';

/**
 * Which items ongoing requests hold, and what DynamoDB answers a request that needs one of them. Timeless:
 * the caller says when a request is over.
 */
export class TransactionConflictModel {
  /** Items held by ongoing TransactWriteItems (a count: a transaction naming an item twice is invalid, not refused here). */
  private readonly heldByTransactions = new Map<string, number>();
  /** Items being written by PutItem, UpdateItem, DeleteItem or BatchWriteItem: only TransactGetItems minds them. */
  private readonly heldBySingleWrites = new Map<string, number>();
  private readonly counts: TransactionConflictStats = {
    transactionsForwarded: 0,
    transactionsCancelled: 0,
    readTransactionsCancelled: 0,
    singleWriteConflicts: 0,
    conflictsByItem: {},
  };

  constructor(private readonly keyAttributes: readonly string[] = [tableKeys.partitionKey, tableKeys.sortKey]) {}

  /** `operation` is the X-Amz-Target's operation (`TransactWriteItems`), `input` the parsed body. */
  begin(operation: string, input: unknown): Verdict {
    switch (operation) {
      case 'TransactWriteItems':
        return this.beginWriteTransaction(this.transactItems(input, ['Put', 'Update', 'Delete', 'ConditionCheck']));
      case 'TransactGetItems':
        return this.beginReadTransaction(this.transactItems(input, ['Get']));
      case 'PutItem':
      case 'UpdateItem':
      case 'DeleteItem':
        return this.beginSingleWrite(this.itemOf(input));
      case 'BatchWriteItem':
        return this.hold(this.heldBySingleWrites, this.batchWriteItems(input) ?? [], false);
      default:
        return forwarded;
    }
  }

  stats(): TransactionConflictStats {
    return { ...this.counts, conflictsByItem: { ...this.counts.conflictsByItem } };
  }

  private beginWriteTransaction(items: ItemRef[] | undefined): Verdict {
    if (!items) return forwarded;
    const conflicts = items.map((item) => this.heldByTransactions.has(item.id));
    if (conflicts.includes(true)) {
      this.counts.transactionsCancelled += 1;
      return this.cancelled(items, conflicts);
    }
    this.counts.transactionsForwarded += 1;
    return this.hold(this.heldByTransactions, items, true);
  }

  private beginReadTransaction(items: ItemRef[] | undefined): Verdict {
    if (!items) return forwarded;
    const conflicts = items.map((item) => this.heldByTransactions.has(item.id) || this.heldBySingleWrites.has(item.id));
    if (!conflicts.includes(true)) return forwarded;
    this.counts.readTransactionsCancelled += 1;
    return this.cancelled(items, conflicts);
  }

  private beginSingleWrite(item: ItemRef | undefined): Verdict {
    if (!item) return forwarded;
    if (!this.heldByTransactions.has(item.id)) return this.hold(this.heldBySingleWrites, [item], false);
    this.counts.singleWriteConflicts += 1;
    this.countConflict(item);
    return { refused: true, body: { __type: `${ERROR_NAMESPACE}TransactionConflictException`, message: ONGOING } };
  }

  /** AWS's answer: one reason per item, in the request's order. */
  private cancelled(items: ItemRef[], conflicts: boolean[]): Verdict {
    items.forEach((item, index) => {
      if (conflicts[index]) this.countConflict(item);
    });
    const reasons = conflicts.map((conflict) =>
      conflict ? { Code: 'TransactionConflict', Message: ONGOING } : { Code: 'None' },
    );
    return {
      refused: true,
      body: {
        __type: `${ERROR_NAMESPACE}TransactionCanceledException`,
        CancellationReasons: reasons,
        Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
      },
    };
  }

  private hold(holds: Map<string, number>, items: ItemRef[], holdsAfterAnswer: boolean): Verdict {
    for (const item of items) holds.set(item.id, (holds.get(item.id) ?? 0) + 1);
    let released = false;
    return {
      refused: false,
      holdsAfterAnswer,
      release: () => {
        if (released) return;
        released = true;
        for (const item of items) {
          const left = (holds.get(item.id) ?? 0) - 1;
          if (left > 0) holds.set(item.id, left);
          else holds.delete(item.id);
        }
      },
    };
  }

  private countConflict(item: ItemRef) {
    this.counts.conflictsByItem[item.label] = (this.counts.conflictsByItem[item.label] ?? 0) + 1;
  }

  /** Each action's item, or undefined when the request is malformed: the engine then answers its error. */
  private transactItems(input: unknown, actions: readonly string[]): ItemRef[] | undefined {
    const entries = (input as { TransactItems?: unknown } | undefined)?.TransactItems;
    if (!Array.isArray(entries) || entries.length === 0) return undefined;
    const items: ItemRef[] = [];
    for (const entry of entries) {
      const action = actions.map((name) => (entry as Json | undefined)?.[name]).find((value) => value !== undefined);
      const item = this.itemOf(action);
      if (!item) return undefined;
      items.push(item);
    }
    return items;
  }

  private batchWriteItems(input: unknown): ItemRef[] | undefined {
    const tables = (input as { RequestItems?: unknown } | undefined)?.RequestItems;
    if (!tables || typeof tables !== 'object') return undefined;
    return Object.entries(tables as Record<string, unknown>).flatMap(([TableName, writes]) =>
      (Array.isArray(writes) ? writes : []).flatMap(
        (write: { PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } }) => {
          const item = this.itemOf({ TableName, Item: write?.PutRequest?.Item, Key: write?.DeleteRequest?.Key });
          return item ? [item] : [];
        },
      ),
    );
  }

  /** The item a Put (its Item) or any other action (its Key) names: table and key attributes. */
  private itemOf(action: unknown): ItemRef | undefined {
    const { TableName, Item, Key } = (action ?? {}) as { TableName?: unknown; Item?: unknown; Key?: unknown };
    const attributes = (Key ?? Item) as Record<string, Record<string, unknown> | undefined> | undefined;
    if (typeof TableName !== 'string' || !attributes || typeof attributes !== 'object') return undefined;
    const values = this.keyAttributes.map((name) => attributes[name]).filter((value) => value !== undefined);
    if (values.length === 0) return undefined;
    return {
      id: JSON.stringify([TableName, ...values]),
      label: [TableName, ...values.map((value) => String(Object.values(value)[0]))].join(' '),
    };
  }
}

const forwarded: Verdict = { refused: false, holdsAfterAnswer: false, release: () => undefined };

/** The operations whose body the model reads; any other request is passed on without parsing it. */
const modelled = new Set([
  'TransactWriteItems',
  'TransactGetItems',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
]);

/** Headers that describe one connection, not the answer: the proxy's own connection sets them again. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding']);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startTransactionConflicts(options: TransactionConflictsOptions): Promise<TransactionConflicts> {
  const upstream = new URL(options.upstream);
  const model = new TransactionConflictModel(options.keyAttributes);
  const agent = new Agent({ keepAlive: true });
  let holdMs = validHoldMs(options.holdMs);

  const control = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    if (req.method === 'PUT') {
      try {
        holdMs = validHoldMs((parseJson(body) as { holdMs?: unknown } | undefined)?.holdMs);
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ message: (error as Error).message }));
      }
    } else if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET, PUT' });
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ holdMs, stats: model.stats() }));
  };

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    // Passed on whole: the engine judges a request's size, as DynamoDB does.
    const body = (await readBody(req, Number.POSITIVE_INFINITY))!;
    if (req.url === CONFLICTS_CONTROL_PATH) return control(req, res, body);
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const verdict = modelled.has(operation) ? model.begin(operation, parseJson(body)) : forwarded;
    if (verdict.refused) return refuse(res, verdict.body);
    let answer: Answer;
    try {
      answer = await forward(upstream, agent, req, body);
    } catch {
      verdict.release();
      // The engine gave no answer: neither does the proxy, so the client sees what it would have seen.
      return void res.destroy();
    }
    // The answer goes back once the items are free, as AWS answers a transaction once it is over: a caller's
    // next transaction on the same item must not collide with its own finished one.
    if (verdict.holdsAfterAnswer && holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    verdict.release();
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)));
    res.writeHead(answer.status, { ...headers, 'content-length': answer.body.length });
    res.end(answer.body);
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Port 0: the system picks a free port as it binds, with no window for another process to take it.
    server.listen(0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    stats: () => model.stats(),
    setHoldMs: (next) => {
      holdMs = validHoldMs(next);
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

function validHoldMs(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new Error(`holdMs must be a number of milliseconds, 0 or more (got ${JSON.stringify(value)})`);
  return value;
}

function refuse(res: ServerResponse, body: Record<string, unknown>): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(400, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-requestid': randomUUID(),
    'content-length': payload.length,
  });
  res.end(payload);
}

function forward(upstream: URL, agent: Agent, req: IncomingMessage, body: Buffer, retried = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the engine closed just as it was reused: the request never reached it.
      if (!retried && outgoing.reusedSocket && error.code === 'ECONNRESET')
        resolve(forward(upstream, agent, req, body, true));
      else reject(error);
    });
    outgoing.end(body);
  });
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
