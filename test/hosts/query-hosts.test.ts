import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findNginx, startNginx } from '../../scripts/nginx-process.js';
import { buildSite } from '../../src/build/build.js';
import { serveSite } from '../../src/hosts/serve/server.js';
import { httpRequest } from '../support/http.js';
import { startNetlify } from '../support/netlify.js';
import { SAMPLE, SAMPLE_BASE, sampleRows } from '../support/queries-sample.js';
import { runCli } from '../support/run-cli.js';
import { serveForSuite, type Running, type ServerContext } from '../support/suite-server.js';

/**
 * The 75 requests of the query sample (test/fixtures/queries-sample/README.md) over real HTTP
 * on every host that computes: `ports-gen serve`, nginx as `ports-gen nginx --upstream`
 * configures it with a `serve` behind it, and Netlify's local emulation with the function.
 * Each answer's status, Content-Type and body are the stock service's, byte for byte. nginx
 * without an upstream answers every computed query 501, and every other request as before.
 */
const BASE = SAMPLE_BASE;
const ROWS = sampleRows();

/** The sample built as its answers were taken: page size 50, links on BASE. */
async function buildSample(dir: string, out: string, link: boolean): Promise<string> {
  const built = await buildSite({ cwd: dir, catalogue: path.join(SAMPLE, 'catalogue'), out, baseUrl: BASE, pageSize: 50, strict: false, link });
  assert.ok(built.ok);
  return path.join(dir, out);
}

async function nginxConfig(site: string, listen: string, upstream?: string): Promise<string> {
  const run = await runCli(['nginx', '--dir', site, '--listen', listen, ...(upstream ? ['--upstream', upstream] : [])], { cwd: path.dirname(site) });
  assert.is(run.code, 0, run.stderr);
  return run.stdout;
}

/** nginx in front of a `serve` of the same site, closed together. */
async function nginxWithUpstream(dir: string): Promise<Running> {
  const site = await buildSample(dir, 'dist', true);
  const upstream = await serveSite({ dir: site, port: 0, host: '127.0.0.1' });
  const nginx = await startNginx(findNginx()!, path.join(dir, 'nginx'), (listen) => nginxConfig(site, listen, new URL(upstream.url).host));
  return { url: nginx.url, close: async () => (await nginx.close(), await upstream.close()) };
}

const HOSTS: Array<{ name: string; needsNginx?: boolean; start: (dir: string) => Promise<Running> }> = [
  { name: 'serve', start: async (dir) => serveSite({ dir: await buildSample(dir, 'dist', true), port: 0, host: '127.0.0.1' }) },
  { name: 'nginx with a serve upstream', needsNginx: true, start: nginxWithUpstream },
  // As netlify.toml builds it (--no-link); the emulation takes the site into its project.
  { name: 'netlify', start: async (dir) => startNetlify(path.join(dir, 'project'), await buildSample(dir, 'site', false)) },
];

for (const host of HOSTS) {
  if (host.needsNginx && !findNginx()) {
    if (process.env.CI) suite(`queries on ${host.name}`)('nginx is installed', () => assert.unreachable('nginx is missing'));
    continue;
  }
  const queries = suite<ServerContext>(`queries on ${host.name}`);
  serveForSuite(queries, host.start);
  ROWS.forEach((row, i) => {
    queries(`#${i + 1} ${row.method} ${row.path}`, async (context) => {
      const res = await httpRequest(context.url!, row.method, row.path, row.request_headers);
      assert.is(res.status, row.status, 'status');
      assert.is(res.headers['content-type'], row.headers['content-type'], 'Content-Type');
      assert.is(res.body.toString('utf8'), row.body, 'body');
    });
  });
  queries.run();
}

if (findNginx()) {
  // Without an upstream, nginx computes nothing: a query is 501, never the unfiltered list.
  const alone = suite<ServerContext>('queries on nginx without an upstream');
  serveForSuite(alone, async (dir) => {
    const site = await buildSample(dir, 'dist', true);
    return startNginx(findNginx()!, path.join(dir, 'nginx'), (listen) => nginxConfig(site, listen));
  });
  for (const target of ['/api/v1/ports/?search=zlib', '/api/v1/ports/?categories=devel', '/api/v1/ports/zlib/?categories=nosuch', '/api/v1/maintainer/?github=ryandesign', '/api/v1/files/?search=zlib', '/api/v1/ports/?page=2&ordering=name']) {
    alone(`GET ${target}: 501`, async (context) => {
      const res = await httpRequest(context.url!, 'GET', target);
      assert.is(res.status, 501);
      assert.is(res.headers['content-type'], 'application/json');
      assert.match(res.body.toString('utf8'), '"detail":"This host cannot compute queries');
    });
  }
  alone('a query of page and format alone is the file, as before', async (context) => {
    const res = await httpRequest(context.url!, 'GET', '/api/v1/ports/?page=2&format=json');
    assert.is(res.status, 200);
    assert.match(res.body.toString('utf8'), /^\{"count":58,/);
  });
  alone.run();
}
