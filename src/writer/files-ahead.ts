/**
 * The files pages, made ahead on the writer thread: as soon as builds.ndjson is surveyed and the
 * trees on disk are read, while the main thread reads the ports and this thread has little else
 * to do. Each page goes to the build's scratch directory with its hash; the new tree takes them
 * when it is finished (see WriterSession.finish), kept, linked or moved in by placeMade's rules.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FileSurvey } from '../catalogue/file-identity.js';
import { contentHash } from '../core/content-hash.js';
import { ProblemLog, type ProblemsFound } from '../core/problems/problem-log.js';
import { pageCount } from '../render/files-page.js';
import { pagesKey } from '../render/files-pager.js';
import { pageFiles } from '../routes/site-files.js';
import { writeNew } from './executor.js';
import type { PagesWritten } from './files-pages.js';
import { pagesInPlace, type OnDisk } from './plan.js';
import { BatchEncoder } from './thread/batch-encoder.js';
import type { Held } from './trees/trust.js';

/** Where the pages are made ahead, in the build's scratch directory (see WorkerSetup.scratch): `page-N.json`. */
export function pagesAheadIn(scratch: string): string {
  return path.join(scratch, 'files-pages');
}

/** What the build asks of the files pages (see SiteWriter.pageFiles). */
export interface PagesRequest {
  /** builds.ndjson, and its name as problems give it. */
  path: string;
  name: string;
  baseUrl: string;
  pageSize: number;
  /** Its survey, when the build knows it without reading the file; else the one this thread made (see WriterSession.noteSurvey). */
  survey: FileSurvey | undefined;
}

/** What came of the request. */
export interface PagesOutcome {
  /** The key the pages are made under (see pagesKey): the build's own, from the same survey. */
  key: string;
  /** Undefined when the trees on disk hold the pages (see pagesInPlace), or when a build has a problem. */
  written: PagesWritten | undefined;
  problems: ProblemsFound;
}

/** The pages made ahead, in `dir`: each one's bytes as held there, by its path in the tree. */
export interface PagesAhead {
  outcome: PagesOutcome;
  dir: string;
  made: Map<string, Held>;
}

/**
 * Pages builds.ndjson into `dir` unless the trees on disk hold the pages already, by the same
 * rule the plan follows (see pagesInPlace), so the plan never asks for pages not made here.
 */
export async function pageAhead(request: PagesRequest, survey: FileSurvey, dir: string, onDisk: OnDisk, fingerprint: string): Promise<PagesAhead> {
  const key = pagesKey(request, survey.digest);
  const log = new ProblemLog();
  const made = new Map<string, Held>();
  const answer = (written: PagesWritten | undefined): PagesAhead => ({ outcome: { key, written, problems: log.found() }, dir, made });
  if (pagesInPlace(pageFiles(pageCount(survey.records, request.pageSize)), key, onDisk, fingerprint)) return answer(undefined);
  // Loaded only to page: its validation (zod) would add to every writer thread's start.
  const { writePages } = await import('./files-pages.js');
  mkdirSync(dir, { recursive: true });
  // A page is encoded as a batch of one, into a buffer used again for the next.
  const encoder = new BatchEncoder(1);
  const written = await writePages(request, survey.records, (relative, body) => {
    encoder.add(relative, body);
    const batch = encoder.take()!;
    const bytes = new Uint8Array(batch.data, 0, batch.lengths[0]);
    writeNew(aheadFile(dir, relative), bytes);
    made.set(relative, { hash: contentHash(bytes), key, size: bytes.length });
    encoder.reuse(batch.data);
  }, log);
  return answer(written);
}

/** Where the page of the tree's path `relative` was made ahead. */
export function madeAheadAt(ahead: PagesAhead, relative: string): string {
  return aheadFile(ahead.dir, relative);
}

/** A page made ahead in `dir`: `page-N.json`, whatever the tree's folder for it. */
function aheadFile(dir: string, relative: string): string {
  return path.join(dir, path.basename(relative));
}
