// The worker thread of transactionConflictsThread.ts: starts the proxy and says where it listens.
import { parentPort, workerData } from 'node:worker_threads';
import { startTransactionConflicts, type TransactionConflictsOptions } from './transactionConflicts';

const { options } = workerData as { options: TransactionConflictsOptions };
const proxy = await startTransactionConflicts(options);
parentPort!.postMessage(proxy.endpoint);
