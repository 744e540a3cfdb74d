import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { layScriptSite, serveDirectory, synthSearchIndex } from '../../scripts/search-site.js';
import { chromiumForSuite, onPage, type BrowserContext } from '../support/chromium.js';
import { serveForSuite } from '../support/suite-server.js';

/**
 * The script on the pages of `build --pages`, in Chromium: the pages its renderers make of zlib
 * alone (see layScriptSite) with the synthetic catalogue's search index, of as few ports as the
 * checks need (a search of more than a thousand matches, whose count has its thousands
 * separated). Each page is complete without the script; the script redirects old fragment
 * links, searches as one types, and wires the keyboard and the copy button.
 */
const pages = suite<BrowserContext>('the pages\' script');

serveForSuite(pages, async (dir) => serveDirectory(layScriptSite(dir, synthSearchIndex(1_100))));
chromiumForSuite(pages);

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

pages('an old fragment link goes to its page, from the start page and from a page two levels down; other fragments stay', async (context) => {
  const redirects: Array<[string, string]> = [
    ['#/ports/zlib', '/port/zlib/'],
    ['#/ports', '/ports/'],
    ['#/search/compression%20library', '/search/?q=compression+library'], // the search page keeps ?q= as forms write it
    ['port/zlib/#/ports', '/ports/'],
    ['port/zlib/#/', '/'],
  ];
  for (const [address, expected] of redirects) {
    await onPage(context, address, async (page) => {
      await page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
      await page.locator('body[data-page]').waitFor();
      assert.not.match(page.url(), /#/, address);
    });
  }
  // The pages named that this site does not have: where they go, seen before the 404.
  const elsewhere: Array<[string, string]> = [
    ['#/category/two%20words', '/category/two%20words/'],
    ['#/maintainer/jmr', '/maintainer/jmr/'],
    ['#/ports?page=3', '/ports/3/'],
    ['port/zlib/#/ports/libsigc++', '/port/libsigc%2B%2B/'],
    ['#/files', '/api/v1/files/'],
  ];
  for (const [address, expected] of elsewhere) {
    await onPage(context, address, (page) => page.waitForURL((url) => url.pathname === expected), { expectErrors: true });
  }
  for (const address of ['port/zlib/#main', '#/nonsense', 'port/zlib/#/ports/a/b']) {
    await onPage(context, address, async (page) => {
      await page.waitForLoadState('load'); // the module script has run
      assert.is(path(page), `/${address}`, address);
    });
  }
  await onPage(context, '#/', async (page) => {
    await page.waitForFunction('location.hash === ""');
    assert.is(path(page), '/', 'the start page drops `#/`');
    assert.is(await page.evaluate('performance.getEntriesByType("navigation").length'), 1, 'and is not loaded again');
  });
});

pages('typing on a page shows the results in its place, linked to the real pages; Escape or an empty box puts the page back', async (context) => {
  await onPage(context, 'port/zlib/', async (page) => {
    await page.keyboard.press('/');
    assert.is(await page.evaluate('document.activeElement.id'), 'search');
    await page.keyboard.type('gn');
    await page.locator('#search-count').waitFor();
    assert.is(await page.locator('main h1').innerText(), 'Search');
    const first = page.locator('main ul.results a').first();
    assert.is(await first.innerText(), 'gn', 'the port named gn first');
    assert.is(await first.getAttribute('href'), '../../port/gn/');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
    assert.is(await page.locator('#search').inputValue(), '');
    assert.ok(await page.locator('button.copy').isVisible(), 'the page as it was, its button wired');
    await page.keyboard.type('gh');
    await page.locator('#search-count').waitFor();
    assert.is(await page.locator('main ul.results a').first().innerText(), 'gh');
    await page.keyboard.press('ArrowDown');
    assert.is(await page.evaluate('document.activeElement.textContent'), 'gh');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.is(await page.evaluate('document.activeElement.id'), 'search', 'Up from the first result: the box');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
  });
});

pages('the search page reads ?q=, shows the results in #results and keeps ?q= the search shown', async (context) => {
  await onPage(context, 'search/?q=gn', async (page) => {
    await page.locator('#results #search-count').waitFor();
    assert.is(await page.locator('#search').inputValue(), 'gn');
    assert.is(await page.locator('main h1').innerText(), 'Search', 'the page keeps its own content');
    assert.is(await page.locator('#results ul.results a').first().getAttribute('href'), '../port/gn/');
    await page.locator('#search').press('End');
    await page.keyboard.type(' build');
    await page.waitForFunction('location.search === "?q=gn+build"');
    await page.locator('#results #search-count').getByText(/match(es)? “gn build”/).waitFor();
    await page.locator('#search').fill('');
    await page.waitForFunction('location.search === ""');
    assert.is(await page.locator('#results').innerHTML(), '');
  });
});

pages('Enter opens the first result; without the script, the form goes to the search page', async (context) => {
  await onPage(
    context,
    'ports/',
    async (page) => {
      await page.keyboard.press('/');
      await page.keyboard.press('ArrowDown');
      assert.is(await page.evaluate('document.activeElement.id'), 'search', "the arrows do not go into the page's own list");
      await page.locator('#search').fill('gh');
      await page.locator('#search-count').waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/port/gh/');
    },
    { expectErrors: true }, // the skeleton has no page for gh
  );
  await onPage(
    context,
    'port/zlib/',
    async (page) => {
      await page.locator('#search').fill('gn build');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search/' && url.search === '?q=gn+build');
      assert.is(await page.locator('#results').innerHTML(), '', 'the search page without the script: its note, no results');
    },
    { javaScript: false },
  );
  await onPage(context, 'port/zlib/', async (page) => assert.ok(await page.locator('button.copy').isHidden(), 'without the script, no copy button'), { javaScript: false });
  await onPage(context, 'port/zlib/', async (page) => assert.ok(await page.locator('button.copy').isVisible(), 'the script shows it'));
});

pages('the box is empty after each navigation, also on a page back from the back/forward cache, but on the search page', async (context) => {
  const init = "addEventListener('pageshow', (event) => { window.shown = (window.shown || []).concat(event.persisted); });";
  await onPage(
    context,
    'port/zlib/',
    async (page) => {
      await page.locator('#search').fill('gn');
      await page.locator('#search-count').waitFor();
      await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Ports' }).click();
      await page.waitForURL((url) => url.pathname === '/ports/');
      assert.is(await page.locator('#search').inputValue(), '');
      await page.goBack();
      await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
      assert.is(await page.locator('#search').inputValue(), '');
      assert.is(await page.locator('#search-count').count(), 0, 'the page, not the results');
      const restored = (await page.evaluate('window.shown')) as boolean[];
      console.log(`  back to the port page: ${restored.at(-1) ? 'from the back/forward cache' : 'loaded again'}`);
      // As a page back from the cache finds itself: the box and the results as they were left.
      await page.locator('#search').fill('gh');
      await page.locator('#search-count').waitFor();
      await page.evaluate("dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))");
      await page.getByRole('heading', { name: /^zlib/, level: 1 }).waitFor();
      assert.is(await page.locator('#search').inputValue(), '', 'emptied when shown from the cache');
      await page.goto(`${context.url}search/?q=gh`);
      await page.locator('#search-count').waitFor();
      await page.goto(`${context.url}ports/`);
      await page.goBack();
      await page.locator('#results #search-count').waitFor();
      assert.is(await page.locator('#search').inputValue(), 'gh', 'the search page shows its ?q=');
    },
    { init },
  );
});

pages('the copy button copies the install command and says so', async (context) => {
  await onPage(context, 'port/zlib/', async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const button = page.getByRole('button', { name: 'Copy' });
    await button.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    assert.is(await page.evaluate('navigator.clipboard.readText()'), 'sudo port install zlib');
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 5000 });
  });
});

/** Shows the next results by keyboard: Tab from the last result to the button, Enter. */
async function showMore(page: Page, scope: string): Promise<void> {
  const links = page.locator(`${scope} ul.results li > span > a:first-child`);
  await links.last().focus();
  await page.keyboard.press('Tab');
  assert.match(String(await page.evaluate('document.activeElement.textContent')), /^Show \d+ more$/);
  await page.keyboard.press('Enter');
}

pages('every result can be reached: "Show 50 more" under them, by keyboard, in both kinds of site', async (context) => {
  for (const [address, scope] of [['search/?q=e', '#results'], ['browser.html#/search/e', 'main']] as const) {
    await onPage(context, address, async (page) => {
      const count = page.locator('#search-count');
      await count.waitFor();
      const total = Number(/^([\d,]+) ports match/.exec(await count.innerText())![1]!.replace(/,/g, ''));
      assert.ok(total > 1000, `${total} matches`);
      assert.match(await count.innerText(), /^\d{1,3}(,\d{3})+ ports match “e”:$/, 'thousands separated');
      const links = page.locator(`${scope} ul.results li > span > a:first-child`);
      assert.is(await links.count(), 50);
      assert.is(await page.locator('#search-shown').innerText(), `Showing 50 of ${total.toLocaleString('en-US')}`);
      await showMore(page, scope);
      assert.is(await links.count(), 100);
      assert.is(await page.evaluate('document.activeElement.textContent'), await links.nth(50).innerText(), 'the first new result has the focus');
      await showMore(page, scope);
      assert.is(await links.count(), 150);
    });
  }
  // The last page of results has no button.
  await onPage(context, 'search/?q=gn', async (page) => {
    await page.locator('#search-count').waitFor();
    const shown = await page.locator('#results ul.results li').count();
    if (shown < 50) assert.is(await page.locator('button.more').count(), 0);
  });
});

pages.run();
