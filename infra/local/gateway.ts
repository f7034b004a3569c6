// The local gateway: on one port, what API Gateway, CloudFront, S3, the Lambda service and SES are in AWS.
//   POST /api/fn/{name}                      a named function, after the JWT authorizer's check
//   GET  /api/get/{name}?payload=…           a cached catalogue read (CloudFront's cache, when it is on)
//   GET  /api/{feed path}                    a feed (the iCalendar feed)
//   POST /2015-03-31/functions/{name}/invocations   Lambda Invoke: cognito-local's triggers, the scheduled functions
//   POST /v2/email/outbound-emails           SES v2 SendEmail, into the outbox
//   POST /_local/secrets-manager/            Secrets Manager GetSecretValue of the origin secret (signed)
//   GET  /config.json  /_local/outbox        the site's runtime config, the outbox (local only, same origin)
//   GET  /_local/edge-stats                  calls throttled and admitted per route, cache hits and origin calls
//   GET  /_local/lambda-stats                the function instances (instances mode: busy, idle, cold starts and
//                                            their ms, throttles, timeouts, crashes by function; else null) and
//                                            the Secrets Manager reads (an instance reads the origin secret once)
//   PUT  /_local/ses  {"refusing": [addr]}   SES refuses sends to these addresses, as its sandbox does to unverified ones
//   *    /_cognito/...                       cognito-local (same origin, admin calls signed)
//   GET  anything else                       the built web app, index.html for SPA routes
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Handler } from 'aws-lambda';
import {
  functionNames,
  isFunctionName,
  manifest,
  type Access,
  type FunctionName,
} from '../../lambdas/contract/manifest';
import type { PortalEvent } from '../../lambdas/platform/handler';
import { ORIGIN_HEADER } from '../../lambdas/platform/originCheck';
import {
  cachedReadPath,
  CACHED_PATH_PREFIX,
  functionPath,
  isCachedFunctionName,
  routeKey,
  STAGE_NAME,
} from '../routes';
import { ApiThrottle, sendTooManyRequests } from './apiThrottle';
import { COGNITO_PATH } from './cognito';
import { lambdaContext } from './lambdaContext';
import type { Invocation, LambdaPool } from './lambdaPool';
import { CatalogueCache, edgeSettings, type EdgeSettings } from './edge';
import type { Outbox } from './outbox';
import { readBody } from './requestBody';
import { SECRETS_MANAGER_PATH, serveOriginSecret } from './secretsManager';
import type { LocalCredentials } from './signature';
import type { RuntimeConfig } from '../../web/src/runtimeConfig';
import {
  feedModule,
  feeds,
  handlerModule,
  mailFeedback,
  scheduleModule,
  schedules,
  triggerModule,
  userPoolTriggers,
  type FeedName,
  type ScheduleName,
  type TriggerName,
} from '../../lambdas/platform/deployment';

export interface GatewayOptions {
  port: number;
  host: string;
  webRoot: string;
  outbox: Outbox;
  log: (line: string) => void;
  /** API Gateway's throttling and CloudFront's cache; by default as `npm start`'s environment says. */
  edge?: EdgeSettings;
}

type ApiResult = { statusCode: number; headers?: Record<string, string>; body?: string };

/**
 * API Gateway's answer when Lambda throttles the call (429 TooManyRequestsException), or the function fails,
 * times out or its instance dies: the Lambda guide ("Handling Lambda errors with an API Gateway API") says
 * API Gateway treats every invocation and function error as internal, 500 when Lambda rejects the invoke
 * (a throttle), and the HTTP API's troubleshooting page gives its body, {"message":"Internal Server Error"}.
 * (A REST API answers a function error 502; an HTTP API answers it 500, the body without the `error` object
 * the functions' own errors carry.)
 */
const LAMBDA_FAILED: ApiResult = {
  statusCode: 500,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message: 'Internal Server Error' }),
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

type Loaded<T> = Map<string, Promise<T>>;

/** Connections waiting to be accepted: Linux's own cap (net.core.somaxconn) is 4096 by default. */
const CONNECTION_QUEUE = 4096;

export class Gateway {
  readonly server: Server;
  private cognito: RequestListener | undefined;
  private siteConfig: Omit<RuntimeConfig, 'userPoolEndpoint'> | undefined;
  private readonly functions: Loaded<Handler<PortalEvent>> = new Map();
  private readonly triggers: Loaded<Handler> = new Map();
  private readonly feeds: Loaded<Handler<PortalEvent>> = new Map();
  private readonly gzipped = new Map<string, Buffer>();
  private authorizer: typeof import('../../lambdas/platform/caller') | undefined;
  private readonly throttle: ApiThrottle | undefined;
  private readonly cache: CatalogueCache | undefined;
  /** Addresses SES refuses to send to (as its sandbox refuses unverified ones): a failure to recover from. */
  private sesRefusing = new Set<string>();
  /** What CloudFront adds to every call it sends the API (new at every start), and who may read it. */
  private readonly originSecret = randomBytes(24).toString('base64url');
  private secretsReader: LocalCredentials | undefined;
  private secretReads = 0;
  /** The API's functions' instances (PORTAL_LAMBDA_INSTANCES=on); without them, the functions run in this process. */
  private instances: LambdaPool | undefined;
  /** Where a failed instance call is logged (as Lambda logs a timeout), whether calls are logged or not. */
  private logFailure: (line: string) => void = () => undefined;

  constructor(private readonly options: GatewayOptions) {
    const edge = options.edge ?? edgeSettings(process.env);
    this.throttle = edge.apiThrottle ? new ApiThrottle() : undefined;
    this.cache = edge.catalogueCache ? new CatalogueCache() : undefined;
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => {
        options.log(`gateway error on ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent)
          sendJson(res, 500, {
            message: 'Internal Server Error',
            error: { code: 'internal', message: 'The local gateway failed.' },
          });
        else res.end();
      });
    });
    this.server.keepAliveTimeout = 5000;
  }

  get url(): string {
    return `http://localhost:${this.options.port}`;
  }

  listen(): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      this.server.once('error', reject);
      // API Gateway and CloudFront take every connection a crowd opens; one process answering them all may fall
      // behind, and connections then wait in the kernel's queue instead of being refused (Node's default
      // queue, 511, is reset by the kernel when 1,000 families' browsers connect in the same seconds).
      this.server.listen({ port: this.options.port, host: this.options.host, backlog: CONNECTION_QUEUE }, () =>
        resolvePromise(),
      );
    });
  }

  close(): Promise<void> {
    return new Promise((resolvePromise) => {
      this.server.close(() => resolvePromise());
      this.server.closeAllConnections();
    });
  }

  runFunctionsIn(instances: LambdaPool, logFailure: (line: string) => void): void {
    this.instances = instances;
    this.logFailure = logFailure;
  }

  mountCognito(listener: RequestListener): void {
    this.cognito = listener;
  }

  setSiteConfig(config: Omit<RuntimeConfig, 'userPoolEndpoint'>): void {
    this.siteConfig = config;
  }

  /** Secrets Manager answers calls signed with the functions' credentials only, as IAM would. */
  allowSecretsReader(credentials: LocalCredentials): void {
    this.secretsReader = credentials;
  }

  /**
   * Loads every function and trigger module now, so a missing setting fails the start, not a request (the
   * API's functions only when they run here: instances load their own).
   */
  async loadAll(): Promise<void> {
    this.authorizer = await import('../../lambdas/platform/caller');
    const api = this.instances
      ? []
      : [
          ...functionNames.map((name) => this.functionHandler(name)),
          ...(Object.keys(feeds) as FeedName[]).map((name) => this.feedHandler(name)),
        ];
    await Promise.all([...api, ...Object.values(userPoolTriggers).map((name) => this.triggerHandler(name))]);
  }

  private functionHandler(name: FunctionName) {
    return loadOnce(this.functions, name, handlerModule(name));
  }

  private feedHandler(name: FeedName) {
    return loadOnce(this.feeds, name, feedModule(name));
  }

  /** An API function's call: in an instance of its own in instances mode, else here; Lambda's failures as API Gateway answers them. */
  private async runApi(
    name: FunctionName | FeedName,
    load: () => Promise<Handler<PortalEvent>>,
    event: PortalEvent,
  ): Promise<ApiResult> {
    if (!this.instances) return (await (await load())(event, lambdaContext(name), () => undefined)) as ApiResult;
    const invocation = await this.instances.invoke(name, event);
    if (invocation.outcome === 'answered' && 'result' in invocation.answer)
      return invocation.answer.result as ApiResult;
    this.logFailure(`${name}: ${failure(invocation)}`);
    return LAMBDA_FAILED;
  }

  private triggerHandler(name: TriggerName) {
    return loadOnce(this.triggers, name, triggerModule(name));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === COGNITO_PATH || path.startsWith(`${COGNITO_PATH}/`)) return this.serveCognito(req, res, url);
    const fn = /^\/api\/fn\/([^/]+)$/.exec(path);
    if (fn) return this.serveFunction(req, res, decodeURIComponent(fn[1]!), url);
    const cached = new RegExp(`^/api${CACHED_PATH_PREFIX}([^/]+)$`).exec(path);
    if (cached) return this.serveCachedRead(req, res, decodeURIComponent(cached[1]!), url);
    const feed = (Object.keys(feeds) as FeedName[]).find((name) => path === `/api${feeds[name].path}`);
    if (feed && (req.method === 'GET' || req.method === 'HEAD')) return this.serveFeed(req, res, feed, url);
    if (path.startsWith(`/${STAGE_NAME}/`))
      return sendJson(res, 404, {
        message: 'Not Found',
        error: { code: 'not-found', message: `No API route ${path}.` },
      });
    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(path);
    if (invoke && req.method === 'POST') return this.serveTrigger(req, res, decodeURIComponent(invoke[1]!));
    if (path === '/v2/email/outbound-emails' && req.method === 'POST') return this.serveSendEmail(req, res);
    if (path === `${SECRETS_MANAGER_PATH}/` && req.method === 'POST') {
      this.secretReads += 1;
      return serveOriginSecret(req, res, { reader: this.secretsReader, value: this.originSecret });
    }
    if (path === '/config.json') return this.serveSiteConfig(req, res);
    if (path === '/_local/outbox') return this.serveOutbox(req, res);
    if (path === '/_local/ses') return this.serveSesControl(req, res);
    if (path === '/_local/edge-stats')
      return sendJson(res, 200, {
        apiThrottle: this.throttle?.stats() ?? null,
        catalogueCache: this.cache?.stats() ?? null,
      });
    if (path === '/_local/lambda-stats')
      return sendJson(res, 200, {
        instances: this.instances?.stats() ?? null,
        secretsManagerReads: this.secretReads,
      });
    if (req.method === 'GET' || req.method === 'HEAD') return this.serveWebApp(req, res, path);
    sendJson(res, 405, { message: 'Method Not Allowed' });
  }

  private async serveFunction(req: IncomingMessage, res: ServerResponse, name: string, url: URL): Promise<void> {
    const started = Date.now();
    if (req.method !== 'POST' || !isFunctionName(name)) {
      // API Gateway answers an unknown route with its own 404.
      return sendJson(res, 404, {
        message: 'Not Found',
        error: { code: 'not-found', message: `There is no function named "${name}".` },
      });
    }
    // API Gateway throttles before its authorizer runs: a throttled call is neither checked nor run.
    if (!this.admitted(res, routeKey({ method: 'POST', path: functionPath(name) }), manifest[name].access))
      return this.logCall('POST', name, 429, started);
    const body = await readBody(req);
    if (body === undefined) {
      return sendJson(res, 413, {
        message: 'Request Entity Too Large',
        error: { code: 'invalid-argument', message: 'The request body is too large.' },
      });
    }
    const event = this.apiEvent(req, url, name, body.toString('utf8'));
    if (manifest[name].access !== 'public') {
      // The HTTP API's JWT authorizer: issuer, signature, expiry, token_use and client_id.
      const authorizer = this.authorizer ?? (this.authorizer = await import('../../lambdas/platform/caller'));
      const token = authorizer.bearerToken(event.headers.authorization);
      const claims = token && (await authorizer.verifyAccessToken(token));
      if (!claims) {
        this.logCall('POST', name, 401, started);
        return sendJson(res, 401, {
          message: 'Unauthorized',
          error: { code: 'unauthenticated', message: 'Sign in to do this.' },
        });
      }
      event.requestContext.authorizer = { jwt: { claims: authorizer.authorizerClaims(claims), scopes: null } } as never;
    }
    const result = await this.runApi(name, () => this.functionHandler(name), event);
    res.writeHead(result.statusCode, result.headers ?? {});
    res.end(result.body ?? '');
    this.logCall('POST', name, result.statusCode, started);
  }

  /**
   * `GET /api/get/{name}?payload=…` as CloudFront and API Gateway serve it: a fresh cached answer for the
   * same path and query comes from the cache (when it is on) without reaching the API; otherwise the route's
   * throttle, then the function, whose 200 the cache keeps for its max-age.
   */
  private async serveCachedRead(req: IncomingMessage, res: ServerResponse, name: string, url: URL): Promise<void> {
    const started = Date.now();
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCachedFunctionName(name)) {
      return sendJson(res, 404, {
        message: 'Not Found',
        error: { code: 'not-found', message: `There is no cached read named "${name}".` },
      });
    }
    const key = url.pathname + url.search;
    const hit = this.cache?.lookup(key);
    if (hit) {
      res.writeHead(200, { ...hit.headers, age: String(hit.ageSeconds), 'x-cache': 'Hit from cloudfront' });
      res.end(req.method === 'HEAD' ? undefined : hit.body);
      return this.logCall('GET', name, 200, started);
    }
    // A call that comes while another's for the same key is under way gets that answer (CloudFront's request
    // collapsing): it neither passes the throttle nor reaches the function.
    const underWay = this.cache?.underWay(key);
    const admitted = underWay || this.admitted(res, routeKey({ method: 'GET', path: cachedReadPath(name) }), 'public');
    if (!admitted) return this.logCall('GET', name, 429, started);
    const origin = () => this.runApi(name, () => this.functionHandler(name), this.apiEvent(req, url, name, '', 'GET'));
    const { answer, collapsed } = this.cache?.fromOrigin(key, origin) ?? { answer: origin(), collapsed: false };
    const result = await answer;
    const headers = result.headers ?? {};
    const cacheHeader = collapsed ? 'Hit from cloudfront' : 'Miss from cloudfront';
    res.writeHead(result.statusCode, { ...headers, ...(this.cache && { 'x-cache': cacheHeader }) });
    res.end(req.method === 'HEAD' ? undefined : (result.body ?? ''));
    this.logCall('GET', name, result.statusCode, started);
  }

  /** Whether API Gateway's throttling (when it is on) lets the call through; if not, its 429 is sent. */
  private admitted(res: ServerResponse, key: string, access: Access): boolean {
    if (!this.throttle || this.throttle.admit(key, access)) return true;
    sendTooManyRequests(res);
    return false;
  }

  private async serveFeed(req: IncomingMessage, res: ServerResponse, name: FeedName, url: URL): Promise<void> {
    const started = Date.now();
    if (!this.admitted(res, routeKey({ method: 'GET', path: feeds[name].path }), 'public')) return;
    const event = { ...this.apiEvent(req, url, name, ''), routeKey: `GET ${feeds[name].path}` };
    const result = await this.runApi(name, () => this.feedHandler(name), event);
    res.writeHead(result.statusCode, result.headers ?? {});
    res.end(req.method === 'HEAD' ? undefined : (result.body ?? ''));
    this.options.log(`GET ${url.pathname} ${result.statusCode} ${Date.now() - started} ms`);
  }

  private logCall(method: 'GET' | 'POST', name: string, status: number, started: number) {
    this.options.log(
      `${method} /api${method === 'GET' ? CACHED_PATH_PREFIX : '/fn/'}${name} ${status} ${Date.now() - started} ms`,
    );
  }

  /** The API's event as CloudFront forwards the call: with its origin header, whatever the caller sent. */
  private apiEvent(...args: Parameters<typeof apiGatewayEvent>): PortalEvent {
    const event = apiGatewayEvent(...args);
    event.headers = { ...event.headers, [ORIGIN_HEADER]: this.originSecret };
    return event;
  }

  /** Lambda's Invoke: a trigger (cognito-local calls it), or a scheduled function with the event given (a test's later "now"). */
  private async serveTrigger(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const trigger = Object.values(userPoolTriggers).find((candidate) => candidate === name);
    const scheduled = Object.hasOwn(schedules, name) ? (name as ScheduleName) : undefined;
    if (!trigger && !scheduled)
      return sendJson(
        res,
        404,
        { Type: 'User', Message: `Function not found: ${name}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException' },
      );
    const event = JSON.parse(((await readBody(req)) ?? Buffer.from('{}')).toString('utf8')) as unknown;
    const handler = trigger
      ? await this.triggerHandler(trigger)
      : await loadOnce(this.triggers, name, scheduleModule(scheduled!));
    try {
      sendJson(res, 200, await handler(event, lambdaContext(name), () => undefined));
    } catch (error) {
      sendJson(
        res,
        200,
        { errorType: (error as Error).name, errorMessage: (error as Error).message },
        { 'x-amz-function-error': 'Unhandled' },
      );
    }
  }

  private async serveSesControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (fromOtherOrigin(req)) return sendJson(res, 403, { message: 'SES is controlled from this portal only.' });
    if (req.method === 'PUT') {
      const body = JSON.parse(((await readBody(req)) ?? Buffer.from('{}')).toString('utf8') || '{}') as {
        refusing?: unknown;
      };
      if (!Array.isArray(body.refusing) || !body.refusing.every((address) => typeof address === 'string'))
        return sendJson(res, 400, { message: 'Send {"refusing": ["address", …]}.' });
      this.sesRefusing = new Set(body.refusing.map((address: string) => address.toLowerCase()));
    }
    sendJson(res, 200, { refusing: [...this.sesRefusing] });
  }

  private async serveSendEmail(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = JSON.parse(((await readBody(req)) ?? Buffer.from('{}')).toString('utf8')) as SesSendEmail;
    const refused = (request.Destination?.ToAddresses ?? []).filter((to) => this.sesRefusing.has(to.toLowerCase()));
    if (refused.length)
      return sendJson(
        res,
        400,
        { message: `Email address is not verified. The following identities failed the check: ${refused.join(', ')}` },
        { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
      );
    const simple = request.Content?.Simple;
    for (const to of request.Destination?.ToAddresses ?? []) {
      this.options.outbox.add({
        to,
        subject: simple?.Subject?.Data ?? '',
        text: simple?.Body?.Text?.Data ?? '',
        ...(simple?.Body?.Html?.Data && { html: simple.Body.Html.Data }),
      });
    }
    sendJson(res, 200, { MessageId: randomUUID() });
    this.simulateMailbox(request.Destination?.ToAddresses ?? []);
  }

  /**
   * SES's mailbox simulator: a send to bounce@simulator.amazonses.com (or complaint@…, with a +label) is
   * accepted, then SES publishes a permanent bounce (or a complaint) through the configuration set to SNS,
   * whose subscriber is mailFeedback: the same event, handed to the same function.
   */
  private simulateMailbox(addresses: string[]) {
    for (const address of addresses) {
      const kind = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i.exec(address)?.[1]?.toLowerCase();
      if (!kind) continue;
      const message =
        kind === 'bounce'
          ? {
              eventType: 'Bounce',
              bounce: {
                bounceType: 'Permanent',
                bouncedRecipients: [{ emailAddress: address, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
              },
            }
          : {
              eventType: 'Complaint',
              complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: address }] },
            };
      void loadOnce<Handler>(this.triggers, 'mailFeedback', mailFeedback.module)
        .then((handler) =>
          handler(
            { Records: [{ Sns: { Message: JSON.stringify(message) } }] },
            lambdaContext('mailFeedback'),
            () => undefined,
          ),
        )
        .catch((error: Error) => this.options.log(`mailFeedback failed: ${error.message}`));
    }
  }

  private serveSiteConfig(_req: IncomingMessage, res: ServerResponse) {
    if (!this.siteConfig) return sendJson(res, 503, { message: 'The portal is still starting.' });
    // The browser reaches cognito-local through the origin that served it the site: a path, which the web
    // app resolves against its own address (nothing of the request, such as its Host, is echoed).
    sendJson(res, 200, { ...this.siteConfig, userPoolEndpoint: `${COGNITO_PATH}/` } satisfies RuntimeConfig);
  }

  /** The outbox holds sign-up and password-reset codes: for the developer, never for another site's page. */
  private serveOutbox(req: IncomingMessage, res: ServerResponse) {
    if (fromOtherOrigin(req)) return sendJson(res, 403, { message: 'The outbox is read from this portal only.' });
    sendJson(res, 200, { messages: this.options.outbox.messages });
  }

  private serveCognito(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!this.cognito) return sendJson(res, 503, { message: 'The user pool is still starting.' });
    // Only the portal's own pages call the user pool from a browser (cognito-local would allow any origin).
    if (fromOtherOrigin(req))
      return sendJson(res, 403, {
        __type: 'ForbiddenException',
        message: 'The local user pool takes no calls from pages of other origins.',
      });
    req.url = (url.pathname.slice(COGNITO_PATH.length) || '/') + url.search;
    this.cognito(req, res);
  }

  private serveWebApp(req: IncomingMessage, res: ServerResponse, path: string) {
    const root = resolve(this.options.webRoot);
    let file = resolve(join(root, decodeURIComponent(path)));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      if (extname(path) && !path.endsWith('.html')) return sendJson(res, 404, { message: 'Not Found' });
      file = join(root, 'index.html');
      if (!existsSync(file)) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('The web app is not built yet: run `npm run build:web` (npm start does it for you).');
      }
    }
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${sep}assets${sep}`);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    if (/gzip/.test(String(req.headers['accept-encoding'])) && /text|javascript|json|svg/.test(type)) {
      const zipped = this.gzipped.get(file) ?? gzipSync(readFileSync(file));
      if (immutable) this.gzipped.set(file, zipped);
      res.writeHead(200, {
        ...headers,
        'content-encoding': 'gzip',
        'content-length': zipped.length,
        vary: 'accept-encoding',
      });
      return void res.end(req.method === 'HEAD' ? undefined : zipped);
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }
}

interface SesSendEmail {
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } } };
}

/**
 * A browser's request from a page of another origin than the one it asks (the Origin a browser sends for
 * cross-origin fetches, or its Sec-Fetch-Site); requests of tools without either are not browsers' pages.
 */
function fromOtherOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers['sec-fetch-site'] === 'cross-site';
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/** Why an instance's call failed, for the log. */
function failure(invocation: Invocation): string {
  if (invocation.outcome === 'answered')
    return 'error' in invocation.answer ? `${invocation.answer.error.name}: ${invocation.answer.error.message}` : '';
  return invocation.outcome === 'crashed' ? `its instance died: ${invocation.message}` : invocation.outcome;
}

function loadOnce<T>(cache: Loaded<T>, name: string, modulePath: string): Promise<T> {
  let loaded = cache.get(name);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(modulePath)).href).then((module: { handler: T }) => module.handler);
    cache.set(name, loaded);
  }
  return loaded;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * The HTTP API (payload 2.0) event for the function's route on stage `api` (`POST /fn/{name}`, or a cached
 * read's `GET /get/{name}`), as CloudFront forwards `/api/…`.
 */
function apiGatewayEvent(
  req: IncomingMessage,
  url: URL,
  name: string,
  body: string,
  method: 'GET' | 'POST' = 'POST',
): PortalEvent {
  const headers: Record<string, string> = {};
  for (const [header, value] of Object.entries(req.headers))
    if (value !== undefined) headers[header] = Array.isArray(value) ? value.join(',') : value;
  const now = new Date();
  const routeKey = isFunctionName(name)
    ? `${method} ${method === 'GET' ? cachedReadPath(name) : functionPath(name)}`
    : `${method} ${url.pathname}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(url.search && { queryStringParameters: Object.fromEntries(url.searchParams) }),
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: STAGE_NAME,
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(isFunctionName(name) && { pathParameters: { name } }),
    body,
    isBase64Encoded: false,
  };
}
