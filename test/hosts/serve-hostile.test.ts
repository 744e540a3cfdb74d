import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serveSite, type RunningServer } from '../../src/hosts/serve/server.js';
import { httpRequest } from '../support/http.js';
import { buildConformanceSite, serveForSuite, type ServerContext } from '../support/suite-server.js';

/** `serve` against requests meant to escape the site, exhaust it or confuse it. */
const hostile = suite<ServerContext>('serve under attack');
let running: RunningServer | undefined;

serveForSuite(hostile, async (dir) => {
  const site = await buildConformanceSite(dir, 'dist');
  // Bait: a secret beside the site and a link inside it, planted by someone else.
  writeFileSync(path.join(dir, 'secret.json'), '{"secret":true}');
  mkdirSync(path.join(site, 'api/v1/ports/evil'));
  symlinkSync(path.join(dir, 'secret.json'), path.join(site, 'api/v1/ports/evil/index.json'));
  // A FIFO where a port's file is: opened for reading, it would wait for a writer.
  rmSync(path.join(site, 'api/v1/ports/SDL2/index.json'));
  execFileSync('mkfifo', [path.join(site, 'api/v1/ports/SDL2/index.json')]);
  // A page big enough that a client that reads none of it fills every buffer on the way.
  writeFileSync(path.join(site, 'api/v1/files/page-1.json'), `{"big":"${'x'.repeat(32 << 20)}"}`);
  running = await serveSite({
    dir: site,
    port: 0,
    host: '127.0.0.1',
    timeouts: { headersTimeout: 500, requestTimeout: 1_000, connectionsCheckingInterval: 100, sendTimeout: 1_500, idleTimeout: 1_000 },
  });
  return running;
});

const TRAVERSALS = [
  '/api/v1/ports/../../../secret.json',
  '/api/v1/ports/%2e%2e/%2e%2e/%2e%2e/secret.json',
  '/api/v1/ports/..%2f..%2f..%2fsecret.json/',
  '/api/v1/ports/..%2F..%2F..%2Fsecret/',
  '/api/v1/ports/..%5c..%5c..%5csecret/',
  '/api/v1/ports/%252e%252e%252f%252e%252e%252fsecret/',
  '/api/v1/ports/%2e%2e/',
  '/api/v1/ports/../',
  '/api/v1/ports/zlib%00/',
  '/api/v1/ports/%00/',
  '/api/v1/ports/%/',
  '/api/v1/ports/%c0%ae%c0%ae/',
  '/api/v1/files/..%2f..%2f..%2fsecret.json',
  '/secret.json',
  '/../secret.json',
  '/api/v1/ports/evil/../../../../secret.json',
];

for (const target of TRAVERSALS) {
  hostile(`no escape: ${target}`, async (context) => {
    const res = await httpRequest(context.url!, 'GET', target);
    assert.not.match(res.body.toString(), /secret/);
    assert.ok([404, 301].includes(res.status), `${target}: ${res.status}`);
    assert.is(res.headers['content-type'], 'application/json');
  });
}

hostile('a link planted in the site is not followed', async (context) => {
  const res = await httpRequest(context.url!, 'GET', '/api/v1/ports/evil/');
  assert.not.match(res.body.toString(), /secret/);
  assert.is(res.status, 404);
});

hostile('methods other than GET, HEAD and OPTIONS get 405 with Allow', async (context) => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL']) {
    const res = await httpRequest(context.url!, method, '/api/v1/ports/zlib/');
    assert.is(res.status, 405, method);
    assert.is(res.headers.allow, 'GET, HEAD, OPTIONS');
    assert.is(res.body.toString(), JSON.stringify({ detail: `Method "${method}" not allowed.` }));
  }
});

/** What the server sends back to `request`, written raw on a connection of its own, until it closes it. */
function rawExchange(base: string, request: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let data = '';
    const socket: Socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('close', () => resolve(data));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

hostile('a method Node\'s parser does not know, or CONNECT, gets the answer Django gives it', async (context) => {
  const exchanges: Array<[string, RegExp, string]> = [
    ['FOO /api/v1/ports/zlib/ HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 405 Method Not Allowed\r\n/, '{"detail":"Method \\"FOO\\" not allowed."}'],
    ['brew /api/v1/ HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 405 /, '{"detail":"Method \\"BREW\\" not allowed."}'],
    ['FOO /api/v1/nothing/ HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 404 Not Found\r\n/, '{"detail":"Not found."}'],
    ['FOO /api/v1/ports HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 301 Moved Permanently\r\n(?:.*\r\n)*Location: \/api\/v1\/ports\/\r\n/, ''],
    ['CONNECT /api/v1/category/ HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 405 /, '{"detail":"Method \\"CONNECT\\" not allowed."}'],
  ];
  for (const [request, head, body] of exchanges) {
    const response = await rawExchange(context.url!, request);
    assert.match(response, head, request);
    assert.match(response, /\r\nAllow: GET, HEAD, OPTIONS\r\n/, request);
    assert.match(response, /\r\nContent-Type: application\/json\r\n/, request);
    assert.match(response, /\r\nVary: Accept\r\n/, request);
    assert.is(response.slice(response.indexOf('\r\n\r\n') + 4), body, request);
  }
  // A method line cut short, or a lower-case GET (a method Django allows, which Node refuses): a bare 400.
  assert.match(await rawExchange(context.url!, 'FOO /api/v1/por'), /^HTTP\/1\.1 400 Bad Request\r\n/);
  assert.match(await rawExchange(context.url!, 'get /api/v1/ HTTP/1.1\r\nHost: x\r\n\r\n'), /^HTTP\/1\.1 400 Bad Request\r\n/);
  assert.is((await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/')).status, 200);
});

hostile('an over-long URL or header is refused, and the server goes on', async (context) => {
  const longUrl = await httpRequest(context.url!, 'GET', `/api/v1/ports/${'a'.repeat(20_000)}/`).catch(() => ({ status: 431 }));
  assert.ok([414, 431, 400].includes(longUrl.status), String(longUrl.status));
  const longHeader = await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/', { 'x-junk': 'b'.repeat(20_000) }).catch(() => ({ status: 431 }));
  assert.is(longHeader.status, 431);
  assert.is((await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/')).status, 200);
});

hostile('a slow client that never finishes its headers is cut off', async (context) => {
  const url = new URL(context.url!);
  const closed = await new Promise<{ ms: number; data: string }>((resolve) => {
    const started = Date.now();
    let data = '';
    const socket = connect(Number(url.port), url.hostname, () => socket.write('GET /api/v1/files/ HTTP/1.1\r\nHost: x\r\n'));
    socket.on('data', (d) => (data += d.toString()));
    socket.on('close', () => resolve({ ms: Date.now() - started, data }));
    socket.setTimeout(20_000, () => socket.destroy());
  });
  assert.ok(closed.ms < 5_000, `closed after ${closed.ms} ms`);
  assert.match(closed.data, /^HTTP\/1\.1 408/);
  assert.is((await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/')).status, 200);
});

hostile('a request for a port removed from the disk after start is a 404, not a crash', async (context) => {
  const res = await httpRequest(context.url!, 'GET', '/api/v1/ports/nosuch/');
  assert.is(res.status, 404);
});

hostile('a FIFO in the site is a miss, and the server goes on answering', async (context) => {
  const res = await httpRequest(context.url!, 'GET', '/api/v1/ports/SDL2/');
  assert.is(res.status, 404);
  assert.is((await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/')).status, 200);
});

hostile('a client that stops reading a big file is cut off, and its connection closed', async (context) => {
  const url = new URL(context.url!);
  const accepted = new Promise<Socket>((resolve) => running!.server.once('connection', resolve));
  const socket = connect(Number(url.port), url.hostname, () => socket.write('GET /api/v1/files/ HTTP/1.1\r\nHost: x\r\n\r\n'));
  socket.once('data', () => socket.pause()); // reads nothing more
  socket.on('error', () => undefined);
  try {
    const serverSide = await accepted;
    const started = Date.now();
    const ms = await new Promise<number>((resolve) => {
      serverSide.on('close', () => resolve(Date.now() - started));
      setTimeout(() => resolve(Infinity), 10_000);
    });
    assert.ok(ms < 10_000, 'the server kept the connection of a client that reads nothing');
  } finally {
    socket.destroy();
  }
  assert.is((await httpRequest(context.url!, 'GET', '/api/v1/ports/zlib/')).status, 200);
});

hostile.run();
