import path from 'node:path';
import { ProblemLog } from '../problems/problem-log.js';
import { silentProgress, type Progress } from '../report/progress.js';
import { renderHeaders, renderRedirects } from '../host/netlify.js';
import { NETLIFY_HEADERS, NETLIFY_REDIRECTS } from '../routes/site-files.js';
import { unreadableFile } from '../read/read-json-file.js';
import { scanBuilds } from '../validate/scan-builds.js';
import { comparePrevious, writeFilesPhase } from './files-phase.js';
import { preparePorts } from './prepare-ports.js';
import { writePorts } from './ports-phase.js';
import { PRINTS_KEY } from '../derive/port-prints.js';
import { hasMarkerFile } from '../write/manifest.js';
import { checkOutputDirectory } from '../write/output-guard.js';
import { SiteWriter } from '../write/site-writer.js';

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
}

export interface BuildStats {
  ports: number;
  builds: number;
  pages: number;
  paths: number;
  /** Files in the site, and how many of them were written rather than carried over unchanged. */
  files: number;
  written: number;
  /** Files taken over from the previous build without being made again (see ports-phase, files-phase). */
  carried: number;
  bytes: number;
  seconds: number;
}

export interface BuildResult {
  ok: boolean;
  log: ProblemLog;
  stats: BuildStats;
}

export interface CatalogueFiles {
  portIndexPath: string;
  portIndexName: string;
  buildsPath: string;
  buildsName: string;
}

function locateCatalogue(cwd: string, catalogue: string): CatalogueFiles {
  const dir = path.resolve(cwd, catalogue);
  const name = (file: string) => path.relative(cwd, path.join(dir, file)) || file;
  return {
    portIndexPath: path.join(dir, 'portindex.json'),
    portIndexName: name('portindex.json'),
    buildsPath: path.join(dir, 'builds.ndjson'),
    buildsName: name('builds.ndjson'),
  };
}

/** `ports-gen validate`: every check of a build, nothing written. */
export async function validateCatalogue(options: Pick<BuildOptions, 'cwd' | 'catalogue' | 'strict'>): Promise<BuildResult> {
  return runBuild({ ...options, out: '', baseUrl: '', pageSize: 1 }, false);
}

/** `ports-gen build`: the catalogue becomes the site, swapped into `out` only when complete. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  checkOutputDirectory(path.resolve(options.cwd, options.out), path.resolve(options.cwd, options.catalogue));
  return runBuild(options, true);
}

async function runBuild(options: BuildOptions, write: boolean): Promise<BuildResult> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const files = locateCatalogue(options.cwd, options.catalogue);
  const log = new ProblemLog();
  // builds.ndjson may be absent (no builds); one that is there but cannot be read (a
  // directory, no permission) is a problem of its own, and nothing reads it then.
  const unreadableBuilds = unreadableFile(files.buildsPath, files.buildsName);
  if (unreadableBuilds) log.add(unreadableBuilds);
  const stats: BuildStats = { ports: 0, builds: 0, pages: 0, paths: 0, files: 0, written: 0, carried: 0, bytes: 0, seconds: 0 };
  const finish = (ok: boolean): BuildResult => {
    progress.end();
    log.orderByFile([files.portIndexName, files.buildsName]);
    stats.seconds = (performance.now() - started) / 1000;
    return { ok, log, stats };
  };

  if (!write) {
    progress.phase('reading ports');
    const ports = preparePorts(files, log, options.strict);
    progress.phase('checking builds');
    stats.builds = unreadableBuilds ? 0 : await scanBuilds(files.buildsPath, files.buildsName, log, () => progress.advance());
    stats.ports = ports?.length ?? 0;
    return finish(log.errors === 0);
  }

  // The ports come first and their files are sent ahead to the writer, which writes them (the
  // costliest part of its work: 40,000 small files) while this thread pages the builds. Their
  // records are released before the pages are made, so the two memory peaks do not stack.
  const out = path.resolve(options.cwd, options.out);
  const filesOptions = { ...files, out, baseUrl: options.baseUrl, pageSize: options.pageSize };
  const writer = SiteWriter.open(out);
  try {
    // The writer reads the live tree: whether its pages can be carried over (see files-phase),
    // and whether its port files have prints this build can compare with (see ports-phase).
    const live = writer.describeLive();
    const previousFiles = comparePrevious(filesOptions, live, (file) => writer.survey(file));
    previousFiles.catch(() => undefined); // awaited in the files phase; a build that throws before it does not wait
    const printed = live.then((tree) => tree?.printsKey === PRINTS_KEY);
    printed.catch(() => undefined); // likewise, awaited once the ports are read
    // Whether the live tree has a marker: then its port files will most likely be carried
    // over. Told at once, while the writer reads the marker (some 0.3 s at 40,000 ports).
    const names = await writePorts(files, options.strict, { likely: hasMarkerFile(out), printed }, writer, log, progress);

    // With bad ports the builds are still checked (every problem in one run), not written.
    const filesInfo = unreadableBuilds ? undefined : await writeFilesPhase(filesOptions, previousFiles, writer, log, progress);
    if (!names || !filesInfo || log.errors > 0) {
      await writer.abort();
      return finish(false);
    }
    await writer.write(NETLIFY_REDIRECTS, renderRedirects({ ports: names, pages: filesInfo.pages }));
    await writer.write(NETLIFY_HEADERS, renderHeaders());
    progress.phase('finishing writes');
    await writer.commit(filesInfo, PRINTS_KEY);
    const { pages, builds, paths } = filesInfo;
    Object.assign(stats, { ports: names.length, pages, builds, paths, files: writer.files, written: writer.written, carried: writer.carried, bytes: writer.bytes });
    return finish(true);
  } catch (cause) {
    await writer.abort();
    throw cause;
  }
}
