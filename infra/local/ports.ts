import { createServer } from 'node:net';

/** Where the parts of the local stack that only the stack itself calls listen. */
export const LOOPBACK = '127.0.0.1';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitFor<T>(what: string, attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
