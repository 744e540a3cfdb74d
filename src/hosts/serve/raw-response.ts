/** What `serve` says on a connection Node's HTTP layer has given up: whole responses, written as bytes. */
import { STATUS_CODES } from 'node:http';
import { toJsonText } from '../../render/json-text.js';
import { API_HEADERS } from '../../routes/route-table.js';
import type { Answer } from '../../routes/answer.js';

/**
 * The method and target of a request line Node's parser refused for its method alone (one it
 * does not know, such as `FOO`), from the bytes it had received; undefined when they do not hold
 * a whole request line.
 */
export function refusedRequestLine(received: Buffer | undefined): { method: string; target: string } | undefined {
  const line = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(received?.toString('latin1') ?? '');
  return line ? { method: line[1]!, target: line[2]! } : undefined;
}

/**
 * A whole response, for a connection Node's HTTP layer has given up (see clientError), to an
 * answer with a body of its own or a redirect; undefined for an answer that is a file.
 */
export function rawResponse(decision: Answer): string | undefined {
  if ('file' in decision || 'preflight' in decision) return undefined;
  const body = 'body' in decision ? toJsonText(decision.body) : '';
  const headers = { ...API_HEADERS, ...('location' in decision ? { Location: decision.location } : {}), 'Content-Length': Buffer.byteLength(body), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${decision.status} ${STATUS_CODES[decision.status]}\r\n${lines.join('')}\r\n${body}`;
}

/** A response with nothing but its status, for a request Node's HTTP layer refused. */
export function bare(status: string): string {
  return `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;
}
