import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { serveSite } from '../../src/hosts/serve/server.js';
import { chromiumForSuite, onPage, type BrowserContext } from '../support/chromium.js';
import { FIXTURES } from '../support/paths.js';
import { serveForSuite } from '../support/suite-server.js';

/**
 * The script on the pages `build --pages` really writes (the pages fixture's catalogue, served by
 * `ports-gen serve`), in Chromium: what test/browser-pages.test.ts checks on pages rendered
 * alone, seen again on a whole site built and served as users do.
 */
const built = suite<BrowserContext>('the script on the pages of build --pages');

serveForSuite(built, async (dir) => {
  const result = await buildSite({ cwd: dir, catalogue: path.join(FIXTURES, 'pages', 'catalogue'), out: 'dist', baseUrl: 'http://127.0.0.1:8080', pageSize: 50, strict: true, pages: true, dumps: false });
  assert.ok(result.ok, result.log.kept.map((p) => p.message).join('\n'));
  return serveSite({ dir: path.join(dir, 'dist'), port: 0, host: '127.0.0.1' });
});
chromiumForSuite(built);

built('old fragment links go to the pages', async (context) => {
  for (const [address, expected] of [
    ['#/ports/gn', '/port/gn/'],
    ['#/search/gn', '/search/?q=gn'],
    ['port/gn/#/maintainer/ryandesign', '/maintainer/ryandesign/'],
    ['port/gn/#/categories', '/categories/'],
  ]) {
    await onPage(context, address!, async (page) => {
      await page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
      await page.locator('body[data-page]').waitFor();
    });
  }
});

built('search as one types on a port page, Enter to the first result, Back to the page as it was; the copy button', async (context) => {
  await onPage(context, 'port/graphviz/', async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.keyboard.press('/');
    await page.keyboard.type('gn');
    await page.locator('#search-count').getByText('3 ports match “gn”:').waitFor();
    assert.equal(await page.locator('main ul.results li > span > a:first-child').allInnerTexts(), ['gn', 'gnupg1', 'gnupg2']);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: /^graphviz/, level: 1 }).waitFor();
    await page.keyboard.type('gh');
    await page.locator('#search-count').waitFor();
    assert.is(await page.locator('main ul.results a').first().innerText(), 'gh', 'gh first');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/port/gh/');
    assert.is(await page.locator('#search').inputValue(), '');
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    assert.is(await page.evaluate('navigator.clipboard.readText()'), 'sudo port install gh');
    await page.goBack();
    await page.getByRole('heading', { name: /^graphviz/, level: 1 }).waitFor();
    assert.is(await page.locator('#search').inputValue(), '');
    assert.is(await page.locator('#search-count').count(), 0);
  });
});

built('the search page shows ?q=; the page for unknown addresses links its results from the root', async (context) => {
  await onPage(context, 'search/?q=gn', async (page) => {
    await page.locator('#results #search-count').waitFor();
    assert.is(await page.locator('#results ul.results a').first().getAttribute('href'), '../port/gn/');
  });
  await onPage(
    context,
    'no/such/page/',
    async (page) => {
      await page.locator('#search').fill('gh');
      await page.locator('#search-count').waitFor();
      await page.locator('main ul.results a').first().click();
      await page.waitForURL((url) => url.pathname === '/port/gh/');
      await page.getByRole('heading', { name: /^gh/, level: 1 }).waitFor();
    },
    { expectErrors: true }, // the browser logs the 404 of the address
  );
});

built.run();
