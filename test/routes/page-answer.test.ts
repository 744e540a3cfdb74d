import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answer, missingAnswer, type SiteIndex } from '../../src/routes/answer.js';

/** answer() on plain data: a site with pages for people, and the same site without them. */
const plain: SiteIndex = {
  names: { ports: new Map([['zlib', 'zlib']]), category: new Map([['two words', 'two words']]), maintainer: new Map([['jmr', 'jmr']]) },
  pages: { ports: 1, category: 1, files: 1, maintainer: 1 },
};
const PAGES = ['port/zlib/index.html', 'category/two words/index.html', 'ports/index.html', 'ports/2/index.html', 'search/index.html', 'robots.txt', 'sitemap.xml'];
const site: SiteIndex = { ...plain, sitePages: new Map(PAGES.map((file) => [`/${file.replace(/index\.html$/, '')}`, file])) };
const HTML = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
};
const NOT_FOUND_PAGE = { status: 404, file: '404.html', missing: 'not-found', headers: HTML };
const API_NOT_FOUND = { status: 404, body: { detail: 'Not found.' } };

test('a page at its directory\'s path, with its own headers; a query changes nothing', () => {
  assert.equal(answer('GET', '/port/zlib/', site), { status: 200, file: 'port/zlib/index.html', missing: 'page', headers: HTML });
  assert.equal(answer('HEAD', '/category/two%20words/', site), { status: 200, file: 'category/two words/index.html', missing: 'page', headers: HTML });
  assert.equal(answer('GET', '/search/?q=gn', site), { status: 200, file: 'search/index.html', missing: 'page', headers: HTML });
  assert.equal(answer('GET', '/ports/2/', site), { status: 200, file: 'ports/2/index.html', missing: 'page', headers: HTML });
  assert.equal(answer('GET', '/robots.txt', site), { status: 200, file: 'robots.txt', missing: 'page', headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
  assert.equal(answer('GET', '/sitemap.xml', site), { status: 200, file: 'sitemap.xml', missing: 'page', headers: { 'Content-Type': 'application/xml', 'X-Content-Type-Options': 'nosniff' } });
});

test('a page\'s path without its slash: a 301 as APPEND_SLASH writes it, the query kept', () => {
  assert.equal(answer('GET', '/port/zlib?a=%22b', site), { status: 301, location: '/port/zlib/?a=%22b', headers: HTML });
  assert.equal(answer('GET', '/category/two%20words', site), { status: 301, location: '/category/two%20words/', headers: HTML });
});

test('anything else outside /api/ is the 404 page: unknown, deeper, other spelling, files, dots, NUL, bad UTF-8, other methods', () => {
  for (const target of ['/port/no-such-port/', '/port/no-such-port', '/nonsense', '/port/zlib/extra/', '/port/ZLIB/', '/port/zlib/index.html', '/404.html', '/.ports-gen.json', '/_ports-gen/site-index.json', '/_redirects', '/port/../ports/', '/port/%2E%2E/', '/category/two%2Fwords/', '/port/zlib%00/', '/port/%FF/', '/ports/1/', '/api']) {
    assert.equal(answer('GET', target, site), NOT_FOUND_PAGE, target);
  }
  assert.equal(answer('POST', '/port/zlib/', site), NOT_FOUND_PAGE);
  assert.equal(answer('POST', '/', site), NOT_FOUND_PAGE);
});

test('the API answers as before on a site with pages', () => {
  assert.equal(answer('GET', '/api/v1/nothing/', site), API_NOT_FOUND);
  assert.equal(answer('GET', '/api/v1/ports/zlib/', site), answer('GET', '/api/v1/ports/zlib/', plain));
  assert.equal(answer('GET', '/api/%FF/', site), API_NOT_FOUND);
});

test('a site without pages answers every path outside /api/ as before', () => {
  for (const target of ['/port/zlib/', '/port/zlib', '/nonsense', '/robots.txt']) assert.equal(answer('GET', target, plain), API_NOT_FOUND, target);
  assert.equal(answer('GET', '/dump/ports.json.sig', plain), { status: 200, file: 'dump/ports.json.sig', missing: 'not-found', headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' } });
});

test('a file gone when opened: a page is answered by the 404 page, which when gone is the API\'s Not found', () => {
  assert.equal(answer('GET', '/dump/ports.json.sig', site), { status: 200, file: 'dump/ports.json.sig', missing: 'page', headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' } });
  assert.equal(missingAnswer('page'), NOT_FOUND_PAGE);
  assert.equal(missingAnswer('not-found'), API_NOT_FOUND);
  assert.equal(missingAnswer('no-port'), { status: 404, body: { detail: 'No Port matches the given query.' } });
});

test.run();
