import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ServerContext } from './suite-server.js';

/** Debian's Chromium, driven by playwright-core, for the tests of the site's script. */
export interface BrowserContext extends ServerContext {
  browser?: Browser;
  shots?: string;
}

const CHROMIUM = '/usr/bin/chromium';

/** Gives a suite one Chromium for all its tests, closed afterwards. */
export function chromiumForSuite<C extends BrowserContext>(suite: Test<C>): void {
  suite.before(async (context) => {
    // Root runs Chromium only without its sandbox; the pages are our own, on loopback.
    context.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  suite.after(async (context) => {
    await context.browser?.close();
  });
}

export interface PageOptions {
  expectErrors?: boolean;
  width?: number;
  dark?: boolean;
  /** A script run in the page before its own (Playwright's addInitScript). */
  init?: string;
  /** false: the page as a browser without JavaScript reads it. */
  javaScript?: boolean;
}

/** Runs `steps` on a new page at the site's `address`; no console error or page error may happen meanwhile. */
export async function onPage(context: BrowserContext, address: string, steps: (page: Page) => Promise<void>, options: PageOptions = {}): Promise<void> {
  const page = await context.browser!.newPage({
    viewport: { width: options.width ?? 1100, height: 800 },
    colorScheme: options.dark ? 'dark' : 'light',
    javaScriptEnabled: options.javaScript ?? true,
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    if (options.init) await page.addInitScript(options.init);
    await page.goto(`${context.url}${address}`);
    await steps(page);
    if (!options.expectErrors) assert.equal(errors, [], 'no console errors');
  } finally {
    await page.close();
  }
}

export const shot = (context: BrowserContext, page: Page, name: string) => page.screenshot({ path: path.join(context.shots!, `${name}.png`), fullPage: true });
