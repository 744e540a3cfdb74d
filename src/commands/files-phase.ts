import { createHash } from 'node:crypto';
import type { ProblemLog } from '../problems/problem-log.js';
import { countRecords } from '../read/read-lines.js';
import { PAGES_FORMAT } from '../render/files-page.js';
import type { Progress } from '../report/progress.js';
import { pageFile } from '../routes/site-files.js';
import { fileExists, scanBuilds } from '../validate/scan-builds.js';
import { VERSION } from '../version.js';
import { collectGarbage } from '../write/collect-garbage.js';
import { FilesPager } from '../write/files-pager.js';
import type { FilesInfo } from '../write/manifest.js';
import { PreviousTree } from '../write/previous-tree.js';
import type { SiteWriter } from '../write/site-writer.js';

export interface FilesPhaseOptions {
  buildsPath: string;
  buildsName: string;
  /** The live output, whose pages are carried over when nothing that shapes them changed. */
  out: string;
  baseUrl: string;
  pageSize: number;
}

/**
 * How often the files phase collects garbage. Its live heap is small, so a collection is
 * cheap; with it the peak RSS of `npm run bench` fell from 561 MB to about 300 MB.
 */
const GC_EVERY_PAGES = 256;

/**
 * The files pages (SPEC 2.3). One pass over `builds.ndjson` counts the builds and digests its
 * bytes; when the digest and the options equal the previous build's and its pages are intact,
 * they are carried over as they are (a rebuild after a port changed does not parse millions of
 * paths again). Otherwise the builds are streamed, validated and paged.
 */
export async function writeFilesPhase(options: FilesPhaseOptions, writer: SiteWriter, log: ProblemLog, progress: Progress): Promise<FilesInfo | undefined> {
  progress.phase('counting builds');
  const digest = createHash('sha256');
  const present = await fileExists(options.buildsPath);
  const count = present ? await countRecords(options.buildsPath, digest) : 0;
  const settings = JSON.stringify([PAGES_FORMAT, VERSION, options.pageSize, options.baseUrl, present]);
  const key = digest.update(settings).digest('base64url');

  const carried = carriedPages(options.out, key);
  if (carried) {
    progress.phase('builds unchanged');
    await writer.carry(pageFiles(carried.pages));
    return carried;
  }

  progress.phase('writing builds', count);
  let pagesWritten = 0;
  let paths = 0;
  const pager = new FilesPager(async (file, body) => {
    await writer.write(file, body);
    // A full collection now and then keeps the heap of this phase flat, whatever V8's
    // growth heuristics make of hundreds of megabytes of short-lived strings.
    if (++pagesWritten % GC_EVERY_PAGES === 0) collectGarbage();
  }, options.baseUrl, count, options.pageSize);
  const builds = await scanBuilds(options.buildsPath, options.buildsName, log, async (build) => {
    if (log.errors > 0) return; // the build has failed; keep validating, stop writing
    paths += build.files.length;
    progress.advance();
    await pager.add(build);
  });
  if (log.errors > 0) return undefined;
  await pager.finish();
  return { key, pages: pager.pages, builds, paths };
}

function pageFiles(pages: number): string[] {
  return Array.from({ length: pages }, (_, i) => pageFile(i + 1));
}

/** The previous build's files info, when it was made from the same key and every page is intact. */
function carriedPages(out: string, key: string): FilesInfo | undefined {
  const live = PreviousTree.open(out, false);
  const info = live?.marker.filesInfo;
  if (!live || info?.key !== key) return undefined;
  const intact = pageFiles(info.pages).every((file) => {
    const hash = live.hashOf(file);
    return hash !== undefined && live.trustedFile(file, hash) !== undefined;
  });
  return intact ? info : undefined;
}
