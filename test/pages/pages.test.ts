import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { counted, escapeHtml, hrefTo, portLink } from '../../src/pages/html.js';
import { PortPageRenderer } from '../../src/pages/port-page.js';
import { robotsText, sitemapFiles } from '../../src/pages/sitemap.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/**
 * `build --pages` on the pages fixture (its README says what it holds). What each page must show
 * is written here by hand from the fixture's catalogue; the pages' look is checked in a browser
 * and by the standard checkers (pages-checks.test).
 */
const BASE = 'https://ports.example.org';
const CATALOGUE = path.join(FIXTURES, 'pages', 'catalogue');

/** The ports a rebuild took from the last build's snapshot (see recalled-ports), of the last build. */
let recalled = 0;

async function build(dir: string, pages = true, catalogue = CATALOGUE): Promise<Map<string, string>> {
  const result = await buildSite({ cwd: dir, catalogue, out: 'dist', baseUrl: BASE, pageSize: 50, strict: true, pages, dumps: false });
  assert.ok(result.ok, result.log.kept.map((p) => p.message).join('\n'));
  recalled = result.stats.recalled;
  return new Map([...readTree(path.join(dir, 'dist'))].map(([file, bytes]) => [file, bytes.toString('utf8')]));
}

/** A page's section: from its heading to the next. */
function section(html: string, heading: string): string {
  const at = html.indexOf(`<h2>${heading}</h2>`);
  assert.ok(at >= 0, `a section ${heading}`);
  const end = html.indexOf('<h2>', at + 1);
  return html.slice(at, end < 0 ? undefined : end);
}

test('the pure parts: escaping, counts, links relative to the root', () => {
  assert.is(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`), '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  assert.is(counted(1, 'port'), '1 port');
  assert.is(counted(0, 'port'), '0 ports');
  assert.is(counted(40000, 'category', 'categories'), '40,000 categories');
  assert.is(hrefTo('../../', 'port/gn/index.html'), '../../port/gn/');
  assert.is(hrefTo('', 'index.html'), './');
  assert.is(hrefTo('../', 'category/a b#c/index.html'), '../category/a%20b%23c/');
  assert.is(portLink('../../', 'libsigc++'), '<a href="../../port/libsigc%2B%2B/">libsigc++</a>');
  // A name that no check let through is still text (a replaced_by once reached a page raw).
  assert.is(portLink('', 'x<script>"'), '<a href="port/x%3Cscript%3E%22/">x&lt;script&gt;&quot;</a>');
});

test("with feeds, a port's page links to them, in its head and its data", () => {
  const port = { name: 'libsigc++', portdir: 'devel/libsigc++', version: '3.6.0', license: 'LGPL-3+', platforms: 'darwin', epoch: 0, replaced_by: null, homepage: '', description: '', long_description: '', active: true, categories: [], maintainers: [], variants: [], dependencies: [], depends_on: [] };
  const page = new PortPageRenderer({ baseUrl: BASE, feeds: true }).page({ port, variantNotes: {} });
  assert.match(page, '<link rel="canonical" href="https://ports.example.org/port/libsigc%2B%2B/">');
  assert.match(page, '<link rel="alternate" type="application/atom+xml" href="../../feeds/updates.atom" title="Port updates">');
  assert.match(page, '<a href="../../feeds/updates.atom">Feed of port updates (Atom)</a>');
  assert.match(page, '<a href="../../api/v1/ports/libsigc%2B%2B/">This port as JSON</a>');
  assert.match(page, '<meta name="description" content="The port libsigc++, version 3.6.0.">', 'a port without a description still has one');
  assert.not.match(new PortPageRenderer({ baseUrl: BASE, feeds: false }).page({ port, variantNotes: {} }), 'updates.atom');
});

test('a sitemap over its limit is split into parts of that many URLs, with an index; each is well-formed in the protocol namespace', async () => {
  await withTempDir((dir) => {
    const urls = Array.from({ length: 7 }, (_, i) => `${BASE}/port/p${i}&q/`);
    const files = new Map([...sitemapFiles(BASE, () => urls, urls.length, 3)].map(([file, page]) => [file, page()]));
    assert.equal([...files.keys()], ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    assert.match(files.get('sitemap.xml')!, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    assert.equal([...files.get('sitemap.xml')!.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]), [1, 2, 3].map((n) => `${BASE}/sitemap-${n}.xml`));
    const listed = [1, 2, 3].flatMap((n) => [...files.get(`sitemap-${n}.xml`)!.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')));
    assert.equal(listed, urls, 'every URL once, in order');
    assert.is([...files.get('sitemap-3.xml')!.matchAll(/<url>/g)].length, 1);
    for (const [file, body] of files) {
      writeFileSync(path.join(dir, file), body);
      execFileSync('xmllint', ['--noout', path.join(dir, file)]);
    }
    assert.equal([...sitemapFiles(BASE, () => urls, urls.length, 7).keys()], ['sitemap.xml'], 'at the limit, one sitemap');
    assert.is(robotsText('https://example.org/ports'), 'User-agent: *\nDisallow: /ports/search/\n\nSitemap: https://example.org/ports/sitemap.xml\n');
  });
});

test("a port's page shows what the live site's does, linked to real URLs", async () => {
  await withTempDir(async (dir) => {
    const site = await build(dir);
    const gn = site.get('port/gn/index.html')!;
    assert.match(gn, '<title>gn 20240416 · Ports</title>');
    assert.match(gn, '<meta name="description" content="Meta-build system that generates build files for Ninja">');
    assert.match(gn, '<link rel="canonical" href="https://ports.example.org/port/gn/">');
    assert.match(gn, '<pre id="install"><code>sudo port install gn</code></pre>');
    assert.match(gn, '<dt>License</dt><dd>BSD</dd>');
    assert.match(gn, '<a href="https://github.com/macports/macports-ports/blob/master/devel/gn/Portfile" rel="noopener noreferrer">devel/gn/Portfile</a>');
    assert.match(section(gn, 'Variants'), '<dt>debug</dt><dd>Build with debugging symbols</dd>');
    assert.match(section(gn, 'Dependencies'), '<dt>Runtime</dt><dd><ul class="inline"><li><a href="../../port/ninja/">ninja</a></li></ul></dd>');
    assert.match(section(gn, 'Depended on by'), 'No port depends on this one.');
    assert.is(gn.match(/>@ryandesign</g)?.length, 1, 'one entry for a handle listed with two addresses');
    assert.match(gn, '<a href="../../maintainer/ryandesign/">@ryandesign</a> (<a href="https://github.com/ryandesign" rel="noopener noreferrer">GitHub</a>)');
    assert.match(section(gn, 'Data'), '<a href="../../api/v1/ports/gn/">This port as JSON</a>');

    const ninja = section(site.get('port/ninja/index.html')!, 'Depended on by');
    assert.match(ninja, '<dt>Build</dt><dd><ul class="inline"><li><a href="../../port/graphviz/">graphviz</a></li></ul></dd><dt>Runtime</dt><dd><ul class="inline"><li><a href="../../port/gn/">gn</a></li></ul></dd>');

    const graphviz = site.get('port/graphviz/index.html')!;
    assert.match(section(graphviz, 'Variants'), '<dt>universal</dt><dd>Build for multiple architectures</dd><dt>x11</dt><dd>Enable X11 support</dd><dt>gs</dt><dd class="muted">no description</dd>');
    assert.match(graphviz, 'as &lt;svg&gt;, PNG &amp; PDF.');
    assert.match(graphviz, '<ul class="inline"><li><a href="../../category/graphics/">graphics</a></li><li><a href="../../category/science/">science</a></li></ul>');

    const go = site.get('port/go/index.html')!;
    assert.ok(go.indexOf('>@dgilman<') < go.indexOf('>@herbygillot<'), 'maintainers by name');
    assert.not.match(go, 'class="retired"');

    const gnupg1 = site.get('port/gnupg1/index.html')!;
    assert.match(gnupg1, '<p class="retired" role="note"><strong>Retired.</strong>');
    assert.match(gnupg1, '<dt>Replaced by</dt><dd><a href="../../port/gnupg2/">gnupg2</a></dd>');
    assert.match(gnupg1, '<dt>Maintainers</dt><dd>none</dd>');
    assert.not.match(gnupg1, 'port install', 'a retired port offers no install command');
    assert.match(section(gnupg1, 'Install'), '<p class="muted">Not installable: the port is retired; install <a href="../../port/gnupg2/">gnupg2</a> instead.</p>');
  });
});

test('the lists, categories, maintainers and start page: by name, plurals and counts', async () => {
  await withTempDir(async (dir) => {
    const site = await build(dir);
    const names = (file: string) => [...site.get(file)!.matchAll(/<li><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
    assert.equal(names('ports/index.html'), ['gh', 'gn', 'gnupg1', 'gnupg2', 'go', 'graphviz', 'ninja']);
    assert.match(site.get('ports/index.html')!, '<p class="muted">7 ports, by name.</p>');
    assert.equal(names('categories/index.html'), ['devel', 'graphics', 'lang', 'mail', 'net', 'science', 'security']);
    assert.match(site.get('categories/index.html')!, '<a href="../category/lang/">lang</a> <span class="muted">1 port</span>');
    assert.equal(names('maintainers/index.html'), ['@dgilman', '@herbygillot', '@Ionic', '@ryandesign']);
    assert.match(site.get('maintainers/index.html')!, '<a href="../maintainer/ryandesign/">@ryandesign</a> <span class="muted">3 active ports</span>');
    assert.match(site.get('maintainers/index.html')!, '<p class="muted">4 maintainers, by name.</p>');

    const mail = site.get('category/mail/index.html')!;
    assert.match(mail, '<p class="muted">1 active port, 2 ports in all.');
    assert.equal(names('category/devel/index.html'), ['gh', 'gn', 'ninja']);
    const ryan = site.get('maintainer/ryandesign/index.html')!;
    assert.match(ryan, '3 active ports.');
    assert.match(ryan, 'Listed in the ports as ryandesign and ryan.');
    assert.equal(names('maintainer/ryandesign/index.html'), ['gn', 'graphviz', 'ninja']);

    const start = site.get('index.html')!;
    assert.match(start, '7 ports (6 active ports) in <a href="categories/">7 categories</a>, by <a href="maintainers/">4 maintainers</a>.');
    assert.equal(names('index.html'), ['gnupg2', 'gnupg1', 'graphviz', 'gh', 'go', 'gn', 'ninja'], 'the newest first');
    assert.match(start, '<link rel="canonical" href="https://ports.example.org/">');
    assert.match(start, '<body data-root="" data-page="start">');

    assert.match(site.get('search/index.html')!, '<meta name="robots" content="noindex">');
    const missing = site.get('404.html')!;
    assert.match(missing, '<h1>Not found</h1>');
    assert.match(missing, '<link rel="stylesheet" href="/browser/style.css">', 'served at any depth, it links from the root');
  });
});

test('maintainers the ports list by e-mail alone are in the list and the counts, by name and without a page, as the API lists them', async () => {
  await withTempDir(async (dir) => {
    // The maintainers fixture: "mark" at macports.org (and "Mark" at MacPorts.org, the same person) has no handle.
    const site = await build(dir, true, path.join(FIXTURES, 'maintainers', 'catalogue'));
    const list = site.get('maintainers/index.html')!;
    const entries = [...list.matchAll(/<li>(?:<a href="([^"]*)">)?([^<]*)(?:<\/a>)? <span class="muted">([^<]*)<\/span><\/li>/g)].map((m) => [m[2], m[1] ?? null, m[3]]);
    assert.equal(entries, [
      ['@ghonly', '../maintainer/ghonly/', '1 active port'],
      ['@JDoe', '../maintainer/JDoe/', '2 active ports'],
      ['@jdoe', '../maintainer/jdoe/', '1 active port'],
      ['mark', null, '2 active ports'],
      ['@markgh', '../maintainer/markgh/', '2 active ports'],
    ]);
    assert.match(list, '<p class="muted">5 maintainers, by name.</p>');
    assert.match(site.get('index.html')!, 'by <a href="maintainers/">5 maintainers</a>.');
    assert.match(site.get('port/zeta/index.html')!, '<dt>Maintainers</dt><dd><ul class="inline"><li>mark</li></ul></dd>');
    assert.not.ok([...site.keys()].some((file) => file.startsWith('maintainer/mark/')), 'no page: the API has no resource for a person without a handle');
  });
});

test('the sitemap lists every page once, well-formed; robots.txt names it', async () => {
  await withTempDir(async (dir) => {
    const site = await build(dir);
    const pages = [...site.keys()].filter((file) => file.endsWith('index.html') && file !== 'search/index.html' && !file.startsWith('api/'));
    const listed = [...site.get('sitemap.xml')!.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    assert.equal([...listed].sort(), pages.map((file) => `${BASE}/${file.replace(/index\.html$/, '')}`).sort());
    assert.is(new Set(listed).size, listed.length);
    assert.is(pages.length, 7 + 7 + 4 + 3 + 1, 'the ports, categories, maintainers, three lists and the start page');
    execFileSync('xmllint', ['--noout', path.join(dir, 'dist', 'sitemap.xml')]);
    assert.is(site.get('robots.txt'), `User-agent: *\nDisallow: /search/\n\nSitemap: ${BASE}/sitemap.xml\n`);
  });
});

test('without --pages the site is as it was: the browser at the root, no pages', async () => {
  await withTempDir(async (dir) => {
    const site = await build(dir, false);
    assert.ok(![...site.keys()].some((file) => /^(port|category|maintainer|ports|categories|maintainers|search)\/|^(404\.html|sitemap\.xml|robots\.txt)$/.test(file)));
    assert.not.match(site.get('index.html')!, 'data-root');
  });
});

/** Files whose inode changed between two builds: the ones written anew. */
function inodes(dir: string): Map<string, number> {
  const site = path.join(dir, 'dist');
  return new Map([...readTree(site).keys()].filter((f) => f !== '.ports-gen.json').map((f) => [f, statSync(path.join(site, f)).ino]));
}
const rewritten = (a: Map<string, number>, b: Map<string, number>) => [...b].filter(([f, ino]) => a.get(f) !== ino).map(([f]) => f).sort();

let recalledBefore = 0;

/**
 * Builds the fixture, edits its catalogue's text (`from` to `to`: the other ports' texts stay as
 * they were, as an import leaves them), builds again: the files rewritten, and the site as a
 * fresh build of the edit makes it.
 */
async function rebuilt(from: string, to: string): Promise<string[]> {
  return withTempDir(async (dir) => {
    cpSync(CATALOGUE, path.join(dir, 'catalogue'), { recursive: true });
    await build(dir, true, 'catalogue');
    const before = inodes(dir);
    const file = path.join(dir, 'catalogue', 'portindex.json');
    const text = readFileSync(file, 'utf8');
    assert.ok(text.includes(from), from);
    writeFileSync(file, text.replace(from, to));
    const site = await build(dir, true, 'catalogue');
    recalledBefore = recalled;
    const fresh = await withTempDir((other) => build(other, true, path.join(dir, 'catalogue')));
    assert.equal([...site.keys()].filter((f) => f !== '.ports-gen.json').sort(), [...fresh.keys()].filter((f) => f !== '.ports-gen.json').sort());
    for (const [f, body] of fresh) if (f !== '.ports-gen.json') assert.fixture(site.get(f)!, body, f);
    return rewritten(before, inodes(dir));
  });
}

test("a one-port rebuild with --pages rewrites that port's files and the lists that show it, as a fresh build makes them", async () => {
  const version = await rebuilt('"version": "20240416"', '"version": "20241120"');
  assert.equal(version, ['api/v1/pages/ports/page-1.json', 'api/v1/ports/gn/index.json', 'port/gn/index.html']);
  assert.is(recalledBefore, 6, 'the unchanged ports recalled: the page made from the changed port alone');
  const description = await rebuilt(`"GitHub's official command line tool"`, '"the GitHub CLI"');
  for (const file of ['port/gh/index.html', 'ports/index.html', 'category/devel/index.html', 'category/net/index.html', 'maintainer/herbygillot/index.html']) assert.ok(description.includes(file), file);
  assert.not.ok(description.includes('port/gn/index.html'), "another port's page is kept");
  const dependency = await rebuilt('"depends_build": ["port:go"]', '"depends_build": ["port:go"], "depends_run": ["port:ninja"]');
  assert.equal(dependency.filter((f) => f.endsWith('.html')), ['port/gh/index.html', 'port/ninja/index.html']);
  assert.is(recalledBefore, 6, 'recalled, not derived in full: ninja, remade for its links alone, is read again for its page');
});

test.run();
