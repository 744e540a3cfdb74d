import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build.js';
import { derivePorts } from '../src/derive/ports.js';
import { readSiteIndex } from '../src/hosts/serve/site-index.js';
import { bodyOf, filesOf } from '../src/render/query-body.js';
import { queryIndexBody, queryIndexInput } from '../src/render/query-index.js';
import { toJsonText } from '../src/render/json-text.js';
import { answer, type SiteIndex } from '../src/routes/answer.js';
import { decideQuery, type QueryRoute } from '../src/routes/query/decide-query.js';
import { readQueryIndex, type QueryIndex } from '../src/routes/query/read-query-index.js';
import { ERROR_BODIES } from '../src/routes/site-files.js';
import { FIXTURES, withTempDir } from './support/paths.js';
import { records } from './support/records.js';

/**
 * The 75 requests of the sample (test/fixtures/queries-sample/README.md) through answer() and
 * the query engine as a host will put them together: answer() decides the format and the
 * method first; on a route that takes a query, the engine decides; a file answers the rest.
 */
const SAMPLE = path.join(FIXTURES, 'queries-sample');
const BASE = 'http://127.0.0.1:8080';
const PAGE_SIZE = 50;

interface Expected {
  method: string;
  path: string;
  status: number;
  body: string;
}

interface Site {
  out: string;
  index: SiteIndex;
  queries: QueryIndex;
}

/** The query route of a path, as answer() matches it. */
function queryRoute(pathname: string, site: SiteIndex): QueryRoute | undefined {
  if (pathname === '/api/v1/ports/') return { kind: 'ports' };
  if (pathname === '/api/v1/maintainer/') return { kind: 'maintainers' };
  if (pathname === '/api/v1/files/') return { kind: 'relinked', list: 'files', pages: site.pages };
  if (pathname === '/api/v1/category/') return { kind: 'relinked', list: 'category', pages: site.listPages.category };
  const port = /^\/api\/v1\/ports\/([^/]+)\/$/.exec(pathname);
  return port ? { kind: 'port', name: port[1]! } : undefined;
}

function respond(site: Site, method: string, target: string): { status: number; body: string } {
  const read = (file: string) => readFileSync(path.join(site.out, file), 'utf8');
  const given = answer(method, target, site.index);
  const [pathname, query = ''] = target.split(/\?(.*)/s);
  const route = queryRoute(pathname!, site.index);
  // Format (404 Not found.), OPTIONS and 405 are answer()'s, before any filter.
  const computes = route && (method === 'GET' || method === 'HEAD') && !('body' in given && given.body === ERROR_BODIES['not-found']);
  const decision = computes ? decideQuery(site.queries, route, query) : undefined;
  let status: number;
  let body: string;
  if (decision && decision.kind !== 'static') {
    status = decision.kind === 'error' ? decision.status : 200;
    body = bodyOf(site.queries, decision, filesOf(site.queries, decision).map(read));
  } else if ('file' in given) {
    [status, body] = [given.status, read(given.file)];
  } else if ('body' in given) {
    [status, body] = [given.status, toJsonText(given.body)];
  } else {
    throw new Error(`no body for ${method} ${target}`);
  }
  return { status, body: method === 'HEAD' ? '' : body };
}

const Conformance = suite<{ site?: Site; dir?: string }>('query conformance');

Conformance('every request of the sample gets the stock service\'s status and body, byte for byte', async () => {
  const expected = JSON.parse(readFileSync(path.join(SAMPLE, 'expected.json'), 'utf8')) as Expected[];
  const requests = readFileSync(path.join(SAMPLE, 'requests.txt'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(' ') as [string, string]);
  assert.is(requests.length, 75);
  assert.equal(requests, expected.map((row) => [row.method, row.path]));

  await withTempDir(async (dir) => {
    const catalogue = path.join(SAMPLE, 'catalogue');
    const built = await buildSite({ cwd: dir, catalogue, out: 'site', baseUrl: BASE, pageSize: PAGE_SIZE, strict: false });
    assert.ok(built.ok);
    const sources = (JSON.parse(readFileSync(path.join(catalogue, 'portindex.json'), 'utf8')) as { ports: Array<Record<string, unknown>> }).ports;
    const { ports } = derivePorts(records(...sources), 'portindex.json');
    const read = readQueryIndex(queryIndexBody(queryIndexInput(ports, BASE, PAGE_SIZE)));
    assert.ok(read.ok);
    const out = path.join(dir, 'site');
    const site: Site = { out, index: readSiteIndex(out), queries: read.index };

    const wrong: string[] = [];
    expected.forEach((row, i) => {
      const got = respond(site, row.method, row.path);
      if (got.status !== row.status || got.body !== row.body) wrong.push(`#${i + 1} ${row.method} ${row.path}: ${got.status} ${got.body.slice(0, 200)}\n   expected ${row.status} ${row.body.slice(0, 200)}`);
    });
    assert.equal(wrong, []);

    // A category only a retired port lists is a choice all the same: the category table has it.
    const retired = decideQuery(site.queries, { kind: 'ports' }, 'categories=kde3');
    assert.is(retired.kind === 'ports' && site.queries.ports.names[retired.ports[0]!], 'kde-i18n-sr@Latn');
  });
});

Conformance.run();
