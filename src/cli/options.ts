import { homedir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../core/problems/usage-error.js';

/** Where `ports-gen serve` listens by default: a site built without a base URL links to it. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
const MAX_PAGE_SIZE = 1000;

/**
 * `--base-url`, else `URL` (Netlify sets it during builds), else the local server's address.
 * Must be an absolute http(s) URL; a trailing slash is dropped so links never get `//api`.
 */
export function normaliseBaseUrl(given: string | undefined, env: NodeJS.ProcessEnv): string {
  const fromEnv = given === undefined && Boolean(env.URL);
  const raw = given ?? (env.URL || undefined) ?? DEFAULT_BASE_URL;
  // A URL the user did not type names where it came from, and how to override it.
  const got = `got ${JSON.stringify(raw)}${fromEnv ? ' from $URL (give --base-url to override it)' : ''}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`the base URL must be an absolute http(s) URL, ${got}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the base URL must use http or https, ${got}`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(`the base URL must not carry a query, fragment or credentials, ${got}`);
  }
  return url.href.replace(/\/+$/, '');
}

export function parsePageSize(raw: string): number {
  if (!/^[0-9]+$/.test(raw.trim())) throw new UsageError(`--page-size must be a whole number from 1 to ${MAX_PAGE_SIZE}, got ${JSON.stringify(raw)}`);
  const size = Number(raw.trim());
  if (size < 1 || size > MAX_PAGE_SIZE) throw new UsageError(`--page-size must be from 1 to ${MAX_PAGE_SIZE}, got ${size}`);
  return size;
}

export function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^[0-9]+$/.test(raw) || port > 65535) throw new UsageError(`--port must be a TCP port from 0 to 65535, got ${JSON.stringify(raw)}`);
  return port;
}

/**
 * `import --date`: a date and time in ISO 8601 with its offset (or a plain date, midnight UTC),
 * as the record of changes writes it: in UTC, to the second when that is exact.
 */
export function parseDate(raw: string): string {
  const date = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(raw) ? new Date(raw) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new UsageError(`--date must be an ISO 8601 date, as 2026-11-29 or 2026-11-29T08:00:00Z, got ${JSON.stringify(raw)}`);
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

/** How `import <url>` fetches: its tries, their timeouts and deadline, and the netrc file of logins. */
interface HttpOptions {
  timeoutMs: number;
  deadlineMs: number;
  retries: number;
  backoffMs: number;
  netrc?: string;
}

/**
 * `defaults`, unless PORTS_GEN_HTTP_TIMEOUT_MS, _DEADLINE_MS, _RETRIES or _BACKOFF_MS say
 * otherwise (a slow mirror, or a test that cannot wait a minute). The logins are those of the
 * netrc file NETRC names, as Go and Python's requests have it, else ~/.netrc, as curl, wget and
 * git read it.
 */
export function httpOptions(env: NodeJS.ProcessEnv, defaults: HttpOptions): HttpOptions {
  const number = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (!/^[0-9]+$/.test(value)) throw new UsageError(`${name} must be a whole number, got ${JSON.stringify(value)}`);
    return Number(value);
  };
  return {
    timeoutMs: number('PORTS_GEN_HTTP_TIMEOUT_MS', defaults.timeoutMs),
    deadlineMs: number('PORTS_GEN_HTTP_DEADLINE_MS', defaults.deadlineMs),
    retries: number('PORTS_GEN_HTTP_RETRIES', defaults.retries),
    backoffMs: number('PORTS_GEN_HTTP_BACKOFF_MS', defaults.backoffMs),
    netrc: env.NETRC || path.join(env.HOME || homedir(), '.netrc'),
  };
}
