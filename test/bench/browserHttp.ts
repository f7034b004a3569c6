// HTTP as a family's browser speaks it to the portal, for the registration-day benchmark: a few kept-alive
// connections per family (Chromium opens at most six per host), no deadline of its own for connecting (a
// browser waits as long as the system keeps trying), and a request sent again, once, when a kept-alive
// connection turns out closed before any answer came (the server closed it idle just as it was reused:
// the request never reached it, and browsers resend it too).
import { Agent, request } from 'node:http';

/** Connections a browser keeps to one host. */
const CONNECTIONS_PER_HOST = 6;

export interface BrowserAnswer {
  status: number;
  body: string;
}

export interface BrowserInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** One family's browser: its own connections, reused from call to call. */
export class Browser {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_HOST });

  send(url: string, init: BrowserInit = {}, resent = false): Promise<BrowserAnswer> {
    const target = new URL(url);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          hostname: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? 'GET',
          headers: init.headers,
          agent: this.agent,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (!resent && outgoing.reusedSocket && error.code === 'ECONNRESET') resolve(this.send(url, init, true));
        else reject(error);
      });
      outgoing.end(init.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
