/**
 * Search as one types, timed in Chromium (Debian's, driven by playwright-core): a site whose
 * search index is the synthetic catalogue's at `--ports` ports (see search-site), eight queries
 * typed key by key after two keys to warm up, on the search page, on a port's page and in the
 * fragment browser. Each keystroke is timed in the page, independently of the script: from the
 * `input` event's time stamp (when the key was taken, so a wait for the page counts too) to the
 * last change a MutationObserver sees it make. Prints the median, the 90th percentile and the
 * slowest keystroke of each, and exits 1 when the slowest is over the target (docs/benchmark.md,
 * "Search in the browser"). What each keystroke shows is test/browser/browser-search.test.ts's to check.
 *
 *   npm run build && node build/scripts/bench-search.js [--ports 40000] [--target-ms 30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { layScriptSite, serveDirectory, synthSearchIndex } from './search-site.js';

const { values } = parseArgs({ options: { ports: { type: 'string', default: '40000' }, 'target-ms': { type: 'string', default: '30' } } });
const ports = Number(values.ports);
const target = Number(values['target-ms']);
const QUERIES = ['gn', 'gh', 'lib', 'python', 'compression library', 'a', 'e', 'zzzz'];
const PLACES = [
  ['the search page', 'search/'],
  ["a port's page", 'port/zlib/'],
  ['the fragment browser', 'browser.html#/search/x'],
] as const;

/** Records, for the last keystroke, its query, when the page last changed after it, and the results' count the script says it showed. */
const TIMING = `
  addEventListener('input', (event) => {
    window.keystroke = { query: event.target.value, start: event.timeStamp };
  }, true);
  new MutationObserver(() => {
    if (window.keystroke) window.keystroke.changed = performance.now() - window.keystroke.start;
  }).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('ports:results', (event) => {
    if (window.keystroke) window.keystroke.total = event.detail.total;
  });
`;

interface Keystroke {
  query: string;
  changed: number;
  total: number;
}

/** Types each query key by key over the box's text (its first key replaces it), waiting for each key's results; the keystrokes' figures. */
async function typeQueries(page: Page): Promise<Keystroke[]> {
  const box = page.locator('#search');
  // The index loaded and the code warmed by a few keystrokes of both kinds (one letter, more), not timed.
  await box.selectText();
  for (const key of 'wa') await page.keyboard.type(key);
  await page.waitForFunction('window.keystroke?.query === "wa" && window.keystroke.total !== undefined');
  const keystrokes: Keystroke[] = [];
  for (const query of QUERIES) {
    await box.selectText();
    for (let typed = 1; typed <= query.length; typed++) {
      await page.keyboard.type(query[typed - 1]!);
      const handle = await page.waitForFunction((value) => {
        const last = (globalThis as unknown as { keystroke?: Keystroke }).keystroke;
        return last?.query === value && last.total !== undefined && last.changed !== undefined && last;
      }, query.slice(0, typed));
      keystrokes.push((await handle.jsonValue()) as Keystroke);
    }
  }
  return keystrokes;
}

function figures(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, 90th ${at(0.9).toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`;
}

const dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-bench-search-'));
const site = await serveDirectory(layScriptSite(dir, synthSearchIndex(ports)));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
let over = false;
try {
  console.log(`search as one types, ${ports.toLocaleString('en-US')} ports, target ${target} ms for the slowest keystroke`);
  for (const [place, address] of PLACES) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    try {
      await page.addInitScript(TIMING);
      await page.goto(`${site.url}${address}`);
      await page.locator('#search').focus();
      const keystrokes = await typeQueries(page);
      const slowest = keystrokes.reduce((a, b) => (b.changed > a.changed ? b : a));
      over ||= slowest.changed > target;
      console.log(`  ${place}: ${keystrokes.length} keystrokes, ${figures(keystrokes.map((k) => k.changed))} (“${slowest.query}”, ${slowest.total.toLocaleString('en-US')} results)`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
}
if (over) {
  console.log(`over the target: a keystroke took more than ${target} ms`);
  process.exitCode = 1;
}
