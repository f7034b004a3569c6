// What runs in a function instance of the local stack's instances mode (a child process of the stack): the
// Lambda runtime's part. It loads one function's bundle (its path is the first argument), says it is ready,
// then runs the calls the gateway sends it one at a time, each with Lambda's context, and answers the
// handler's result or the error it threw. It is bundled with the functions (infra/local/functionBundles.ts).
import { pathToFileURL } from 'node:url';
import type { Handler } from 'aws-lambda';
import { lambdaContext } from './lambdaContext';

export interface InstanceCall {
  name: string;
  event: unknown;
  deadline: number;
}

const { handler } = (await import(pathToFileURL(process.argv[2]!).href)) as { handler: Handler };

process.on('message', async ({ name, event, deadline }: InstanceCall) => {
  try {
    process.send!({ result: await handler(event, lambdaContext(name, deadline), () => undefined) });
  } catch (error) {
    process.send!({ error: { name: (error as Error).name, message: (error as Error).message } });
  }
});
// The stack is gone (stopped, or killed): so is every instance of it.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
