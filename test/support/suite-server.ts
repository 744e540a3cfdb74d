import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { CONFORMANCE, CONFORMANCE_BASE_URL, CONFORMANCE_PAGE_SIZE } from '../conformance/check.js';

export interface Running {
  url: string;
  close: () => Promise<void>;
}

export interface ServerContext {
  url?: string;
}

/**
 * Builds the conformance catalogue into `dir/out` (strict: it must build cleanly). `link`: as
 * `build` does by default; a Netlify site is built as netlify.toml says, without (`--no-link`).
 * `precompress`: with `.gz` and `.br` beside each file, as for nginx.
 */
export async function buildConformanceSite(dir: string, out: string, link = true, precompress = false): Promise<string> {
  const result = await buildSite({
    cwd: dir,
    catalogue: path.join(CONFORMANCE, 'catalogue'),
    out,
    baseUrl: CONFORMANCE_BASE_URL,
    pageSize: CONFORMANCE_PAGE_SIZE,
    strict: true,
    link,
    precompress,
  });
  assert.ok(result.ok);
  return path.join(dir, out);
}

/**
 * Gives a suite one server for all its tests: `start` runs before them in a fresh temporary
 * directory; afterwards the server is closed and the directory removed, whatever the results.
 */
export function serveForSuite<C extends ServerContext>(suite: Test<C>, start: (dir: string) => Promise<Running>): void {
  let dir: string | undefined;
  let running: Running | undefined;
  suite.before(async (context) => {
    dir = mkdtempSync(path.join(tmpdir(), 'ports-gen-test-'));
    running = await start(dir);
    context.url = running.url;
  });
  suite.after(async () => {
    await running?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}
