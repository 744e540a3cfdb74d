import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serveSite } from '../../src/hosts/serve/server.js';
import { chromiumForSuite, onPage, shot, type BrowserContext } from '../support/chromium.js';
import { buildConformanceSite, serveForSuite } from '../support/suite-server.js';

/**
 * The site's browser in a real browser: Debian's Chromium driven by playwright-core, against
 * `ports-gen serve` on the conformance catalogue (five ports, one retired, two a page). Each
 * test opens a fresh page and fails on any console error or uncaught exception; screenshots of
 * the main views are left in a temporary directory for a look.
 */
const browsing = suite<BrowserContext>('the site\'s browser');

serveForSuite(browsing, async (dir) => serveSite({ dir: await buildConformanceSite(dir, 'dist'), port: 0, host: '127.0.0.1' }));
chromiumForSuite(browsing);

browsing.before((context) => {
  context.shots = mkdtempSync(path.join(tmpdir(), 'ports-gen-browser-'));
  console.log(`  screenshots: ${context.shots}`);
});

browsing('a page of another origin reads the API and the versions dump with fetch(), a preflighted request too; a header CORS does not allow is refused', async (context) => {
  // Another origin: the same host on another port, serving a page of its own.
  const elsewhere = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>elsewhere</title></html>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const page = await context.browser!.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
    const read = await page.evaluate(async (api) => {
      const name = async (init?: RequestInit) => ((await (await fetch(`${api}api/v1/ports/zlib/`, init)).json()) as { name: string }).name;
      const refused = await fetch(`${api}api/v1/ports/zlib/`, { headers: { 'X-Not-Allowed': '1' } }).then(
        () => 'read',
        (error: Error) => error.name,
      );
      const versions = (await (await fetch(`${api}dump/versions.json`)).json()) as Record<string, { version: string }>;
      return { simple: await name(), preflighted: await name({ headers: { 'X-Requested-With': 'fetch' } }), refused, zlib: versions.zlib?.version };
    }, context.url!);
    assert.equal(read, { simple: 'zlib', preflighted: 'zlib', refused: 'TypeError', zlib: '1.3.1' });
  } finally {
    await page.close();
    await new Promise((resolve) => elsewhere.close(resolve));
  }
});

browsing('the start page counts every list and links to it', async (context) => {
  await onPage(context, '', async (page) => {
    await page.getByRole('heading', { name: 'Ports', level: 1 }).waitFor();
    const rows = await page.locator('main ul.plain li').allInnerTexts();
    assert.equal(rows, ['Every port, newest first 5', 'Categories 4', 'Maintainers 3', 'Files of the builds 5']);
    assert.is(await page.locator('a.raw').getAttribute('href'), 'api/v1/');
    await shot(context, page, 'start');
  });
});

browsing('search finds a port by name as one types, the keyboard opens it, and its page links to its raw JSON', async (context) => {
  await onPage(context, '', async (page) => {
    await page.getByRole('heading', { name: 'Ports', level: 1 }).waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('zl');
    await page.locator('#search-count').getByText('1 port matches “zl”:').waitFor();
    assert.equal(await page.locator('ul.results a').allInnerTexts(), ['zlib']);
    await shot(context, page, 'search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
    assert.is(new URL(page.url()).hash, '#/ports/zlib');
    assert.is(await page.locator('a.raw').getAttribute('href'), 'api/v1/ports/zlib/');
    const raw = await page.request.get(`${context.url}api/v1/ports/zlib/`);
    assert.is(raw.status(), 200);
  });
});

browsing('search reads descriptions too, and says when nothing matches', async (context) => {
  await onPage(context, '#/search/compression%20LIBRARY', async (page) => {
    await page.locator('#search-count').waitFor();
    assert.equal(await page.locator('ul.results a').allInnerTexts(), ['zlib']);
    assert.is(await page.locator('#search').inputValue(), 'compression LIBRARY');
  });
  await onPage(context, '#/search/nothing-like-it', async (page) => {
    await page.locator('#search-count').getByText('No port matches “nothing-like-it”.').waitFor();
  });
});

browsing('a port page shows every field, and its links lead where they say', async (context) => {
  await onPage(context, '#/ports/zlib', async (page) => {
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
    const fields = await page.locator('dl.fields').first().locator('dt').allInnerTexts();
    assert.equal(fields, ['Version', 'Port directory', 'License', 'Platforms', 'Homepage', 'Categories', 'Maintainers', 'Variants']);
    await shot(context, page, 'port');
    // Depended on by SDL2: to its page, which lists zlib as a dependency, back to zlib.
    await page.getByRole('link', { name: 'SDL2' }).click();
    await page.getByRole('heading', { name: /^SDL2/, level: 1 }).waitFor();
    assert.equal(await page.locator('h2:text-is("Depended on by") + dl a').allInnerTexts(), ['libsigc++']);
    await page.locator('h2:text-is("Dependencies") + dl').getByRole('link', { name: 'zlib' }).click();
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'archivers' }).click();
    await page.getByRole('heading', { name: 'archivers', level: 1 }).waitFor();
    assert.equal(await page.locator('main ul a').allInnerTexts(), ['zlib', 'xz'], "the category's active ports");
  });
});

browsing('a retired port is shown as retired, and its maintainer page lists their ports', async (context) => {
  await onPage(context, '#/ports/zstd', async (page) => {
    await page.getByRole('heading', { name: /^zstd/, level: 1 }).waitFor();
    assert.match(await page.locator('.retired').innerText(), /^Retired: the newest PortIndex no longer lists this port/);
    assert.match(await page.locator('h1').innerText(), /retired/);
    await shot(context, page, 'retired');
    await page.getByRole('link', { name: '@jmr' }).click();
    await page.getByRole('heading', { name: '@jmr', level: 1 }).waitFor();
    assert.equal(await page.locator('section.card a').allInnerTexts(), ['xz'], 'one handle, two addresses: one person, their active ports once');
    assert.equal(await page.locator('section.card h2').allInnerTexts(), ['jmr, jeremy']);
  });
});

browsing('the ports list pages newest first, and the files list shows the builds', async (context) => {
  await onPage(context, '#/ports', async (page) => {
    await page.locator('.pager').getByText('Page 1 of 3').waitFor();
    assert.equal(await page.locator('ul.results li > span > a').allInnerTexts(), ['xz', 'zstd']);
    await page.getByRole('link', { name: 'Next →' }).click();
    await page.locator('.pager').getByText('Page 2 of 3').waitFor();
    assert.equal(await page.locator('ul.results li > span > a').allInnerTexts(), ['libsigc++', 'SDL2']);
    await page.getByRole('link', { name: 'Next →' }).click();
    await page.locator('.pager').getByText('Page 3 of 3').waitFor();
    assert.equal(await page.locator('ul.results li > span > a').allInnerTexts(), ['zlib']);
    assert.is(await page.getByRole('link', { name: 'Next →' }).count(), 0);
    await shot(context, page, 'ports-list');
  });
  await onPage(context, '#/files', async (page) => {
    await page.locator('.pager').getByText('Page 1 of 3').waitFor();
    assert.is(await page.locator('details summary').count(), 2);
  });
});

browsing('an unknown port says so, with the API\'s own words', async (context) => {
  await onPage(
    context,
    '#/ports/nosuchport',
    async (page) => {
      await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
      assert.ok(await page.getByText('No Port matches the given query.').isVisible());
    },
    { expectErrors: true }, // the browser logs the API's 404
  );
});

browsing('every fragment gives a page or a "Not found": text that is no percent-encoding, dot segments, unknown routes', async (context) => {
  for (const hash of ['#foo', '#/ports/a/b', '#/ports/%E0%A4%A', '#/category/%2e%2e', '#/category/..', '#/maintainer/.', '#/ports/.', '#/nonsense', '#/ports/zlib/extra', '#/files/2', '#/toString', '#/search/a/b']) {
    await onPage(context, hash, async (page) => {
      await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
      assert.is(await page.title(), 'Not found · Ports', hash);
      assert.ok(await page.getByRole('link', { name: 'Back to the start' }).isVisible(), hash);
    });
  }
  // A page shown before is replaced, not left standing under a new address.
  await onPage(context, '#/ports/zlib', async (page) => {
    await page.getByRole('heading', { name: 'zlib', level: 1 }).waitFor();
    await page.evaluate("location.hash = '#/ports/%E0%A4%A'");
    await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
  });
});

browsing('on a phone, in the dark: the page fits the screen', async (context) => {
  await onPage(
    context,
    '#/ports/zlib',
    async (page) => {
      await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok((overflow as number) <= 0, `no sideways scrolling (${String(overflow)} px too wide)`);
      const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
      assert.is(background, 'rgb(21, 23, 26)', 'the dark theme');
      await shot(context, page, 'port-phone-dark');
    },
    { width: 375, dark: true },
  );
});

browsing('the search box is emptied when a search is left, and filled again by Back', async (context) => {
  await onPage(context, '', async (page) => {
    await page.getByRole('heading', { name: 'Ports', level: 1 }).waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('compression lib');
    await page.locator('#search-count').getByText('1 port matches “compression lib”:').waitFor();
    assert.is(await page.locator('#search').inputValue(), 'compression lib', 'a space typed stays in the box');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
    assert.is(await page.locator('#search').inputValue(), '', 'a port opened from the results');
    await page.goBack();
    await page.locator('#search-count').waitFor();
    assert.is(await page.locator('#search').inputValue(), 'compression lib', 'Back to the search');
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    assert.is(await page.locator('#search').inputValue(), '', 'a list opened from the bar');
  });
});

browsing('counts say one port in the singular, and every count has its thousands separated', async (context) => {
  await onPage(context, '#/category/multimedia', async (page) => {
    await page.getByText('1 active port', { exact: true }).waitFor();
  });
  await onPage(context, '#/maintainer/slouken', async (page) => {
    await page.getByText('1 port, 1 active', { exact: true }).waitFor();
  });
  await onPage(context, '#/maintainers', async (page) => {
    await page.locator('.pager').waitFor();
    assert.equal(await page.locator('ul.results li').allInnerTexts(), ['@slouken sam: 1 port', '@jmr jmr: 2 ports']);
  });
  await onPage(context, '#/category/archivers', async (page) => {
    await page.route('**/api/v1/category/archivers/', (route) => route.fulfill({ json: { name: 'archivers', ports_count: 40000, ports: ['zlib'] } }));
    await page.evaluate("location.hash = '#/category/archivers?again'");
    await page.getByText('40,000 active ports', { exact: true }).waitFor();
  });
});

browsing("a port's page lists its categories and maintainers by name, one entry per GitHub handle", async (context) => {
  await onPage(context, '', async (page) => {
    const zlib = await (await page.request.get(`${context.url}api/v1/ports/zlib/`)).json();
    await page.route('**/api/v1/ports/zlib/', (route) =>
      route.fulfill({
        json: {
          ...zlib,
          categories: ['zeta', 'Alpha', 'beta'],
          maintainers: [
            { name: 'zed', github: 'zed', ports_count: 1 },
            { name: '', github: 'amy', ports_count: 1 },
            { name: 'Bob', github: 'bob', ports_count: 3 },
            { name: 'carol', github: '', ports_count: 1 },
            { name: 'bobby', github: 'bob', ports_count: 1 },
          ],
        },
      }),
    );
    await page.evaluate("location.hash = '#/ports/zlib'");
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
    assert.equal(await page.locator('dt:text-is("Categories") + dd li').allInnerTexts(), ['Alpha', 'beta', 'zeta']);
    assert.equal(await page.locator('dt:text-is("Maintainers") + dd li').allInnerTexts(), ['@amy', 'Bob, bobby (@bob)', 'carol', 'zed (@zed)']);
    assert.is(await page.getByRole('link', { name: 'Bob, bobby (@bob)' }).getAttribute('href'), '#/maintainer/bob');
    const api = await (await page.request.get(`${context.url}api/v1/ports/SDL2/`)).json();
    assert.equal(api.categories, ['multimedia', 'two words'], 'the API keeps its order');
  });
});

browsing.run();
