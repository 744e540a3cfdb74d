import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/commands/build.js';
import { serveSite, type RunningServer } from '../src/serve/server.js';
import { CASES } from './conformance/cases.js';
import { checkResponse, CONFORMANCE, CONFORMANCE_BASE_URL, CONFORMANCE_PAGE_SIZE } from './conformance/check.js';
import { httpRequest } from './support/http.js';
import { withTempDir } from './support/paths.js';

/** The conformance table over real HTTP against `ports-gen serve` on a loopback port. */
const conformance = suite<{ server?: RunningServer; done?: () => void; finished?: Promise<void> }>('serve conformance');

conformance.before(async (context) => {
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  context.finished = withTempDir(async (dir) => {
    const result = await buildSite({
      cwd: dir,
      catalogue: path.join(CONFORMANCE, 'catalogue'),
      out: 'dist',
      baseUrl: CONFORMANCE_BASE_URL,
      pageSize: CONFORMANCE_PAGE_SIZE,
      strict: true,
    });
    assert.ok(result.ok);
    context.server = await serveSite({ dir: path.join(dir, 'dist'), port: 0, host: '127.0.0.1' });
    ready();
    await new Promise<void>((resolve) => (context.done = resolve));
    await context.server.close();
  });
  await started;
});

conformance.after(async (context) => {
  context.done?.();
  await context.finished;
});

for (const c of CASES) {
  conformance(`${c.method} ${c.target}: ${c.name}`, async (context) => {
    const res = await httpRequest(context.server!.url, c.method, c.target, c.headers);
    checkResponse(c, c.expect, res);
  });
}

conformance('HEAD carries the GET\'s Content-Length', async (context) => {
  const get = await httpRequest(context.server!.url, 'GET', '/api/v1/ports/zlib/');
  const head = await httpRequest(context.server!.url, 'HEAD', '/api/v1/ports/zlib/');
  assert.is(head.headers['content-length'], String(get.body.length));
  assert.is(head.headers.etag, get.headers.etag);
});

conformance('ETag and If-None-Match give 304', async (context) => {
  const first = await httpRequest(context.server!.url, 'GET', '/api/v1/files/?page=2');
  const etag = first.headers.etag as string;
  assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
  const again = await httpRequest(context.server!.url, 'GET', '/api/v1/files/?page=2', { 'if-none-match': etag });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  const other = await httpRequest(context.server!.url, 'GET', '/api/v1/files/?page=3', { 'if-none-match': etag });
  assert.is(other.status, 200);
});

conformance.run();
