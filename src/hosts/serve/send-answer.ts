/** How `serve` sends an answer: JSON, a redirect, a query's page, or a file streamed with its ETag. */
import { closeSync, createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { bodyOf, filesOf } from '../../render/query-body.js';
import { toJsonText } from '../../render/json-text.js';
import type { QueryIndex } from '../../routes/query/read-query-index.js';
import { API_HEADERS } from '../../routes/route-table.js';
import { missingAnswer, type Answer, type ComputedDecision } from '../../routes/answer.js';
import { EtagCache, matchesIfNoneMatch } from './etag.js';
import { openInside, readInside } from './open-inside.js';

/** A file of the tree to answer with (see Answer). */
type FileAnswer = Extract<Answer, { file: string }>;

/** A JSON answer with the API's headers; HEAD has them alone. */
export function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean): void {
  const text = toJsonText(body);
  res.writeHead(status, { ...API_HEADERS, 'Content-Length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

/**
 * Where an answer goes and what it is read from: the tree at `root`; `retried`: whether a miss
 * was answered again from a newer tree.
 */
interface Reply {
  res: ServerResponse;
  head: boolean;
  root: string;
  queries: QueryIndex | undefined;
  retried: () => boolean;
}

/** Sends the answers of one server; the ETags of its files are kept between requests. */
export class AnswerSender {
  private readonly etags = new EtagCache();

  constructor(private readonly sendTimeout: number) {}

  /** Sends `decision`, a file from the tree at `reply.root`. */
  send(decision: Answer, reply: Reply, ifNoneMatch?: string): void {
    const { res, head } = reply;
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
    if ('computed' in decision) return this.sendComputed(decision.computed, reply);
    this.sendFile(decision, reply, ifNoneMatch);
  }

  /** A query's page, its body made from the files it names. */
  private sendComputed(computed: ComputedDecision, { res, head, root, queries, retried }: Reply): void {
    const texts = readInside(root, filesOf(queries!, computed));
    if (!texts && retried()) return;
    if (!texts) return sendJson(res, 503, { detail: 'Service temporarily unavailable, try again later.' }, head);
    const body = bodyOf(queries!, computed, texts);
    res.writeHead(200, { ...API_HEADERS, 'Content-Length': Buffer.byteLength(body) });
    res.end(head ? undefined : body);
  }

  /** A file of the tree, or its headers alone for HEAD and a 304. */
  private sendFile(decision: FileAnswer, reply: Reply, ifNoneMatch: string | undefined): void {
    const { res, head, root, retried } = reply;
    const opened = openInside(root, decision.file);
    if (!opened && retried()) return;
    // Gone since the index was read (a rebuild), or a link planted in the tree: a miss.
    if (!opened) return this.send(missingAnswer(decision.missing), { ...reply, retried: () => false });
    const { fd, stats } = opened;
    // The 404 page is no representation of the URL: no ETag, never a 304.
    const headers = decision.status === 200 ? { ...(decision.headers ?? API_HEADERS), ETag: this.etags.get(decision.file, fd, stats) } : decision.headers ?? API_HEADERS;
    const notModified = 'ETag' in headers && matchesIfNoneMatch(ifNoneMatch, headers.ETag);
    if (notModified || head) {
      closeSync(fd);
      res.writeHead(notModified ? 304 : decision.status, notModified ? headers : { ...headers, 'Content-Length': stats.size });
      res.end();
      return;
    }
    res.writeHead(decision.status, { ...headers, 'Content-Length': stats.size });
    this.streamFile(fd, res);
  }

  /** Pipes the open file to `res`, cut off should the reader take longer than sendTimeout. */
  private streamFile(fd: number, res: ServerResponse): void {
    const stream = createReadStream('', { fd, start: 0 });
    const deadline = setTimeout(() => res.destroy(), this.sendTimeout);
    res.on('close', () => clearTimeout(deadline));
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}
