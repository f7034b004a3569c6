// The transaction conflicts proxy (transactionConflicts.ts) in a worker thread of its own, as DynamoDB is a
// service apart from the functions that call it: the proxy works on every DynamoDB call of the portal (two
// HTTP legs each), and in the functions' thread that work made their calls run out of time on a busy day.
import { Worker } from 'node:worker_threads';
import type { TransactionConflictsOptions } from './transactionConflicts';

const BOOT = new URL('./tsWorker.mjs', import.meta.url);
const ENTRY = new URL('./transactionConflictsWorker.ts', import.meta.url).href;

export interface TransactionConflictsThread {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts the proxy in its own thread; its hold and its counts are read and set at its control path. A thread
 * that fails once started is logged: every DynamoDB call of the portal fails with it.
 */
export function startTransactionConflictsThread(
  options: TransactionConflictsOptions,
  log: (line: string) => void,
): Promise<TransactionConflictsThread> {
  const worker = new Worker(BOOT, { workerData: { entry: ENTRY, options } });
  let stopping = false;
  return new Promise((resolve, reject) => {
    worker.on('error', (error) => {
      reject(error);
      log(`the conflicts proxy failed: ${error.stack ?? error.message}`);
    });
    worker.on('exit', (code) => {
      reject(new Error(`the conflicts proxy's thread exited with ${code}`));
      if (!stopping) log(`the conflicts proxy's thread exited with ${code}`);
    });
    worker.once('message', (endpoint: string) =>
      resolve({
        endpoint,
        stop: async () => {
          stopping = true;
          await worker.terminate();
        },
      }),
    );
  });
}
