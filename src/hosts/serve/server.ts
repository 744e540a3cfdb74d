import { bodyOf, filesOf } from '../../render/query-body.js';
import type { QueryIndex } from '../../routes/query/read-query-index.js';
import { closeSync, createReadStream, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { toJsonText } from '../../render/json-text.js';
import { ALLOWED_METHODS, API_HEADERS } from '../../routes/route-table.js';
import { answer, missingAnswer, type Answer, type SiteIndex } from '../../routes/answer.js';
import { EtagCache, matchesIfNoneMatch } from './etag.js';
import { openInside, readInside } from './open-inside.js';
import { bare, rawResponse, refusedRequestLine } from './raw-response.js';
import { watchSiteIndex } from './site-index.js';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
  /** Bounds for slow clients; tests shorten them. */
  timeouts?: Partial<Timeouts>;
}

export interface Timeouts {
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

function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const text = toJsonText(body);
  res.writeHead(status, { ...API_HEADERS, 'Content-Length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

/**
 * The local server: docs/api.md over `node:http`. Every decision is made by the
 * pure `answer`; this only moves bytes, streams files and handles conditional requests.
 */
export function createSiteServer(dir: string, timeouts: Partial<Timeouts> = {}): Server {
  const site = path.resolve(dir);
  realpathSync(site); // a site that is not there fails at once
  const index = watchSiteIndex();
  const etags = new EtagCache();

  /** The tree `dir` names now; undefined while there is none (see below). */
  const resolveSite = (): string | undefined => {
    try {
      return realpathSync.native(site);
    } catch {
      return undefined;
    }
  };

  /** `tries`: a build may publish between resolving the site and opening its file (see below). */
  const handle = (req: IncomingMessage, res: ServerResponse, tries = 3): void => {
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    // Resolved for each request: a build publishes by switching the link `dir` is (see
    // tree-roles), and the index and the file must come from the same tree.
    const root = resolveSite();
    if (root === undefined) {
      // The link was read just before a build switched it and moved the tree it named away:
      // read again, it names the new tree.
      if (tries > 1) return handle(req, res, tries - 1);
      // Only `build --no-link` leaves a moment without the site; DRF's answer when a service is down.
      res.setHeader('Retry-After', '1');
      sendJson(res, 503, { detail: 'Service temporarily unavailable, try again later.' }, head);
      return;
    }
    // The tree resolved was replaced, and renamed to the spare, before it was read: a build
    // published meanwhile, so the request is answered again from the tree published now.
    const replaced = () => tries > 1 && resolveSite() !== root;
    let siteIndex: SiteIndex;
    try {
      siteIndex = index(root);
    } catch (cause) {
      if (replaced()) return handle(req, res, tries - 1);
      throw cause;
    }
    // Node joins a repeated header into one string (set-cookie alone aside).
    const cors = { origin: req.headers.origin, requestMethod: req.headers['access-control-request-method'] as string | undefined };
    // A file missing from a tree replaced meanwhile is looked for again in the new one.
    const retried = () => replaced() && (handle(req, res, tries - 1), true);
    send(answer(method, requestTarget(req), siteIndex, cors), root, res, head, retried, siteIndex.queries, req.headers['if-none-match']);
  };

  /** Sends `decision`, a file from the tree at `root`; `retried`: whether a miss was answered again from a newer tree. */
  const send = (decision: Answer, root: string, res: ServerResponse, head: boolean, retried: () => boolean, queries: QueryIndex | undefined, ifNoneMatch?: string): void => {
    if ('preflight' in decision) {
      res.writeHead(200, { ...decision.preflight, 'Content-Length': 0 });
      res.end();
      return;
    }
    if ('location' in decision) {
      res.writeHead(301, { ...(decision.headers ?? API_HEADERS), Location: decision.location, 'Content-Length': 0 });
      res.end();
      return;
    }
    if ('body' in decision) {
      sendJson(res, decision.status, decision.body, head);
      return;
    }
    if ('computed' in decision) {
      const texts = readInside(root, filesOf(queries!, decision.computed));
      if (!texts && retried()) return;
      if (!texts) return sendJson(res, 503, { detail: 'Service temporarily unavailable, try again later.' }, head);
      const body = bodyOf(queries!, decision.computed, texts);
      res.writeHead(200, { ...API_HEADERS, 'Content-Length': Buffer.byteLength(body) });
      res.end(head ? undefined : body);
      return;
    }
    const opened = openInside(root, decision.file);
    if (!opened && retried()) return;
    // Gone since the index was read (a rebuild), or a link planted in the tree: a miss.
    if (!opened) return send(missingAnswer(decision.missing), root, res, head, () => false, queries);
    const { fd, stats } = opened;
    // The 404 page is no representation of the URL: no ETag, never a 304.
    const headers = decision.status === 200 ? { ...(decision.headers ?? API_HEADERS), ETag: etags.get(decision.file, fd, stats) } : decision.headers ?? API_HEADERS;
    const notModified = 'ETag' in headers && matchesIfNoneMatch(ifNoneMatch, headers.ETag);
    if (notModified || head) {
      closeSync(fd);
      res.writeHead(notModified ? 304 : decision.status, notModified ? headers : { ...headers, 'Content-Length': stats.size });
      res.end();
      return;
    }
    res.writeHead(decision.status, { ...headers, 'Content-Length': stats.size });
    const stream = createReadStream('', { fd, start: 0 });
    const deadline = setTimeout(() => res.destroy(), sendTimeout);
    res.on('close', () => clearTimeout(deadline));
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };

  const { sendTimeout, idleTimeout, ...limits } = { ...TIMEOUTS, ...timeouts };
  const server = createServer({ ...limits, maxHeaderSize: 16 * 1024 }, (req, res) => {
    try {
      handle(req, res);
    } catch (cause) {
      if (!res.headersSent) sendJson(res, 500, { detail: 'A server error occurred.' }, false);
      else res.destroy();
      process.stderr.write(`ports-gen serve: ${(cause as Error).stack ?? String(cause)}\n`);
    }
  });
  server.keepAliveTimeout = limits.keepAliveTimeout;
  // A socket with no traffic for this long is destroyed (Node's default is never).
  server.timeout = idleTimeout;
  /**
   * `answer` for a request Node's HTTP layer does not hand to `handle`: a method Node does not
   * know, which Django takes in upper case, or CONNECT. Those it allows are never among them:
   * undefined then, as when there is no site to answer from.
   */
  const answerAside = (method: string, target: string): string | undefined => {
    const upper = method.toUpperCase();
    const root = resolveSite();
    if (root === undefined || (ALLOWED_METHODS as readonly string[]).includes(upper)) return undefined;
    try {
      return rawResponse(answer(upper, target, index(root)));
    } catch {
      return undefined; // the tree was replaced meanwhile: a bad request, as before
    }
  };
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    const refused = error.code === 'HPE_INVALID_METHOD' ? refusedRequestLine(error.rawPacket) : undefined;
    const answered = refused && answerAside(refused.method, refused.target);
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(answered || bare(status));
    else socket.destroy();
  });
  // CONNECT is not handed to `handle` either; Node closes its connection unless told otherwise.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(answerAside('CONNECT', requestTarget(req)) ?? bare('400 Bad Request'));
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
