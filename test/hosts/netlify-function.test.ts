import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import handle from '../../src/hosts/netlify/netlify-function.js';
import { buildConformanceSite } from '../support/suite-server.js';

/**
 * Netlify's function on its own, the site it fetches from played by the files of a built
 * conformance site (Netlify's emulation re-sends responses streamed, without their lengths).
 */
const fn = suite<{ dir?: string; site?: string; fetch?: typeof fetch }>('netlify function');
const ORIGIN = 'https://ports.example.org';

fn.before(async (context) => {
  context.dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-test-'));
  context.site = await buildConformanceSite(context.dir, 'site', false);
  context.fetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    try {
      return new Response(readFileSync(path.join(context.site!, decodeURIComponent(url.pathname))), { status: 200 });
    } catch {
      return new Response(null, { status: 404 });
    }
  }) as typeof fetch;
});

fn.after((context) => {
  globalThis.fetch = context.fetch!;
  rmSync(context.dir!, { recursive: true, force: true });
});

for (const [target, status] of [
  ['/api/v1/ports/ZLIB/', 200], // another letter case: the port's file, fetched
  ['/api/v1/files/?page=02', 200], // a page number only Python's int() reads
  ['/api/v1/files/?page=9', 404], // an invalid page: the function's own body
  ['/api/v1/maintainer/nobody/', 200], // []
  ['/api/v1/category/two%20words/', 200], // a name that needs percent-encoding, fetched by its encoded path
] as const) {
  fn(`HEAD ${target}: the GET's status and Content-Length, no body`, async () => {
    const get = await handle(new Request(`${ORIGIN}${target}`));
    const body = new Uint8Array(await get.arrayBuffer());
    assert.is(get.status, status);
    assert.is(get.headers.get('content-length'), String(body.byteLength));
    const head = await handle(new Request(`${ORIGIN}${target}`, { method: 'HEAD' }));
    assert.is(head.status, status);
    assert.is(head.headers.get('content-length'), String(body.byteLength));
    assert.is(head.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.is(head.body, null);
  });
}

fn('a category whose name needs percent-encoding is its file, fetched by its encoded path', async () => {
  const res = await handle(new Request(`${ORIGIN}/api/v1/category/two%20words/`));
  assert.is(await res.text(), '{"name":"two words","ports_count":1,"ports":["SDL2"]}');
});

fn.run();
