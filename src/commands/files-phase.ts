import { createHash } from 'node:crypto';
import type { ProblemLog } from '../problems/problem-log.js';
import { identifyFile, type FileIdentity, type FileSurvey } from '../read/file-identity.js';
import { PAGES_FORMAT } from '../render/files-page.js';
import type { Progress } from '../report/progress.js';
import { pageFiles } from '../routes/site-files.js';
import { scanBuilds } from '../validate/scan-builds.js';
import { VERSION } from '../version.js';
import { collectGarbage } from '../write/collect-garbage.js';
import { FilesPager } from '../write/files-pager.js';
import type { FilesInfo } from '../write/manifest.js';
import type { LiveTree } from '../write/write-protocol.js';
import type { SiteWriter } from '../write/site-writer.js';
import { recalledIdentity, recordIdentity } from '../write/spare.js';

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
 * cheap; with it the peak RSS of `npm run bench` fell from 561 MB to about 300 MB. Every 512
 * pages rather than 256: a third fewer full collections' time (1x: 260 -> 196 ms; 4x: 680 ->
 * 373 ms), peak RSS with 4x the builds 204-207 MB against 205; every 1,024: 213-215 MB.
 */
const GC_EVERY_PAGES = 512;

/**
 * The files pages (SPEC 2.3). When `builds.ndjson` (by its digest, see file-identity) and the
 * options are those of the previous build, and its pages are intact, they are carried over as
 * they are: a rebuild after a port changed does not parse millions of paths again. Otherwise
 * they are streamed, validated and paged, their count taken from the file's survey.
 */
export async function writeFilesPhase(
  options: FilesPhaseOptions,
  previous: Promise<PreviousFiles>,
  writer: SiteWriter,
  log: ProblemLog,
  progress: Progress,
): Promise<FilesInfo | undefined> {
  progress.phase('digesting builds');
  const { identity, carried, known } = await previous;
  identity.then((source) => source !== known && recordIdentity(options.out, options.buildsPath, source)).catch(() => undefined);
  if (carried) {
    progress.phase('builds unchanged');
    const refused = await writer.carry(pageFiles(carried.pages));
    if (refused.length > 0) throw new Error(`${refused[0]} of the previous build changed while this build ran`);
    return carried;
  }

  collectGarbage(); // the ports' records and derived tables are garbage now, before the paging's churn
  // The records were counted with the digest (on the writer thread while the ports were read,
  // or by a build before this one): every page carries the count.
  progress.phase('counting builds');
  const { records: count } = await identity;
  progress.phase('writing builds', count);
  let pagesWritten = 0;
  let paths = 0;
  const pager = new FilesPager(async (file, body) => {
    await writer.write(file, body);
    // A full collection now and then keeps the heap of this phase flat, whatever V8's
    // growth heuristics make of hundreds of megabytes of short-lived strings.
    if (++pagesWritten % GC_EVERY_PAGES === 0) collectGarbage();
  }, options.baseUrl, count, options.pageSize);
  const builds = await scanBuilds(options.buildsPath, options.buildsName, log, async (build, plain) => {
    if (log.errors > 0) return; // the build has failed; keep validating, stop writing
    paths += build.files.length;
    progress.advance();
    await pager.add(build, plain);
  });
  const source = await identity;
  if (log.errors > 0) return undefined;
  await pager.finish();
  return { key: keyOf(options, source), pages: pager.pages, builds, paths };
}

/** Everything that shapes the pages' bytes. */
function keyOf(options: FilesPhaseOptions, source: FileIdentity): string {
  const settings = JSON.stringify([PAGES_FORMAT, VERSION, options.pageSize, options.baseUrl, source.digest]);
  return createHash('sha256').update(settings).digest('base64url');
}

export interface PreviousFiles {
  identity: Promise<FileIdentity>;
  known?: FileIdentity;
  /** The previous build's files info, when its pages can be carried over. */
  carried?: FilesInfo;
}

/**
 * Compares `builds.ndjson` and the options with the previous build's (`live`, as the writer
 * thread found the live tree). Called as the build starts: a survey (digest and records), when
 * one is needed, is asked of the writer thread (by `survey`) at once, ahead of the directories
 * and files the reading of the ports will send it. With no previous build to compare with,
 * nothing waits for it until the builds are paged, which needs their count; its digest is
 * recorded for the next build.
 */
export async function comparePrevious(
  options: FilesPhaseOptions,
  live: Promise<LiveTree | undefined>,
  survey: (path: string) => Promise<FileSurvey>,
): Promise<PreviousFiles> {
  const known = recalledIdentity(options.out, options.buildsPath);
  const identity = identifyFile(options.buildsPath, known, Date.now, survey);
  identity.catch(() => undefined); // awaited when the builds are paged; a build that throws before then does not wait
  const previous = await live;
  if (!previous?.filesInfo) return { identity, known };
  const source = await identity;
  const carried = previous.pagesIntact && keyOf(options, source) === previous.filesInfo.key ? previous.filesInfo : undefined;
  return { identity, known, carried };
}
