import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Progress } from '../../src/report/progress.js';
import { pageFile } from '../../src/routes/site-files.js';
import { stateDirectory } from '../../src/write/tree-roles.js';

/**
 * Blocks this thread until the writer thread has placed files page `page` in a staging tree
 * that `stagings` lists (see Prepager), as a build reading many ports would stand still
 * meanwhile; fails after 30 s. A fixed pause would be too short on a busy machine.
 */
export function waitForPage(stagings: () => string[], page: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const started = Date.now(); !stagings().some((staging) => existsSync(path.join(staging, pageFile(page)))); ) {
    if (Date.now() - started > 30_000) throw new Error(`the writer thread did not page ahead to page ${page}`);
    Atomics.wait(pause, 0, 0, 10);
  }
}

/**
 * A build's progress that, before its plan, waits for the writer thread to page ahead to
 * `page` (see waitForPage) in the new tree beside `out`.
 */
export function pagingAhead(out: string, page: number): Progress {
  const state = stateDirectory(out);
  const stagings = () => readdirSync(state).filter((name) => name.startsWith('new')).map((name) => path.join(state, name));
  return { phase: (name: string) => void (name === 'planning' && page > 0 && waitForPage(stagings, page)), advance: () => {}, end: () => {} };
}
