import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSiteServer } from '../../src/hosts/serve/server.js';
import { FIXTURES } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * The pages of `build --pages` checked with the standard tools, on the pages fixture (seven
 * ports, one retired): the Nu Html Checker (vnu.jar on Java), axe-core in Debian's Chromium in
 * both colour schemes, and Chromium with JavaScript off, which must show each page whole. The
 * expected texts are written from the fixture's portindex.json, not from the pages.
 */
interface ChecksContext {
  dir?: string;
  site?: string;
  url?: string;
  server?: Server;
  browser?: Browser;
  /** A context with JavaScript off: what a reader without the script sees. */
  plain?: BrowserContext;
}

const CHROMIUM = '/usr/bin/chromium';
const BASE_URL = 'https://ports.example.org';
/** `vnu-jar`'s export is the jar's path (its own runner would download a Java when none is found). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/** The pages checked: the start page, a port, a retired port, a category, a maintainer, each list, search and 404. */
const PAGES = ['index.html', 'port/gn/index.html', 'port/gnupg1/index.html', 'category/devel/index.html', 'maintainer/ryandesign/index.html', 'ports/index.html', 'categories/index.html', 'maintainers/index.html', 'search/index.html', '404.html'];
/** An address no page has: the host answers it with the 404 page. */
const MISSING = 'port/no-such-port/';
/** A page's address below the site's root: its directory, as the pages link to it. */
const addressOf = (file: string) => (file === '404.html' ? MISSING : file.replace(/index\.html$/, ''));

const checks = suite<ChecksContext>('the pages, checked');

checks.before(async (context) => {
  context.dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-pages-'));
  const run = await runCli(['build', '--catalogue', path.join(FIXTURES, 'pages', 'catalogue'), '--out', 'site', '--pages', '--base-url', BASE_URL, '--quiet'], { cwd: context.dir });
  assert.is(run.code, 0, run.stderr);
  context.site = path.join(context.dir, 'site');
  // The built site as `ports-gen serve` answers it: the pages and the API they link to.
  context.server = createSiteServer(context.site);
  await new Promise<void>((resolve) => context.server!.listen(0, '127.0.0.1', resolve));
  context.url = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}/`;
  // Root runs Chromium only without its sandbox; the pages are our own, on loopback.
  context.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  context.plain = await context.browser.newContext({ javaScriptEnabled: false });
});

checks.after(async (context) => {
  await context.browser?.close();
  context.server?.closeAllConnections();
  await new Promise((resolve) => (context.server ? context.server.close(resolve) : resolve(undefined)));
  if (context.dir) rmSync(context.dir, { recursive: true, force: true });
});

checks('the Nu Html Checker finds no error and no warning in any page', async (context) => {
  // A page with a known error goes first: the checker must find it, or it checked nothing.
  const broken = path.join(context.dir!, 'broken.html');
  writeFileSync(broken, '<!doctype html><html lang="en"><title>broken</title><img src="x.png">');
  const files = [broken, ...PAGES.map((file) => path.join(context.site!, file))];
  const messages = await nuMessages(files);
  // The checker names a file `file:/tmp/...`.
  const fileOf = (m: NuMessage) => (m.url ? fileURLToPath(new URL(m.url)) : '(no file)');
  assert.ok(messages.some((m) => fileOf(m) === broken && /alt/.test(m.message)), `the checker missed a known error: ${JSON.stringify(messages)}`);
  const found = messages.filter((m) => fileOf(m) !== broken).map((m) => `${path.relative(context.site!, fileOf(m))}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'} ${m.subType ?? m.type}: ${m.message}\n    ${m.extract ?? ''}`);
  assert.ok(found.length === 0, `the Nu Html Checker:\n${found.join('\n')}`);
});

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** The checker's errors and warnings (not its notes) on `files`, in one run of Java. */
async function nuMessages(files: readonly string[]): Promise<NuMessage[]> {
  const { code, stdout, stderr, error } = await run('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files]);
  if (error) assert.unreachable(`java could not be run (${error.message}): the Nu Html Checker needs Java 11 or later (Debian's default-jre-headless, which .ci/run installs)`);
  let parsed: { messages: NuMessage[] };
  try {
    parsed = JSON.parse(stdout) as { messages: NuMessage[] };
  } catch {
    throw new Error(`the Nu Html Checker gave no report (exit ${String(code)}):\n${stdout}${stderr}`);
  }
  return parsed.messages.filter((m) => m.type !== 'info' || m.subType === 'warning');
}

function run(command: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string; error?: Error }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (error) => resolve({ code: null, stdout, stderr, error }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

checks('axe finds no serious or critical violation in any page, light or dark', async (context) => {
  const found = (await Promise.all((['light', 'dark'] as const).map((colorScheme) => axeFindings(context, colorScheme)))).flat();
  assert.ok(found.length === 0, `axe:\n${found.join('\n')}`);
});

/** What axe finds serious or critical in each page in `colorScheme`, the pages checked at once. */
async function axeFindings(context: ChecksContext, colorScheme: 'light' | 'dark'): Promise<string[]> {
  // With the site's script: it runs before the page's load event, which goto waits for.
  const browsing = await context.browser!.newContext({ colorScheme });
  try {
    const pages = await Promise.all(
      PAGES.map(async (file) => {
        const page = await browsing.newPage();
        await page.goto(context.url + addressOf(file));
        await page.locator('h1').waitFor();
        const results = await new AxeBuilder({ page }).analyze();
        const found = [...results.passes, ...results.violations].some((rule) => rule.id === 'color-contrast') ? [] : [`${colorScheme} ${file}: colour contrast was not checked`];
        for (const rule of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          for (const node of rule.nodes) found.push(`${colorScheme} ${file}: ${rule.id} (${rule.impact}) ${rule.help}\n    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? ''}`);
        }
        return found;
      }),
    );
    return pages.flat();
  } finally {
    await browsing.close();
  }
}

/** Opens `address` (below the site's root) with JavaScript off and runs `steps` on it. */
async function plainPage(context: ChecksContext, address: string, steps: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.plain!.newPage();
  try {
    const response = await page.goto(context.url + address);
    assert.is(response?.status(), address === MISSING ? 404 : 200, address);
    await steps(page);
  } finally {
    await page.close();
  }
}

const texts = (locator: Locator) => locator.allInnerTexts();
const h1 = (page: Page) => page.locator('h1').innerText();
/** The list that follows a heading of the main part, `dl` or `ul`, or its paragraph. */
const underHeading = (page: Page, heading: string, what: string) => page.locator(`main h2:text-is("${heading}") + ${what}`);

/** A definition list as its terms and their details' texts, in order. */
async function definitions(list: Locator): Promise<Array<[string, string]>> {
  const [terms, details] = [await texts(list.locator('dt')), await texts(list.locator('dd'))];
  assert.is(terms.length, details.length, 'each term has its details');
  return terms.map((term, i) => [term, details[i]!]);
}

/** Follows the link named `name` in `within`, which must lead to `address`, and waits for its page. */
async function follow(page: Page, within: Locator, name: string, address: string, context: ChecksContext): Promise<void> {
  await Promise.all([page.waitForURL(context.url + address), within.getByRole('link', { name, exact: true }).click()]);
  await page.locator('h1').waitFor();
}

checks('without JavaScript, the start page shows its counts and the newest ports', async (context) => {
  await plainPage(context, '', async (page) => {
    assert.is(await h1(page), 'Ports');
    assert.match(await page.locator('main p').first().innerText(), /^7 ports \(6 active ports\) in 7 categories, by 4 maintainers\./);
    // Newest first: the catalogue's last ports.
    assert.equal(await texts(page.locator('main ul.results li > a:first-child')), ['gnupg2', 'gnupg1', 'graphviz', 'gh', 'go', 'gn', 'ninja']);
    assert.match(await page.locator('main ul.results li').nth(1).innerText(), /^gnupg1 retired\nGNU Privacy Guard \(legacy version\)$/);
  });
});

checks('without JavaScript, a port page shows every field, the install command, the variants and the dependencies as links that lead there', async (context) => {
  await plainPage(context, 'port/gn/', async (page) => {
    assert.is(await h1(page), 'gn 20240416');
    assert.is(await page.locator('main p.lead').innerText(), 'Meta-build system that generates build files for Ninja');
    assert.is(await page.locator('#install').innerText(), 'sudo port install gn');
    assert.ok(await page.getByRole('button', { name: 'Copy' }).isHidden(), 'no copy button that cannot work');
    assert.equal(await definitions(page.locator('main dl.fields').first()), [
      ['Version', '20240416'],
      ['License', 'BSD'],
      ['Platforms', 'darwin'],
      ['Homepage', 'https://gn.googlesource.com/gn/'],
      ['Categories', 'devel'],
      // One handle listed with two addresses: one entry.
      ['Maintainers', '@ryandesign (GitHub)'],
      ['Portfile', 'devel/gn/Portfile'],
    ]);
    assert.equal(await definitions(underHeading(page, 'Variants', 'dl')), [['debug', 'Build with debugging symbols']]);
    assert.equal(await definitions(underHeading(page, 'Dependencies', 'dl')), [['Runtime', 'ninja']]);
    assert.is(await underHeading(page, 'Depended on by', 'p').innerText(), 'No port depends on this one.');
    await follow(page, underHeading(page, 'Dependencies', 'dl'), 'ninja', 'port/ninja/', context);
    assert.is(await h1(page), 'ninja 1.12.1');
    assert.equal(await definitions(underHeading(page, 'Depended on by', 'dl')), [['Build', 'graphviz'], ['Runtime', 'gn']]);
    await follow(page, underHeading(page, 'Depended on by', 'dl'), 'graphviz', 'port/graphviz/', context);
    // Variants described in the converter's Tcl text, one without a description.
    assert.equal(await definitions(underHeading(page, 'Variants', 'dl')), [['universal', 'Build for multiple architectures'], ['x11', 'Enable X11 support'], ['gs', 'no description']]);
    assert.is(await underHeading(page, 'Description', 'p').innerText(), 'Graphviz is open source graph visualization software: it draws graphs given in the DOT language as <svg>, PNG & PDF.');
    assert.equal(await texts(page.locator('main dl.fields').first().locator('dt:text-is("Categories") + dd a')), ['graphics', 'science']);
  });
});

checks('without JavaScript, a retired port says so and links to the port that replaces it', async (context) => {
  await plainPage(context, 'port/gnupg1/', async (page) => {
    assert.is(await h1(page), 'gnupg1 1.4.23 retired');
    const banner = page.locator('main .retired');
    assert.is(await banner.innerText(), 'Retired. The newest PortIndex no longer lists this port: this page shows it as it was last published. It is replaced by gnupg2.');
    assert.equal(await texts(page.locator('main dl.fields').first().locator('dt:text-is("Categories") + dd a')), ['mail', 'security']);
    await follow(page, banner, 'gnupg2', 'port/gnupg2/', context);
    assert.is(await h1(page), 'gnupg2 2.4.7');
    assert.is(await page.locator('main .retired').count(), 0);
  });
});

checks('without JavaScript, a category and a maintainer list their active ports by name', async (context) => {
  await plainPage(context, 'category/devel/', async (page) => {
    assert.is(await h1(page), 'devel');
    assert.is(await page.locator('main p.muted').innerText(), '3 active ports, 3 ports in all. JSON');
    assert.equal(await texts(page.locator('main ul.results li')), ['gh\nGitHub\'s official command line tool', 'gn\nMeta-build system that generates build files for Ninja', 'ninja\na small build system closest in spirit to Make']);
  });
  await plainPage(context, 'maintainer/ryandesign/', async (page) => {
    assert.is(await h1(page), '@ryandesign');
    assert.is(await page.locator('main p.muted').innerText(), '3 active ports. GitHub account · JSON');
    assert.equal(await texts(page.locator('main ul.results li > a')), ['gn', 'graphviz', 'ninja']);
  });
});

checks('without JavaScript, the lists show every entry by name, letter case aside', async (context) => {
  await plainPage(context, 'ports/', async (page) => {
    assert.is(await h1(page), 'Ports');
    assert.is(await page.locator('main p.muted').innerText(), '7 ports, by name.');
    assert.equal(await texts(page.locator('main ul.results li > a')), ['gh', 'gn', 'gnupg1', 'gnupg2', 'go', 'graphviz', 'ninja']);
  });
  await plainPage(context, 'categories/', async (page) => {
    assert.is(await page.locator('main p.muted').first().innerText(), '7 categories, by name.');
    assert.equal(await texts(page.locator('main ul.results li')), ['devel 3 ports', 'graphics 1 port', 'lang 1 port', 'mail 2 ports', 'net 1 port', 'science 1 port', 'security 2 ports']);
  });
  await plainPage(context, 'maintainers/', async (page) => {
    assert.is(await page.locator('main p.muted').first().innerText(), '4 maintainers, by name.');
    assert.equal(await texts(page.locator('main ul.results li')), ['@dgilman 1 active port', '@herbygillot 2 active ports', '@Ionic 1 active port', '@ryandesign 3 active ports']);
  });
});

checks('without JavaScript, search says it needs it and links to the lists; the 404 page links home', async (context) => {
  await plainPage(context, 'search/', async (page) => {
    assert.is(await h1(page), 'Search');
    assert.is(await page.locator('main p').innerText(), 'Searching needs JavaScript. Browse every port by name, the categories, the maintainers instead.');
  });
  await plainPage(context, MISSING, async (page) => {
    assert.is(await h1(page), 'Not found');
    await follow(page, page.locator('main'), 'the start page', '', context);
    assert.is(await h1(page), 'Ports');
  });
});

checks('every link of the pages to the site (stylesheet and JSON alternates too) leads to a page or file of it', async (context) => {
  const targets = new Set<string>();
  for (const file of PAGES) {
    await plainPage(context, addressOf(file), async (page) => {
      // A link within the page (`#main`) leads to the page itself, checked on its own.
      const links = await page.locator('a[href], link[href]').evaluateAll((links) => links.map((a) => [a.getAttribute('href')!, (a as unknown as { href: string }).href]));
      for (const [attribute, href] of links) {
        if (!attribute!.startsWith('#') && href!.startsWith(context.url!)) targets.add(href!.replace(/#.*/, ''));
      }
    });
  }
  const broken: string[] = [];
  for (const target of targets) {
    const response = await context.plain!.request.get(target, { maxRedirects: 0 });
    if (response.status() !== 200) broken.push(`${target}: ${response.status()}`);
  }
  for (const known of ['port/ninja/', 'category/devel/', 'maintainer/Ionic/', 'api/v1/ports/gn/', 'api/v1/openapi.json', 'browser/style.css']) assert.ok(targets.has(context.url + known), known);
  assert.equal(broken, []);
});

checks.run();
