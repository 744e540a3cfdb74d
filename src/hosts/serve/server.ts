import { realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { ALLOWED_METHODS } from '../../routes/route-table.js';
import { answer, type SiteIndex } from '../../routes/answer.js';
import { bare, rawResponse, refusedRequestLine } from './raw-response.js';
import { AnswerSender, sendJson } from './send-answer.js';
import { watchSiteIndex } from './site-index.js';

interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  /** Bounds for slow clients; tests shorten them. */
  timeouts?: Partial<Timeouts>;
}

interface Timeouts {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  /** How often Node checks the two above. */
  connectionsCheckingInterval: number;
  /** The longest a file may take to send: a reader slower than this is cut off. */
  sendTimeout: number;
  /** The longest a connection may sit without any byte going either way. */
  idleTimeout: number;
}

export interface RunningServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/**
 * Bounds for slow or hostile clients: one that sends its headers slowly, one that stops
 * reading, and one that reads the largest page too slowly are each cut off in bounded time.
 */
const TIMEOUTS: Timeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
  sendTimeout: 120_000,
  idleTimeout: 30_000,
};

function requestTarget(req: IncomingMessage): string {
  const raw = req.url ?? '/';
  if (raw.startsWith('/')) return raw;
  try {
    const url = new URL(raw); // absolute-form, as a proxy would send
    return url.pathname + url.search;
  } catch {
    return '*';
  }
}

/** What a server answers from: the tree `dir` names at each request, its index, and how answers go out. */
interface Site {
  /** The tree `dir` names now; undefined while there is none (see handleRequest). */
  resolve: () => string | undefined;
  index: (root: string) => SiteIndex;
  sender: AnswerSender;
}

/** The site at `dir`, which must be there now; its files' answers cut off after `sendTimeout`. */
function openSite(dir: string, sendTimeout: number): Site {
  const site = path.resolve(dir);
  realpathSync(site); // a site that is not there fails at once
  const index = watchSiteIndex();
  const resolve = (): string | undefined => {
    try {
      return realpathSync.native(site);
    } catch {
      return undefined;
    }
  };
  return { resolve, index, sender: new AnswerSender(sendTimeout) };
}

/**
 * Answers a request from the tree published now. `tries`: a build may publish between
 * resolving the site and opening its file (see below).
 */
function handleRequest(site: Site, req: IncomingMessage, res: ServerResponse, tries = 3): void {
  const method = req.method ?? 'GET';
  const head = method === 'HEAD';
  // Resolved for each request: a build publishes by switching the link `dir` is (see
  // tree-roles), and the index and the file must come from the same tree.
  const root = site.resolve();
  if (root === undefined) {
    // The link was read just before a build switched it and moved the tree it named away:
    // read again, it names the new tree.
    if (tries > 1) return handleRequest(site, req, res, tries - 1);
    // Only `build --no-link` leaves a moment without the site; DRF's answer when a service is down.
    res.setHeader('Retry-After', '1');
    sendJson(res, 503, { detail: 'Service temporarily unavailable, try again later.' }, head);
    return;
  }
  // The tree resolved was replaced, and renamed to the spare, before it was read: a build
  // published meanwhile, so the request is answered again from the tree published now.
  const replaced = () => tries > 1 && site.resolve() !== root;
  let siteIndex: SiteIndex;
  try {
    siteIndex = site.index(root);
  } catch (cause) {
    if (replaced()) return handleRequest(site, req, res, tries - 1);
    throw cause;
  }
  // Node joins a repeated header into one string (set-cookie alone aside).
  const cors = { origin: req.headers.origin, requestMethod: req.headers['access-control-request-method'] as string | undefined };
  // A file missing from a tree replaced meanwhile is looked for again in the new one.
  const retried = () => replaced() && (handleRequest(site, req, res, tries - 1), true);
  const decision = answer(method, requestTarget(req), siteIndex, cors);
  site.sender.send(decision, { res, head, root, queries: siteIndex.queries, retried }, req.headers['if-none-match']);
}

/** Answers a request; a fault is a 500 while nothing is sent yet, a cut connection after, and is logged. */
function answerRequest(site: Site, req: IncomingMessage, res: ServerResponse): void {
  try {
    handleRequest(site, req, res);
  } catch (cause) {
    if (!res.headersSent) sendJson(res, 500, { detail: 'A server error occurred.' }, false);
    else res.destroy();
    process.stderr.write(`ports-gen serve: ${(cause as Error).stack ?? String(cause)}\n`);
  }
}

/**
 * `answer` for a request Node's HTTP layer does not hand to `handleRequest`: a method Node does
 * not know, which Django takes in upper case, or CONNECT. Those it allows are never among them:
 * undefined then, as when there is no site to answer from.
 */
function answerAside(site: Site, method: string, target: string): string | undefined {
  const upper = method.toUpperCase();
  const root = site.resolve();
  if (root === undefined || (ALLOWED_METHODS as readonly string[]).includes(upper)) return undefined;
  try {
    return rawResponse(answer(upper, target, site.index(root)));
  } catch {
    return undefined; // the tree was replaced meanwhile: a bad request, as before
  }
}

/** Ends a connection whose request Node's parser refused: with `answerAside` for an unknown method, else its bare status. */
function answerClientError(site: Site, error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  const refused = error.code === 'HPE_INVALID_METHOD' ? refusedRequestLine(error.rawPacket) : undefined;
  const answered = refused && answerAside(site, refused.method, refused.target);
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  if (socket.writable) socket.end(answered || bare(status));
  else socket.destroy();
}

/**
 * The local server: docs/api.md over `node:http`. Every decision is made by the
 * pure `answer`; this only moves bytes, streams files and handles conditional requests.
 */
export function createSiteServer(dir: string, timeouts: Partial<Timeouts> = {}): Server {
  const { sendTimeout, idleTimeout, ...limits } = { ...TIMEOUTS, ...timeouts };
  const site = openSite(dir, sendTimeout);
  const server = createServer({ ...limits, maxHeaderSize: 16 * 1024 }, (req, res) => answerRequest(site, req, res));
  server.keepAliveTimeout = limits.keepAliveTimeout;
  // A socket with no traffic for this long is destroyed (Node's default is never).
  server.timeout = idleTimeout;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => answerClientError(site, error, socket));
  // CONNECT is not handed to `handleRequest` either; Node closes its connection unless told otherwise.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(answerAside(site, 'CONNECT', requestTarget(req)) ?? bare('400 Bad Request'));
  });
  return server;
}

export function serveSite(options: ServeOptions): Promise<RunningServer> {
  const server = createSiteServer(options.dir, options.timeouts);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}/`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
