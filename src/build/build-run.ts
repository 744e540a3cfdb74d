/** One run of a build or a validation: its catalogue files, problems, progress and figures. */
import type { SigningKey } from '../sign/key-files.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ProblemLog } from '../core/problems/problem-log.js';
import { warning } from '../core/problems/problem.js';
import { UsageError } from '../core/problems/usage-error.js';
import { unreadableFile } from '../catalogue/read-json-file.js';
import { silentProgress, type Progress } from '../core/progress.js';
import type { Changes } from '../writer/changes.js';
import { locateCatalogue, type CatalogueFiles } from './catalogue-files.js';

/** What a build did, for its summary. */
export interface BuildStats {
  ports: number;
  builds: number;
  pages: number;
  paths: number;
  /** Files in the site, and how many of them were written rather than kept or linked. */
  files: number;
  written: number;
  /** What the site changed against the one it replaced (see writer/changes). */
  changes: Changes;
  /** Files taken over from the previous build without being made again. */
  carried: number;
  /** Ports taken from the last build's snapshot, not derived again (see build/recall/recalled-ports). */
  recalled: number;
  bytes: number;
  seconds: number;
}

export interface BuildOptions {
  /** Paths below are resolved against this, and problems name files relative to it. */
  cwd: string;
  catalogue: string;
  out: string;
  /** Absolute http(s) URL without a trailing slash (see `normaliseBaseUrl`). */
  baseUrl: string;
  pageSize: number;
  /** Warnings count as errors. */
  strict: boolean;
  /** Where phases and counts go; nothing is shown by default. */
  progress?: Progress;
  /** The code's fingerprint (see code-fingerprint); tests set another to stand for other code. */
  fingerprint?: string;
  /** Wait for another build of the same `out` to finish, instead of failing (see BuildLock). */
  wait?: boolean;
  /** Publish `out` as a link to the new tree, switched in one step (the default; see tree-roles). */
  link?: boolean;
  /** Write `.gz` and `.br` beside each JSON file (see writer/precompress). */
  precompress?: boolean;
  /** Write the bulk dumps (see DUMP_PORTS); true unless false. */
  dumps?: boolean;
  /** Write the pages for people (see src/pages/) beside the API. */
  pages?: boolean;
  /** Sign the dumps with this key (see sign/key-files): `<dump>.sig` beside each. */
  signKey?: SigningKey;
  /** Aborted with a signal's name (Ctrl-C): the build stops, publishes nothing, throws Interrupted. */
  signal?: AbortSignal;
  /** The clock the racy-file rule reads (see file-identity); tests set their own. */
  now?: () => number;
  /** The catalogue has no builds on purpose: no warning that builds.ndjson is missing (and there must be none). */
  noBuilds?: boolean;
}

export interface BuildResult {
  ok: boolean;
  log: ProblemLog;
  stats: BuildStats;
}

export interface Run {
  files: CatalogueFiles;
  log: ProblemLog;
  progress: Progress;
  stats: BuildStats;
  /** builds.ndjson is there and readable, or absent (no builds); false when it cannot be read. */
  buildsReadable: boolean;
  finish(ok: boolean): BuildResult;
}

export function startRun(options: { cwd: string; catalogue: string; progress?: Progress; noBuilds?: boolean }): Run {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const files = locateCatalogue(options.cwd, options.catalogue);
  if (!existsSync(path.dirname(files.portIndexPath))) {
    throw new UsageError(`there is no catalogue directory ${options.catalogue}: give --catalogue <dir>, the directory that holds portindex.json (and builds.ndjson)`);
  }
  if (options.noBuilds && existsSync(files.buildsPath)) {
    throw new UsageError(`--no-builds says the catalogue has no builds, but ${files.buildsName} is there: remove the file or the option`);
  }
  const log = new ProblemLog();
  // builds.ndjson may be absent (no builds); one that is there but cannot be read (a
  // directory, no permission) is a problem of its own, and nothing reads it then.
  const unreadable = unreadableFile(files.buildsPath, files.buildsName);
  if (unreadable) log.add(unreadable);
  else if (!options.noBuilds && !existsSync(files.buildsPath)) {
    log.add(warning('no-builds-file', files.buildsName, {}, 'expected the builds of the catalogue here, found no such file: the files list is published empty (an empty file says there are no builds, without this warning)'));
  }
  const stats: BuildStats = { ports: 0, builds: 0, pages: 0, paths: 0, files: 0, written: 0, changes: { replaced: false, changed: 0, removed: 0 }, carried: 0, recalled: 0, bytes: 0, seconds: 0 };
  return {
    files,
    log,
    progress,
    stats,
    buildsReadable: !unreadable,
    finish(ok) {
      progress.end();
      log.orderByFile([files.portIndexName, files.buildsName]);
      stats.seconds = (performance.now() - started) / 1000;
      return { ok, log, stats };
    },
  };
}
