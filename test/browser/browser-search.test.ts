import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { layScriptSite, serveDirectory, synthSearchIndex } from '../../scripts/search-site.js';
import { indexed, search, SHOWN, type SearchEntry } from '../../src/browser/search.js';
import { chromiumForSuite, onPage, type BrowserContext } from '../support/chromium.js';
import { serveForSuite } from '../support/suite-server.js';

/**
 * Search as one types, in Chromium: after every key, the page shows the results of what the box
 * then holds (its count and its first ports, in order, as the search ranks them), on the pages
 * and in the fragment browser, whatever came before. The site is as small as that check allows:
 * more matches than a page of results shows for some keys, none for others. How fast a key
 * shows its results is the benchmark's (scripts/bench-search.ts), not a test's.
 */
const PORTS = 200;
const QUERIES = ['gn', 'gh', 'lib', 'python', 'compression library', 'a', 'e', 'zzzz'];
const INDEX = synthSearchIndex(PORTS);
const SEARCHED = indexed(JSON.parse(INDEX) as SearchEntry[]);

const typing = suite<BrowserContext>('search as one types');

serveForSuite(typing, async (dir) => serveDirectory(layScriptSite(dir, INDEX)));
chromiumForSuite(typing);

/** Records each search the script shows: its query and count, as it says (RESULTS_SHOWN), and the ports the page then lists. */
const RECORD = `
  window.shown = [];
  document.addEventListener('ports:results', (event) => {
    const names = [...document.querySelectorAll('ul.results li > span > a:first-child')].map((a) => a.textContent);
    window.shown.push({ query: event.detail.query, total: event.detail.total, names });
  });
`;

interface Shown {
  query: string;
  total: number;
  names: string[];
}

/** What the page must show for `query`: the search's count and its first page of ports. */
function expected(query: string): Shown {
  const found = search(SEARCHED, query.trim());
  return { query: query.trim(), total: found.total, names: found.slice(0, SHOWN).map((port) => port.name) };
}

/** Types each query key by key over the box's text (its first key replaces it): what the page showed after each key, and what it should have. */
async function typeQueries(page: Page): Promise<Array<[Shown, Shown]>> {
  const box = page.locator('#search');
  const seen: Array<[Shown, Shown]> = [];
  for (const query of QUERIES) {
    await box.selectText();
    for (let typed = 1; typed <= query.length; typed++) {
      const before = (await page.evaluate('window.shown.length')) as number;
      await page.keyboard.type(query[typed - 1]!);
      // The search this key made: the first shown after it, of what the box now holds.
      const handle = await page.waitForFunction(
        ([count, value]) => (globalThis as unknown as { shown: Shown[] }).shown.slice(count).find((shown) => shown.query === value),
        [before, query.slice(0, typed).trim()] as const,
      );
      seen.push([(await handle.jsonValue()) as Shown, expected(query.slice(0, typed))]);
    }
  }
  return seen;
}

typing('every key shows the results of what the box then holds, on the pages and in the fragment browser', async (context) => {
  for (const [mode, address] of [
    ['pages (search page)', 'search/'],
    ['pages (a port page)', 'port/zlib/'],
    ['fragment browser', 'browser.html#/search/x'],
  ] as const) {
    await onPage(
      context,
      address,
      async (page) => {
        await page.locator('#search').focus();
        const seen = await typeQueries(page);
        for (const [shown, wanted] of seen) assert.equal(shown, wanted, `${mode}: “${wanted.query}”`);
        const totals = new Map(seen.map(([shown]) => [shown.query, shown.total]));
        assert.ok(totals.get('a')! > SHOWN, `“a” matches more ports than a page of results shows (${totals.get('a')})`);
        assert.is(totals.get('zzzz'), 0);
        assert.is(seen.find(([shown]) => shown.query === 'gn')![0].names[0], 'gn', 'the port named gn first');
      },
      { init: RECORD },
    );
  }
});

typing('the search index at 40,000 ports is under 1 MB compressed', () => {
  const index = synthSearchIndex(40_000);
  const gzip = gzipSync(index, { level: 9 }).length;
  const brotli = brotliCompressSync(index).length;
  console.log(`  browser/search.json at 40,000 ports: ${(index.length / 1e6).toFixed(2)} MB, gzip -9 ${(gzip / 1e6).toFixed(2)} MB, Brotli (quality 11) ${(brotli / 1e6).toFixed(2)} MB`);
  assert.ok(gzip < 1_000_000, `gzip -9: ${gzip} bytes`);
});

typing.run();
