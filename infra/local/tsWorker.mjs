// A worker thread's entry for a TypeScript module: registers tsx in the worker (`--import tsx` registers it in
// the main thread only), then imports the module whose URL the worker was started with (workerData.entry).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
