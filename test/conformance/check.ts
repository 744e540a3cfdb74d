import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { ROOT } from '../support/paths.js';
import type { HttpResponse } from '../support/http.js';
import type { Case, Expected } from './cases.js';

export const CONFORMANCE = path.join(ROOT, 'test', 'conformance');
export const CONFORMANCE_BASE_URL = 'https://ports.example.org';
export const CONFORMANCE_PAGE_SIZE = 2;

/**
 * Asserts one response against one row; `expect` is the row's (or its host's) expectation.
 * `varyAlso`: what a host may add to `Vary: Accept` (nginx adds `Accept-Encoding` where it
 * could send a precompressed file).
 */
export function checkResponse(c: Case, expect: Expected, res: HttpResponse, varyAlso?: string): void {
  const label = `${c.method} ${c.target}`;
  assert.is(res.status, expect.status, `${label}: status`);
  if (expect.apiHeaders !== false) {
    assert.is(res.headers.allow, 'GET, HEAD, OPTIONS', `${label}: Allow`);
    assert.is(res.headers['content-type'], 'application/json', `${label}: Content-Type`);
    const vary = varyAlso ? String(res.headers.vary).split(', ').filter((name) => name !== varyAlso).join(', ') : res.headers.vary;
    assert.is(vary, 'Accept', `${label}: Vary`);
    assert.is(res.headers['access-control-allow-origin'], '*', `${label}: Access-Control-Allow-Origin`);
  }
  for (const [name, value] of Object.entries(expect.headers ?? {})) assert.is(res.headers[name], value, `${label}: ${name}`);
  if (expect.contentType !== undefined) assert.is(res.headers['content-type'], expect.contentType, `${label}: Content-Type`);
  if (expect.location !== undefined) assert.is(res.headers.location, expect.location, `${label}: Location`);
  if (expect.lengthOf !== undefined) {
    const length = 'file' in expect.lengthOf ? readFileSync(path.join(CONFORMANCE, 'expected', expect.lengthOf.file)).length : Buffer.byteLength(JSON.stringify(expect.lengthOf.json));
    assert.is(res.headers['content-length'], String(length), `${label}: Content-Length`);
  }
  const body = expect.body;
  if (!body) return;
  if ('empty' in body) assert.is(res.body.length, 0, `${label}: empty body`);
  else if ('file' in body) assert.is(res.body.toString('utf8'), readFileSync(path.join(CONFORMANCE, 'expected', body.file), 'utf8'), `${label}: body`);
  else assert.is(res.body.toString('utf8'), JSON.stringify(body.json), `${label}: body`);
}
