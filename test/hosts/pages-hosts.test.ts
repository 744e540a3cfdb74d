import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findNginx, startNginx } from '../../scripts/nginx-process.js';
import { buildSite } from '../../src/build/build.js';
import { PAGE_POLICY } from '../../src/routes/file-routes.js';
import { serveSite } from '../../src/hosts/serve/server.js';
import { CONFORMANCE, CONFORMANCE_BASE_URL, CONFORMANCE_PAGE_SIZE } from '../conformance/check.js';
import { httpRequest, type HttpResponse } from '../support/http.js';
import { startNetlify } from '../support/netlify.js';
import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { serveForSuite, type Running, type ServerContext } from '../support/suite-server.js';

/**
 * The pages for people (`build --pages`) over real HTTP on the three hosts: `serve`, nginx as
 * `ports-gen nginx` configures it, and Netlify's local emulation. Where the emulation answers
 * otherwise, the row says what it does and why (docs/hosting.md gives every reason).
 */
interface Expected {
  status: number;
  /** A file of the site (its bytes), the 404 page, the API's Not found, or nothing. */
  body?: { file: string } | 'not-found-page' | 'api-not-found' | 'empty';
  /** The exact Content-Type; a page's (the 404 page's too) comes with nosniff and none of the API's headers. */
  type?: string;
  /** false: `X-Content-Type-Options: nosniff` is not asked for (the start page, as before pages). */
  nosniff?: false;
  location?: string;
}

interface Row {
  method: string;
  target: string;
  expect: Expected;
  /** What Netlify's emulation does instead, and why. */
  netlify?: Expected & { why: string };
}

const HTML = 'text/html; charset=utf-8';
const page = (file: string): Expected => ({ status: 200, body: { file }, type: HTML });
const NOT_FOUND: Expected = { status: 404, body: 'not-found-page', type: HTML };
const slash = (location: string): Expected => ({ status: 301, location, body: 'empty', type: HTML });

const NO_404 = "Netlify's local emulation does not serve the site's 404.html (Netlify does, with its 404), only a bare 404";
const NO_SLASH_REDIRECT = "Netlify's local emulation serves a directory's index.html at its path without the slash; Netlify redirects there (301)";
const FILES_BY_PATH = 'Netlify serves every file of the deploy at its own path';
const ENCODED_PAGE = "Netlify's local emulation looks a file up by its path as sent, undecoded, so a page whose name needs percent-encoding in a URL is not found there";
const ANY_METHOD = 'Netlify serves a file to any method';
const emulation404 = (why: string) => ({ status: 404, body: 'empty' as const, why });

/** The ports list's second page and a sitemap part: more entries than the small catalogue has, placed by hand. */
const PLACED = ['ports/2/index.html', 'categories/2/index.html', 'maintainers/2/index.html', 'sitemap-1.xml'];

const ROWS: Row[] = [
  { method: 'GET', target: '/port/zlib/', expect: page('port/zlib/index.html') },
  { method: 'HEAD', target: '/port/zlib/', expect: { status: 200, body: 'empty', type: HTML } },
  { method: 'GET', target: '/port/libsigc%2B%2B/', expect: page('port/libsigc++/index.html'), netlify: { ...emulation404(ENCODED_PAGE) } },
  { method: 'GET', target: '/category/archivers/', expect: page('category/archivers/index.html') },
  { method: 'GET', target: '/category/two%20words/', expect: page('category/two words/index.html'), netlify: emulation404(ENCODED_PAGE) },
  { method: 'GET', target: '/maintainer/jmr/', expect: page('maintainer/jmr/index.html') },
  { method: 'GET', target: '/ports/', expect: page('ports/index.html') },
  { method: 'GET', target: '/ports/2/', expect: page('ports/2/index.html') },
  { method: 'GET', target: '/categories/', expect: page('categories/index.html') },
  { method: 'GET', target: '/categories/2/', expect: page('categories/2/index.html') },
  { method: 'GET', target: '/maintainers/', expect: page('maintainers/index.html') },
  { method: 'GET', target: '/maintainers/2/', expect: page('maintainers/2/index.html') },
  { method: 'GET', target: '/search/', expect: page('search/index.html') },
  { method: 'GET', target: '/search/?q=gn', expect: page('search/index.html') },
  { method: 'GET', target: '/', expect: page('index.html') },
  // A page's path without its trailing slash: APPEND_SLASH's 301, the query kept.
  { method: 'GET', target: '/port/zlib', expect: slash('/port/zlib/'), netlify: { ...page('port/zlib/index.html'), why: NO_SLASH_REDIRECT } },
  { method: 'GET', target: '/port/zlib?from=here', expect: slash('/port/zlib/?from=here'), netlify: { ...page('port/zlib/index.html'), why: NO_SLASH_REDIRECT } },
  { method: 'GET', target: '/category/two%20words', expect: slash('/category/two%20words/'), netlify: emulation404(ENCODED_PAGE) },
  { method: 'GET', target: '/ports/2', expect: slash('/ports/2/'), netlify: { ...page('ports/2/index.html'), why: NO_SLASH_REDIRECT } },
  { method: 'GET', target: '/search?q=gn', expect: slash('/search/?q=gn'), netlify: { ...page('search/index.html'), why: NO_SLASH_REDIRECT } },
  // robots.txt and the sitemaps.
  { method: 'GET', target: '/robots.txt', expect: { status: 200, body: { file: 'robots.txt' }, type: 'text/plain; charset=utf-8' } },
  { method: 'GET', target: '/sitemap.xml', expect: { status: 200, body: { file: 'sitemap.xml' }, type: 'application/xml' } },
  { method: 'GET', target: '/sitemap-1.xml', expect: { status: 200, body: { file: 'sitemap-1.xml' }, type: 'application/xml' } },
  // Anything else outside /api/: the 404 page, with its status.
  { method: 'GET', target: '/port/no-such-port/', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/port/no-such-port', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/nonsense', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'HEAD', target: '/nonsense', expect: { status: 404, body: 'empty', type: HTML }, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/port/zlib/extra/', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/port/ZLIB/', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/ports/1/', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/sitemap-01.xml', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'GET', target: '/dump/ports.json.sig', expect: NOT_FOUND, netlify: emulation404(NO_404) },
  { method: 'POST', target: '/port/zlib/', expect: NOT_FOUND, netlify: { ...page('port/zlib/index.html'), why: ANY_METHOD } },
  { method: 'POST', target: '/', expect: NOT_FOUND, netlify: { ...page('index.html'), why: ANY_METHOD } },
  // The files behind the pages and the site's own files are no pages.
  { method: 'GET', target: '/404.html', expect: NOT_FOUND, netlify: { ...page('404.html'), nosniff: false, why: FILES_BY_PATH } },
  { method: 'GET', target: '/port/zlib/index.html', expect: NOT_FOUND, netlify: { ...page('port/zlib/index.html'), why: FILES_BY_PATH } },
  { method: 'GET', target: '/.ports-gen.json', expect: NOT_FOUND, netlify: { status: 200, body: { file: '.ports-gen.json' }, type: 'application/json; charset=utf-8', nosniff: false, why: FILES_BY_PATH } },
  { method: 'GET', target: '/_ports-gen/site-index.json', expect: NOT_FOUND, netlify: { status: 200, body: { file: '_ports-gen/site-index.json' }, type: 'application/json; charset=utf-8', nosniff: false, why: FILES_BY_PATH } },
  // The API answers as before.
  { method: 'GET', target: '/api/v1/nothing/', expect: { status: 404, body: 'api-not-found' } },
  { method: 'GET', target: '/api/v1/ports/zlib/', expect: { status: 200, body: { file: 'api/v1/ports/zlib/index.json' } } },
];

/** Builds the conformance catalogue with its pages into `dir/out`, and places the pages it has too few entries for. */
async function buildPagesSite(dir: string, out: string, link: boolean): Promise<string> {
  const built = await buildSite({ cwd: dir, catalogue: path.join(CONFORMANCE, 'catalogue'), out, baseUrl: CONFORMANCE_BASE_URL, pageSize: CONFORMANCE_PAGE_SIZE, strict: true, link, pages: true });
  assert.ok(built.ok);
  const site = path.join(dir, out);
  for (const file of PLACED) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), file.endsWith('.xml') ? '<?xml version="1.0" encoding="UTF-8"?>\n<urlset/>\n' : `<!doctype html><title>${file}</title>\n`);
  }
  return site;
}

async function buildPlainSite(dir: string, out: string, link: boolean): Promise<string> {
  const built = await buildSite({ cwd: dir, catalogue: path.join(CONFORMANCE, 'catalogue'), out, baseUrl: CONFORMANCE_BASE_URL, pageSize: CONFORMANCE_PAGE_SIZE, strict: true, link });
  assert.ok(built.ok);
  return path.join(dir, out);
}

function check(label: string, expect: Expected, res: HttpResponse, site: string): void {
  assert.is(res.status, expect.status, `${label}: status`);
  if (expect.location !== undefined) assert.is(res.headers.location, expect.location, `${label}: Location`);
  const body = expect.body;
  if (body === 'api-not-found' || (body && typeof body === 'object' && body.file.startsWith('api/'))) {
    assert.is(res.headers['content-type'], 'application/json', `${label}: Content-Type`);
    assert.is(res.headers.vary, 'Accept', `${label}: Vary`);
  } else if (expect.type !== undefined) {
    assert.is(res.headers['content-type'], expect.type, `${label}: Content-Type`);
    if (expect.nosniff !== false) assert.is(res.headers['x-content-type-options'], 'nosniff', `${label}: nosniff`);
    // Every page runs only the site's own script, on every host.
    if (expect.nosniff !== false && expect.type.startsWith('text/html')) assert.is(res.headers['content-security-policy'], PAGE_POLICY, `${label}: Content-Security-Policy`);
    assert.is(res.headers.allow, undefined, `${label}: no Allow`);
    assert.ok(!String(res.headers.vary ?? '').split(/, */).includes('Accept'), `${label}: no Vary: Accept`);
  }
  if (body === 'empty') assert.is(res.body.length, 0, `${label}: empty body`);
  else if (body === 'api-not-found') assert.is(res.body.toString('utf8'), '{"detail":"Not found."}', `${label}: body`);
  else if (body === 'not-found-page') assert.equal(res.body, readFileSync(path.join(site, '404.html')), `${label}: the 404 page`);
  else if (body) assert.equal(res.body, readFileSync(path.join(site, body.file)), `${label}: body`);
}

/** The configuration the CLI prints for the site at `site`. */
async function nginxConfig(site: string, listen: string): Promise<string> {
  const run = await runCli(['nginx', '--dir', site, '--listen', listen], { cwd: path.dirname(site) });
  assert.is(run.code, 0, run.stderr);
  return run.stdout;
}

/** Each host: how it starts on a site built by `build` in `dir`, and where the site then is. */
const HOSTS: Array<{ name: 'serve' | 'nginx' | 'netlify'; start: (dir: string, build: typeof buildPagesSite) => Promise<Running & { site: string }> }> = [
  {
    name: 'serve',
    start: async (dir, build) => {
      const site = await build(dir, 'dist', true);
      return { ...(await serveSite({ dir: site, port: 0, host: '127.0.0.1' })), site };
    },
  },
  {
    name: 'nginx',
    start: async (dir, build) => {
      const site = await build(dir, 'dist', true);
      return { ...(await startNginx(findNginx()!, path.join(dir, 'nginx'), (listen) => nginxConfig(site, listen))), site };
    },
  },
  {
    name: 'netlify',
    start: async (dir, build) => {
      // As netlify.toml builds it (--no-link); the emulation takes the site into its project.
      const running = await startNetlify(path.join(dir, 'project'), await build(dir, 'site', false));
      return { ...running, site: path.join(dir, 'project', 'dist') };
    },
  },
];

/** Each suite's site, where its host serves it from. */
const sites = new Map<unknown, string>();

for (const host of HOSTS) {
  if (host.name === 'nginx' && !findNginx()) {
    if (process.env.CI) suite('pages on nginx')('nginx is installed', () => assert.unreachable('nginx is missing'));
    continue;
  }
  const withPages = suite<ServerContext>(`pages on ${host.name}`);
  serveForSuite(withPages, async (dir) => {
    const running = await host.start(dir, buildPagesSite);
    // The suite's context takes the URL; the site's path is kept beside it.
    sites.set(withPages, running.site);
    return running;
  });
  for (const row of ROWS) {
    const expect = host.name === 'netlify' && row.netlify ? row.netlify : row.expect;
    const note = host.name === 'netlify' && row.netlify ? ` (host difference: ${row.netlify.why})` : '';
    withPages(`${row.method} ${row.target}${note}`, async (context) => {
      check(`${row.method} ${row.target}`, expect, await httpRequest(context.url!, row.method, row.target), sites.get(withPages)!);
    });
  }
  withPages.run();

  // A site built without pages answers a path outside /api/ exactly as before.
  const without = suite<ServerContext>(`no pages on ${host.name}`);
  serveForSuite(without, async (dir) => host.start(dir, buildPlainSite));
  without('GET /nonsense: as before pages existed', async (context) => {
    const res = await httpRequest(context.url!, 'GET', '/nonsense');
    assert.is(res.status, 404);
    // Netlify answers what no file or rule answers itself; the emulation with a bare 404.
    if (host.name === 'netlify') assert.is(res.body.length, 0);
    else check('GET /nonsense', { status: 404, body: 'api-not-found' }, res, '');
  });
  // Files are read by GET and HEAD: another method finds none, as on a page (nginx's static module would answer its own 405).
  if (host.name !== 'netlify') {
    without('POST to the browser\'s page, its script and a dump: the API\'s Not found, as any path no file answers', async (context) => {
      for (const target of ['/', '/browser/app.js', '/dump/ports.json']) check(`POST ${target}`, { status: 404, body: 'api-not-found' }, await httpRequest(context.url!, 'POST', target), '');
    });
  }
  without('GET /port/zlib/: no page', async (context) => {
    const res = await httpRequest(context.url!, 'GET', '/port/zlib/');
    assert.is(res.status, 404);
    if (host.name !== 'netlify') assert.is(res.body.toString('utf8'), '{"detail":"Not found."}');
  });
  without.run();
}

const docs = suite('pages: host differences');
docs('docs/hosting.md gives every reason the pages rows pin for Netlify', () => {
  const text = readFileSync(path.join(ROOT, 'docs', 'hosting.md'), 'utf8').replace(/\s+/g, ' ');
  for (const why of new Set(ROWS.flatMap((row) => (row.netlify ? [row.netlify.why] : [])))) {
    assert.ok(text.includes(`${why[0]!.toUpperCase()}${why.slice(1)}`), `docs/hosting.md misses: ${why}`);
  }
});
docs.run();
