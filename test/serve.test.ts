import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serveSite } from '../src/serve/server.js';
import { CASES } from './conformance/cases.js';
import { checkResponse } from './conformance/check.js';
import { httpRequest } from './support/http.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from './support/suite-server.js';

/** The conformance table over real HTTP against `ports-gen serve` on a loopback port. */
const conformance = suite<ServerContext>('serve conformance');

serveForSuite(conformance, async (dir) => serveSite({ dir: await buildConformanceSite(dir, 'dist'), port: 0, host: '127.0.0.1' }));

for (const c of CASES) {
  conformance(`${c.method} ${c.target}: ${c.name}`, async (context) => {
    const res = await httpRequest(context.url!, c.method, c.target, c.headers);
    checkResponse(c, c.expect, res);
  });
}

conformance('HEAD carries the GET\'s Content-Length', async (context) => {
  const get = await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/');
  const head = await httpRequest(context.url!, 'HEAD', '/api/v1/ports/zlib/');
  assert.is(head.headers['content-length'], String(get.body.length));
  assert.is(head.headers.etag, get.headers.etag);
});

conformance('ETag and If-None-Match give 304', async (context) => {
  const first = await httpRequest(context.url!, 'GET', '/api/v1/files/?page=2');
  const etag = first.headers.etag as string;
  assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
  const again = await httpRequest(context.url!, 'GET', '/api/v1/files/?page=2', { 'if-none-match': etag });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  const other = await httpRequest(context.url!, 'GET', '/api/v1/files/?page=3', { 'if-none-match': etag });
  assert.is(other.status, 200);
});

conformance.run();
