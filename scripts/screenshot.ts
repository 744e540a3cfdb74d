/**
 * The README's picture of the site's browser: builds the sample catalogue into a temporary
 * directory, serves it, and has Debian's Chromium (driven by playwright-core, as the browser
 * tests do) take a port's page into docs/browser-port.png. `npm run screenshot`, after a build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildSite } from '../src/build/build.js';
import { serveSite } from '../src/hosts/serve/server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = process.argv[2] ?? 'libarchive';

const dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-screenshot-'));
try {
  const built = await buildSite({ cwd: ROOT, catalogue: 'catalogue', out: path.join(dir, 'dist'), baseUrl: 'http://localhost:8080', pageSize: 50, strict: false });
  if (!built.ok) throw new Error('the sample catalogue did not build');
  const running = await serveSite({ dir: path.join(dir, 'dist'), port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 960, height: 720 } });
    await page.goto(`${running.url}#/ports/${encodeURIComponent(PORT)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: path.join(ROOT, 'docs', 'browser-port.png') });
    console.log(`docs/browser-port.png: the page of ${PORT}`);
  } finally {
    await browser.close();
    await running.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
