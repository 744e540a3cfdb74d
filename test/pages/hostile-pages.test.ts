import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSiteServer } from '../../src/hosts/serve/server.js';
import { FIXTURES } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * A catalogue whose every field that reaches a page, a feed or the sitemap holds markup that
 * would run a script (test/fixtures/hostile-text), imported by the tool and built with
 * `--pages`, then read as readers and their programs read it: each page in Chromium through
 * `ports-gen serve`, the feeds by xmllint and feedparser, the sitemap by xmllint. Every
 * script in the fixture calls `__xss('<field>')`, which the pages' own script never does.
 */
interface HostileContext {
  dir?: string;
  site?: string;
  url?: string;
  server?: Server;
  browser?: Browser;
}

const FIXTURE = path.join(FIXTURES, 'hostile-text');
const CHROMIUM = '/usr/bin/chromium';
const PYTHON = '/usr/bin/python3';

/** Records what ran and what the page's policy refused, before the page's own script. */
const WATCH = `
window.__hits = [];
window.__xss = (field) => window.__hits.push(field);
window.__refused = [];
document.addEventListener('securitypolicyviolation', (event) => window.__refused.push(event.violatedDirective + ' ' + event.blockedURI));
`;

const hostile = suite<HostileContext>('a hostile catalogue');

hostile.before(async (context) => {
  context.dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-hostile-'));
  for (const [index, date] of [['index-1.json', '2026-11-01'], ['index-2.json', '2026-11-08']] as const) {
    const imported = await runCli(['import', path.join(FIXTURE, index), '--date', date], { cwd: context.dir });
    assert.is(imported.code, 0, imported.stderr);
  }
  const built = await runCli(['build', '--pages', '--no-builds', '--quiet', '--base-url', 'https://ports.example.org'], { cwd: context.dir });
  assert.is(built.code, 0, built.stderr);
  context.site = path.join(context.dir, 'dist');
  context.server = createSiteServer(context.site);
  await new Promise<void>((resolve) => context.server!.listen(0, '127.0.0.1', resolve));
  context.url = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}/`;
  // Root runs Chromium only without its sandbox; the pages are our own, on loopback.
  context.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

hostile.after(async (context) => {
  await context.browser?.close();
  context.server?.closeAllConnections();
  await new Promise((resolve) => (context.server ? context.server.close(resolve) : resolve(undefined)));
  if (context.dir) rmSync(context.dir, { recursive: true, force: true });
});

/** Every page of the site, as the path it is served at. */
function pageAddresses(site: string): string[] {
  const files = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return files.map((file) => (file === '404.html' ? 'port/no-such-port/' : file.replace(/index\.html$/, ''))).map((file) => file.split('/').map(encodeURIComponent).join('/'));
}

interface Watched {
  hits: string[];
  refused: string[];
  dialogs: string[];
}

async function watched(context: HostileContext, steps: (page: Page) => Promise<void>): Promise<Watched> {
  const page = await context.browser!.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    await page.addInitScript(WATCH);
    await steps(page);
    const { hits, refused } = (await page.evaluate('({ hits: window.__hits, refused: window.__refused })')) as { hits: string[]; refused: string[] };
    return { hits, refused, dialogs };
  } finally {
    await page.close();
  }
}

hostile('no page runs a script of the catalogue, and none needs its policy to refuse one: the markup is text', async (context) => {
  const addresses = pageAddresses(context.site!);
  for (const port of ['c++%40x-1.0', 'victim', 'hostile2']) assert.ok(addresses.includes(`port/${encodeURIComponent(decodeURIComponent(port))}/`) || addresses.includes(`port/${port}/`), `a page for ${port}: ${addresses.join(' ')}`);
  assert.ok(addresses.length >= 12, `every page: ${addresses.join(' ')}`);
  for (const address of addresses) {
    const seen = await watched(context, async (page) => {
      await page.goto(`${context.url}${address}`, { waitUntil: 'load' });
    });
    assert.equal(seen, { hits: [], refused: [], dialogs: [] }, address);
  }
});

hostile('a port\'s page shows each hostile text as it is written', async (context) => {
  const index = JSON.parse(readFileSync(path.join(FIXTURE, 'index-2.json'), 'utf8')) as { ports: Array<Record<string, unknown>> };
  const port = index.ports.find((p) => p.name === 'c++@x-1.0')!;
  await watched(context, async (page) => {
    await page.goto(`${context.url}port/c%2B%2B%40x-1.0/`, { waitUntil: 'load' });
    // HTML's parser drops U+0000 from text (and only it): what else the description holds is shown.
    assert.is(await page.locator('.lead').textContent(), String(port.description).replace(/\0/g, ''));
    assert.is(await page.locator('h2:text("Description") + p').textContent(), port.long_description);
    const variants = await page.locator('.variants').textContent();
    assert.ok(variants!.includes(String((port.vinfo as Array<{ description: string }>)[0]!.description)), variants!);
    // A javascript: homepage is text, never a link.
    assert.is(await page.locator('a[href^="javascript:"]').count(), 0);
    assert.is(await page.locator('dt:text-is("Homepage") + dd').textContent(), "javascript:__xss('homepage')");
  });
});

hostile('searching for the markup shows it as text in the results', async (context) => {
  const seen = await watched(context, async (page) => {
    await page.goto(context.url!, { waitUntil: 'load' });
    await page.locator('#search').fill('onerror');
    await page.locator('#search-count').waitFor();
    assert.match((await page.locator('#main').textContent())!, "<script>__xss('description')</script>");
  });
  assert.equal(seen, { hits: [], refused: [], dialogs: [] });
});

hostile('the policy the host sends keeps a script out of a page whose text was not escaped', async (context) => {
  // A renderer's mistake, made by hand: the page as served, with a raw script and handler in it.
  const seen = await watched(context, async (page) => {
    await page.route('**/port/victim/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<main id="main" tabindex="-1">', '<main id="main" tabindex="-1"><script>__xss("inline")</script><img src="x" onerror="__xss(\'handler\')">');
      await route.fulfill({ response, body });
    });
    await page.goto(`${context.url}port/victim/`, { waitUntil: 'load' });
  });
  assert.equal(seen.hits, [], 'nothing ran');
  assert.is(seen.refused.filter((line) => line.startsWith('script-src')).length, 2, seen.refused.join('\n'));
});

hostile('the feeds and the sitemap are well-formed XML, read without complaint, with the text XML cannot hold replaced', async (context) => {
  const atom = path.join(context.site!, 'feeds/updates.atom');
  const sitemap = path.join(context.site!, 'sitemap.xml');
  execFileSync('xmllint', ['--noout', atom, sitemap]);
  const script = 'import feedparser, json, sys\nf = feedparser.parse(sys.argv[1])\nprint(json.dumps({"bozo": int(f.bozo), "titles": [e.title for e in f.entries], "summaries": [e.summary for e in f.entries]}))';
  const parsed = JSON.parse(execFileSync(PYTHON, ['-c', script, atom], { encoding: 'utf8' })) as { bozo: number; titles: string[]; summaries: string[] };
  assert.is(parsed.bozo, 0);
  const victim = parsed.titles.find((title) => title.startsWith('victim '))!;
  assert.ok(victim.includes("<script>__xss('victim-version')</script>"), victim);
  assert.ok(victim.includes('\uFFFD'.repeat(7)), `seven characters replaced: ${JSON.stringify(victim)}`);
  const summary = parsed.summaries.find((text) => text.startsWith('victim '))!;
  // The commit's C0 controls and its lone surrogates, each replaced.
  assert.ok(summary.includes("<!--&amp;\uFFFD\uFFFD\uFFFDx\uFFFD)."), JSON.stringify(summary));
  const text = readFileSync(atom, 'utf8');
  assert.not.ok(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text), 'no raw character XML cannot hold');
  const json = JSON.parse(readFileSync(path.join(context.site!, 'feeds/updates.json'), 'utf8')) as { items: Array<{ title: string }> };
  assert.equal(json.items.map((item) => item.title), parsed.titles, 'the JSON feed says the same');
});

hostile.run();
