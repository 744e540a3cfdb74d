import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { toJsonText } from '../render/json-text.js';
import { API_HEADERS } from '../routes/route-table.js';
import { answer } from './answer.js';
import { EtagCache, matchesIfNoneMatch } from './etag.js';
import { watchSiteIndex } from './site-index.js';

export interface ServeOptions {
  dir: string;
  port: number;
  host: string;
}

export interface RunningServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/** Bounds for slow or hostile clients (issue: serve under attack). */
const TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 };

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
 * The local server: SPEC section 3 in full over `node:http`. Every decision is made by the
 * pure `answer`; this only moves bytes, streams files and handles conditional requests.
 */
export function createSiteServer(dir: string): Server {
  const root = path.resolve(dir);
  const index = watchSiteIndex(root);
  const etags = new EtagCache();

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    const decision = answer(method, requestTarget(req), index());
    if ('location' in decision) {
      res.writeHead(301, { ...API_HEADERS, Location: decision.location, 'Content-Length': 0 });
      res.end();
      return;
    }
    if ('body' in decision) {
      sendJson(res, decision.status, decision.body, head);
      return;
    }
    const file = path.join(root, decision.file);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) {
      // The index said yes but the tree changed under us (a rebuild): answer as a miss.
      sendJson(res, 404, { detail: 'Not found.' }, head);
      return;
    }
    const etag = etags.get(file, stats);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, { ...API_HEADERS, ETag: etag });
      res.end();
      return;
    }
    res.writeHead(200, { ...API_HEADERS, ETag: etag, 'Content-Length': stats.size });
    if (head) {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };

  const server = createServer({ ...TIMEOUTS, maxHeaderSize: 16 * 1024 }, (req, res) => {
    try {
      handle(req, res);
    } catch (cause) {
      if (!res.headersSent) sendJson(res, 500, { detail: 'A server error occurred.' }, false);
      else res.destroy();
      process.stderr.write(`ports-gen serve: ${(cause as Error).stack ?? String(cause)}\n`);
    }
  });
  server.keepAliveTimeout = TIMEOUTS.keepAliveTimeout;
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  return server;
}

export function serveSite(options: ServeOptions): Promise<RunningServer> {
  const server = createSiteServer(options.dir);
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
