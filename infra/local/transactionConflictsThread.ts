// The transaction conflicts proxy (transactionConflicts.ts) in a worker thread of its own, as DynamoDB is a
// service apart from the functions that call it: the proxy passes on every DynamoDB call of the portal (two
// HTTP legs each), and in the gateway's thread that work made the functions' calls wait (registration day's
// benchmark: with it there, 17 of 1,000 families were answered "very busy" after a function ran out of time;
// 0 with conflicts off).
import { Worker } from 'node:worker_threads';
import type { TransactionConflictsOptions } from './transactionConflicts';

const BOOT = new URL('./tsWorker.mjs', import.meta.url);
const ENTRY = new URL('./transactionConflictsWorker.ts', import.meta.url).href;

export interface TransactionConflictsThread {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts the proxy in its own thread; its hold and its counts are read and set at its control path. */
export function startTransactionConflictsThread(
  options: TransactionConflictsOptions,
): Promise<TransactionConflictsThread> {
  const worker = new Worker(BOOT, { workerData: { entry: ENTRY, options } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the conflicts proxy's thread exited with ${code}`)));
    worker.once('message', (endpoint: string) =>
      resolve({
        endpoint,
        stop: async () => {
          await worker.terminate();
        },
      }),
    );
  });
}
