/**
 * `ports-gen import <url>`: the source fetched over HTTP(S) before it is imported as a file is.
 * A conditional GET with what the last import of the same URL was told (its ETag and
 * Last-Modified, see source-validators), a compressed transfer, a timeout, redirects
 * followed (see redirect), a few tries with backoff on network errors and 5xx, and a deadline
 * for all of it. A body shorter than its Content-Length is refused: a PortIndex cut short would
 * retire every port past the cut. An interrupt stops the download (Interrupted).
 * Credentials log in (see source-login); every message and source.json name the URL without
 * them (see shownUrl).
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Interrupted } from '../core/problems/interrupted.js';
import { MachineFault } from '../core/problems/machine-fault.js';
import { UsageError } from '../core/problems/usage-error.js';
import { readNetrc } from './netrc.js';
import type { Progress } from '../core/progress.js';
import { shownUrl } from '../core/shown-url.js';
import { VERSION } from '../core/version.js';
import { decideRedirect, REDIRECTS } from './redirect.js';
import { basicAuthorization, loginFor, sourceLogins, withoutLogin, type Logins } from './source-login.js';

/** What a server said of the body it sent, to ask next time whether it changed. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export interface FetchOptions {
  validators?: Validators;
  /** For each try: the time to the response's headers, and between two chunks of its body. */
  timeoutMs: number;
  /**
   * For the whole download, its tries, waits and redirects: a server that sends a byte now and
   * then never lets the timeout above expire.
   */
  deadlineMs: number;
  /** Tries after the first, on a network error or a 5xx, each after twice the last wait (from `backoffMs`). */
  retries: number;
  backoffMs: number;
  /** Bodies larger than this (decompressed) are refused, as not being `kind`. */
  limit: number;
  /** What the body should be, for the refusal of a larger one: `a PortIndex`. */
  kind: string;
  progress: Progress;
  /** Aborted with a signal's name (Ctrl-C): the download stops, Interrupted is thrown. */
  signal?: AbortSignal;
  /** The netrc file that gives the logins for hosts (see read/netrc); none when not given. */
  netrc?: string;
}

type Fetched = { notModified: true } | { notModified: false; bytes: Buffer; validators: Validators };

/** Whether a source names a URL rather than a file. */
export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** A failure worth another try: the network, or the server's own trouble. */
class Transient extends Error {}

export async function fetchSource(url: string, options: FetchOptions): Promise<Fetched> {
  const source = parsedUrl(url);
  if (!source) throw new UsageError(`${shownUrl(url)} is not a valid URL`);
  const logins = sourceLogins(source, options.netrc === undefined ? [] : readNetrc(options.netrc));
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchOnce(withoutLogin(source), logins, { ...options, signal }, REDIRECTS);
      } catch (cause) {
        // Whatever the abort made of the request (an AbortError, a body cut short), it was the abort.
        if (options.signal?.aborted) throw new Interrupted(options.signal.reason as NodeJS.Signals);
        if (deadline.signal.aborted) throw new MachineFault(`${shownUrl(url)}: not downloaded within the deadline of ${options.deadlineMs / 1000} s (PORTS_GEN_HTTP_DEADLINE_MS sets it)`);
        if (!(cause instanceof Transient) || attempt >= options.retries) {
          throw cause instanceof Transient ? new MachineFault(`${shownUrl(url)}: ${cause.message} (tried ${attempt + 1} times)`) : cause;
        }
        // An abort ends the wait; the next try then fails at once, and says why above.
        await sleep(options.backoffMs * 2 ** attempt, undefined, { signal }).catch(() => undefined);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** One request of `url` (no userinfo in it), and of each redirect it leads to. */
function fetchOnce(url: URL, logins: Logins, options: FetchOptions, redirects: number): Promise<Fetched> {
  const shown = shownUrl(url.href);
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': `ports-gen/${VERSION}` };
  if (options.validators?.etag) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.lastModified) headers['if-modified-since'] = options.validators.lastModified;
  const conditional = headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
  const login = loginFor(url, logins);
  if (login) headers.authorization = basicAuthorization(login);
  const get = url.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise<Fetched>((resolve, reject) => {
    const request = get(url, { headers, timeout: options.timeoutMs, signal: options.signal }, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        response.resume();
        const redirect = decideRedirect(url, location, redirects);
        if ('refuse' in redirect) return reject(new MachineFault(`${shown}: ${redirect.refuse}`));
        return resolve(fetchOnce(withoutLogin(redirect.follow), logins, options, redirects - 1));
      }
      if (status === 304) {
        response.resume();
        // Not modified since nothing: no body came, and the catalogue has none to keep either.
        if (!conditional) return reject(new MachineFault(`${shown}: the server answered 304 Not Modified to a request that had no validators (no If-None-Match, no If-Modified-Since): nothing to import`));
        return resolve({ notModified: true });
      }
      if (status >= 500) {
        response.resume();
        return reject(new Transient(`HTTP ${status} ${response.statusMessage ?? ''}`.trim()));
      }
      if (status !== 200) {
        response.resume();
        const why = status === 401 ? loginNote(login !== undefined, url.hostname, options.netrc) : '';
        return reject(new MachineFault(`${shown}: HTTP ${`${status} ${response.statusMessage ?? ''}`.trim()}${why}`));
      }
      readBody(shown, response, options).then(resolve, reject);
    });
    request.on('timeout', () => request.destroy(new Transient(`no answer within ${options.timeoutMs / 1000} s`)));
    request.on('error', (cause: NodeJS.ErrnoException) => {
      // Ours (a timeout, a refusal) and an interrupt as they are; any other error is the network's.
      const ours = cause instanceof Transient || cause instanceof MachineFault || cause.name === 'AbortError';
      reject(ours ? cause : new Transient(cause.code ?? cause.message));
    });
  });
}

/** What a 401 says of the login: refused, or none sent, and where one would be found. */
function loginNote(sent: boolean, host: string, netrc: string | undefined): string {
  if (sent) return ` (the server refused the credentials for ${host})`;
  return ` (no credentials for ${host} in the URL${netrc ? ` or in ${netrc}` : ''})`;
}

/** The body, decompressed, once all of it came: as long as its Content-Length says, and no longer than the limit. */
function readBody(shown: string, response: IncomingMessage, options: FetchOptions): Promise<Fetched> {
  const expected = Number(response.headers['content-length'] ?? NaN);
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decoder = encoding === 'gzip' ? createGunzip() : encoding === 'br' ? createBrotliDecompress() : encoding === 'deflate' ? createInflate() : undefined;
  const validators: Validators = {};
  if (typeof response.headers.etag === 'string') validators.etag = response.headers.etag;
  if (typeof response.headers['last-modified'] === 'string') validators.lastModified = response.headers['last-modified'];
  options.progress.phase(`downloading ${shown}`, Number.isFinite(expected) ? expected : undefined);
  return new Promise<Fetched>((resolve, reject) => {
    let received = 0;
    let size = 0;
    const chunks: Buffer[] = [];
    let failed = false;
    const fail = (cause: Error) => {
      if (failed) return;
      failed = true;
      response.destroy();
      decoder?.destroy();
      reject(cause);
    };
    const cutShort = () => new MachineFault(`${shown}: the download was cut short (${received.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} bytes)`);
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.limit) return fail(new MachineFault(`${shown}: larger than ${sizeText(options.limit)}: not ${options.kind}`));
      chunks.push(chunk);
    };
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      options.progress.advance(chunk.length);
      if (decoder) decoder.write(chunk);
      else take(chunk);
    });
    // The connection closed before the body's end: cut short, not a network error to try again.
    response.on('aborted', () => fail(cutShort()));
    response.on('error', () => fail(cutShort()));
    decoder?.on('data', take);
    decoder?.on('error', () => fail(new MachineFault(`${shown}: the ${encoding} body does not decompress (cut short, or damaged)`)));
    response.on('end', () => {
      if (failed) return;
      if (Number.isFinite(expected) && received !== expected) return fail(cutShort());
      const done = () => !failed && resolve({ notModified: false, bytes: Buffer.concat(chunks), validators });
      if (!decoder) return done();
      decoder.on('end', done);
      decoder.end();
    });
  });
}

function sizeText(bytes: number): string {
  return bytes < 1 << 20 ? `${bytes / 1024} KiB` : `${bytes / (1 << 20)} MiB`;
}
