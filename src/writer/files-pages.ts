import { changedWhileRead } from '../catalogue/file-identity.js';
import { scanBuilds } from '../catalogue/scan-builds.js';
import { collectGarbage } from '../core/collect-garbage.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import type { Body } from '../render/body.js';
import { FilesPager } from '../render/files-pager.js';

interface FilesPagesOptions {
  /** builds.ndjson, and its name as problems give it. */
  path: string;
  name: string;
  baseUrl: string;
  pageSize: number;
}

/**
 * How often the paging collects garbage. Its live heap is small, so a collection is cheap;
 * without it V8 keeps the heap the paging's short-lived strings grew, and the build's peak RSS
 * nearly doubles.
 */
const GC_EVERY_PAGES = 512;

export interface PagesWritten {
  pages: number;
  builds: number;
  paths: number;
}

/**
 * The files pages (docs/api.md), streamed: each build validated and paged as it is read, a page
 * handed to `write` as soon as it is full. `count`: the builds, counted ahead (see
 * file-identity), since every page carries the count. Undefined when a build has a problem.
 */
export async function writePages(options: FilesPagesOptions, count: number, write: (relative: string, body: Body) => void | Promise<void>, log: ProblemLog): Promise<PagesWritten | undefined> {
  let written = 0;
  let paths = 0;
  const pager = new FilesPager(async (file, body) => {
    await write(file, body);
    if (++written % GC_EVERY_PAGES === 0) collectGarbage();
  }, options.baseUrl, count, options.pageSize);
  let paged = 0;
  const builds = await scanBuilds(options.path, options.name, log, async (build, plain) => {
    // The build has failed, or the file has more builds than counted; keep validating, stop writing.
    if (log.errors > 0 || paged === count) return;
    paged++;
    paths += build.files.length;
    await pager.add(build, plain);
  });
  if (log.errors > 0) return undefined;
  if (builds !== count) {
    // Read as it was being written (cut short or grown since it was counted).
    log.add(changedWhileRead(options.name));
    return undefined;
  }
  await pager.finish();
  return { pages: pager.pages, builds, paths };
}
