import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { serveSite } from '../../src/hosts/serve/server.js';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { CASES } from '../conformance/cases.js';
import { checkResponse } from '../conformance/check.js';
import { httpRequest } from '../support/http.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from '../support/suite-server.js';

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

/**
 * Category names with characters a URL or a path treats specially: the live service answers
 * each at its percent-encoded URL, and so must serve, from a tree a rebuild takes over whole.
 */
const odd = suite<ServerContext & { rewritten?: number }>('serve: categories with odd names');
const ODD = ['back\\slash', 'x#y', 'q?r', 'Ünï', 'two words'];

serveForSuite(odd, async (dir) => {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [{ ...zlib, categories: ODD }] } });
  const build = () => buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true });
  assert.ok((await build()).ok);
  const again = await build();
  assert.ok(again.ok);
  assert.is(again.stats.written, 0, 'an unchanged catalogue rewrites nothing: the tree\'s marker is trusted');
  return serveSite({ dir: path.join(dir, 'dist'), port: 0, host: '127.0.0.1' });
});

const oddUrls: Array<[string, string]> = [
  ['/api/v1/category/back%5Cslash/', '{"name":"back\\\\slash","ports_count":1,"ports":["zlib"]}'],
  ['/api/v1/category/x%23y/', '{"name":"x#y","ports_count":1,"ports":["zlib"]}'],
  ['/api/v1/category/q%3Fr/', '{"name":"q?r","ports_count":1,"ports":["zlib"]}'],
  ['/api/v1/category/%C3%9Cn%C3%AF/', '{"name":"Ünï","ports_count":1,"ports":["zlib"]}'],
  ['/api/v1/category/two%20words/', '{"name":"two words","ports_count":1,"ports":["zlib"]}'],
];
for (const [target, body] of oddUrls) {
  odd(`GET ${target}`, async (context) => {
    const res = await httpRequest(context.url!, 'GET', target);
    assert.is(res.status, 200);
    assert.is(res.body.toString('utf8'), body);
  });
}

odd('the categories list names them all, in the port\'s order', async (context) => {
  const res = await httpRequest(context.url!, 'GET', '/api/v1/category/');
  const items = ODD.map((name) => `{"name":${JSON.stringify(name)},"ports_count":1}`).join(',');
  assert.is(res.body.toString('utf8'), `{"count":5,"next":null,"previous":null,"results":[${items}]}`);
});

odd.run();
