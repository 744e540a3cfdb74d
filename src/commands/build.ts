import { existsSync } from 'node:fs';
import path from 'node:path';
import { codeFingerprint } from '../code-fingerprint.js';
import { limitInlining } from '../compile-budget.js';
import { collectGarbage } from '../collect-garbage.js';
import { browserAssets } from '../browser-assets.js';
import type { PortList, PortSummary } from '../derive/ports.js';
import { coresKey } from '../derive/snapshot.js';
import { renderHeaders, renderNetlifyIndex, renderRedirects, rulesKey, type SiteShape } from '../host/netlify.js';
import { Interrupted } from '../problems/interrupted.js';
import { MachineFault, machineFaultOf } from '../problems/machine-fault.js';
import { UsageError } from '../problems/usage-error.js';
import { ProblemLog } from '../problems/problem-log.js';
import { warning } from '../problems/problem.js';
import { changedSince, changedWhileRead, identifyFile, type FileIdentity } from '../read/file-identity.js';
import { ChangedWhileRead } from '../read/port-text-reader.js';
import { unreadableFile } from '../read/read-json-file.js';
import { pageCount } from '../render/files-page.js';
import { pagesKey } from '../render/files-pager.js';
import { listingFiles, listingsKey } from '../render/listing-files.js';
import { PortTexts } from '../render/port-text.js';
import { PortsList } from '../render/ports-list.js';
import { searchIndexBody, searchIndexKey } from '../render/search-index.js';
import { silentProgress, type Progress } from '../report/progress.js';
import type { BuildStats } from '../report/summary.js';
import { listPageFile, NETLIFY_HEADERS, NETLIFY_INDEX, NETLIFY_REDIRECTS, pageFiles, portFile, SEARCH_INDEX } from '../routes/site-files.js';
import { scanBuilds } from '../validate/scan-builds.js';
import { BuildLock, STALE_MS } from '../write/build-lock.js';
import { checkPublishAccess } from '../write/publish-access.js';
import { SiteWriter } from '../write/site-writer.js';
import { locateCatalogue, type CatalogueFiles } from './catalogue-files.js';
import { writePages, type FilesPhaseOptions } from './files-phase.js';
import { recalledIdentity, recordIdentity } from './identity-store.js';
import { checkOutputDirectory, followOutput } from './output-guard.js';
import { readPorts } from './ports-phase.js';
import { preparePorts } from './prepare-ports.js';
import { derivedAgain, writeRecalled } from './recalled-ports.js';
import { rememberRecords } from './record-store.js';
import { rememberSnapshot } from './snapshot-store.js';

export type { BuildStats };

/**
 * From this many ports on (some 24 MB of text), a full collection follows the reading, and a
 * rebuild's finishing: below, the memory it gives back is not worth its time.
 */
const COLLECT_AFTER_PORTS = 20000;

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
  /** Write `.gz` and `.br` beside each JSON file (see write/precompress). */
  precompress?: boolean;
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

/** `ports-gen validate`: every check of a build, nothing written. */
export async function validateCatalogue(options: Pick<BuildOptions, 'cwd' | 'catalogue' | 'strict' | 'progress' | 'noBuilds'>): Promise<BuildResult> {
  limitInlining();
  const run = startRun(options);
  run.progress.phase('reading ports');
  let ports: ReturnType<typeof preparePorts>;
  try {
    ports = preparePorts(run.files, run.log, options.strict);
  } catch (cause) {
    // Each port is read again when it is taken (see scanPortIndex): a file changed meanwhile.
    if (!(cause instanceof ChangedWhileRead)) throw cause;
    run.log.add(changedWhileRead(cause.file));
    return run.finish(false);
  }
  run.progress.phase('checking builds');
  run.stats.builds = run.buildsReadable ? await scanBuilds(run.files.buildsPath, run.files.buildsName, run.log, () => run.progress.advance()) : 0;
  run.stats.ports = ports?.list.length ?? 0;
  return run.finish(run.log.errors === 0);
}

const lockLost = (out: string) => new MachineFault(`the lock of ${out} was taken over by another build while this one stood still past ${STALE_MS / 1000} s: nothing published`);

/** `ports-gen build`: the catalogue becomes the site, published at `out` only when complete. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  limitInlining();
  const out = followOutput(path.resolve(options.cwd, options.out));
  checkOutputDirectory(out, path.resolve(options.cwd, options.catalogue));
  let lock: BuildLock;
  try {
    lock = await BuildLock.take(out, options.wait ?? false);
  } catch (cause) {
    throw machineFaultOf(cause, options.cwd) ?? cause;
  }
  try {
    checkPublishAccess(out);
    return await buildLocked(options, out, lock);
  } catch (cause) {
    // A build that stood still past STALE_MS (suspended, say) finds its staging tree gone once
    // another took the lock over: whatever failed then, that is what happened.
    if (lock.lost && !(cause instanceof Interrupted)) throw lockLost(out);
    throw cause;
  } finally {
    await lock.release();
  }
}

/** The build, once it alone writes `out`: nothing is read before (see BuildLock). */
async function buildLocked(options: BuildOptions, out: string, lock: BuildLock): Promise<BuildResult> {
  const run = startRun(options);
  const { files, log, progress, stats } = run;
  const filesOptions: FilesPhaseOptions = { ...files, baseUrl: options.baseUrl, pageSize: options.pageSize };
  let writer: SiteWriter;
  try {
    writer = SiteWriter.open(out, options.link ?? true, options.precompress ?? false);
  } catch (cause) {
    throw machineFaultOf(cause, options.cwd) ?? cause;
  }
  const interrupt = () => writer.interrupt(new Interrupted(options.signal!.reason as NodeJS.Signals));
  options.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    if (options.signal?.aborted) interrupt();
    // The writer thread surveys builds.ndjson (its digest and count) and checks the previous
    // trees while this thread reads the ports.
    const known = run.buildsReadable ? recalledIdentity(out, files.buildsPath) : undefined;
    const identity = run.buildsReadable ? identifyFile(files.buildsPath, known, options.now ?? Date.now, (file) => writer.survey(file)) : undefined;
    identity?.catch(() => undefined); // awaited below; a build that throws before then does not wait
    const { baseUrl, pageSize } = filesOptions;
    writer.load(options.fingerprint);
    progress.phase('reading ports');
    const fingerprint = options.fingerprint ?? codeFingerprint();
    let { recalled: quick, prepared, coreHashes, recordsKept } = readPorts(out, fingerprint, files, log, { baseUrl, pageSize, strict: options.strict });
    // The document's bytes and the last cache are garbage now, but outside the heap: V8 would
    // keep them until a collection the heap itself calls for, through the planning and the
    // port files (see PortTextReader). A small catalogue's are not worth a collection.
    if ((prepared?.list.length ?? 0) >= COLLECT_AFTER_PORTS) collectGarbage();
    // Released before the paging: an async function's locals live across its awaits.
    let ports = prepared?.list;
    if ((!ports && !quick) || !identity || log.errors > 0) {
      // With bad ports the builds are still checked (every problem in one run), not written.
      if (run.buildsReadable) await scanBuilds(files.buildsPath, files.buildsName, log, () => undefined);
      await writer.abort();
      return run.finish(false);
    }

    progress.phase('planning');
    const source = await identity;
    const key = pagesKey(filesOptions, source.digest);
    const pages = pageCount(source.records, options.pageSize);
    const names: string[] = quick ? quick.snapshot.names : [];
    let prints: Array<string | undefined> = quick ? quick.prints : [];
    const portFiles: string[] = [];
    const count = quick ? names.length : ports!.length;
    for (let i = 0; i < count; i++) {
      if (ports) {
        names.push(ports.nameAt(i));
        prints.push(ports.printAt(i));
      }
      portFiles.push(portFile(names[i]!));
      writer.want(portFiles[i]!, prints[i]);
    }
    const portsList = new PortsList(baseUrl, count, pageSize);
    portsList.pageKeys(prints).forEach((pageKey, i) => writer.want(listPageFile('ports', i + 1), pageKey));
    // While the writer plans the ports. Unchanged when every record came from it and it held no others.
    if (!recordsKept) coreHashes = rememberRecords(out, fingerprint, prepared!.records);
    const cores = quick ? quick.cores : coreHashes && coresKey(coreHashes);
    writer.want(SEARCH_INDEX, searchIndexKey(cores));
    const browser = browserAssets();
    for (const file of browser.keys()) writer.want(file, undefined);
    let listings = ports && listingFiles(ports.categoryListings(), ports.maintainerListings(), baseUrl, pageSize);
    const listingPaths = quick ? quick.snapshot.listings : [...listings!.files.keys()];
    const listingKey = listingsKey(cores, baseUrl, pageSize);
    for (const file of listingPaths) writer.want(file, listingKey);
    wantSiteFiles(writer, pages, key, rulesKey(cores, pages, pageSize));
    if (quick) rememberSnapshot(out, fingerprint, quick.snapshot);
    else if (coreHashes && !prints.includes(undefined)) {
      const { records, warnings } = prepared!;
      const textHashes = records.map((record) => record.textHash!);
      const crossDigests = prints.map((print, i) => print!.slice(textHashes[i]!.length));
      const listingDigests = names.map((_, i) => ports!.listingDigestAt(i));
      const links = ports!.links();
      rememberSnapshot(out, fingerprint, { file: files.portIndexName, baseUrl, pageSize, names, textHashes, coreHashes, crossDigests, listingDigests, links, listings: listingPaths, warnings });
    }
    prints = []; // a local lives across the awaits below
    prepared = undefined;
    const plan = await writer.plan(key);
    const render = new Set(plan.render);
    // Besides the ports' files and pages, a recalled build makes those the ports do not make.
    const elsewhere = quick && new Set([...browser.keys(), NETLIFY_HEADERS, ...pageFiles(pages)]);
    if (quick && (await writeRecalled(quick, portFiles, portsList, render, (file) => elsewhere!.has(file), writer, progress))) {
      log.addAll(quick.snapshot.warnings);
      stats.recalled = count - quick.changed.size;
    } else if (quick) {
      // The plan asks for a file only the derivation can make (a previous tree lost it): the
      // ports are derived in full, from the bytes read, and must give what was wanted.
      ({ list: ports, listings } = derivedAgain(files, log, options.strict, quick));
    }
    if (ports) {
      await writePorts(ports, portFiles, portsList, render, writer, progress);
      if (render.has(SEARCH_INDEX)) await writer.write(SEARCH_INDEX, searchIndexBody(summaries(ports)), true);
      const shape: SiteShape = {
        ports: names,
        pages,
        listPages: { ports: portsList.pages, category: listings!.categoryPages, maintainer: listings!.maintainerPages },
        categories: listings!.categories,
        maintainers: listings!.maintainers,
      };
      for (const [file, body] of listings!.files) if (render.has(file)) await writer.write(file, body, true);
      if (render.has(NETLIFY_REDIRECTS)) await writer.write(NETLIFY_REDIRECTS, renderRedirects(shape));
      if (render.has(NETLIFY_INDEX)) await writer.write(NETLIFY_INDEX, renderNetlifyIndex(shape));
    }
    ports = undefined;
    listings = undefined;
    for (const [file, body] of browser) await writer.write(file, body, true);
    let filesInfo = plan.filesInfo;
    if (!filesInfo) {
      collectGarbage(); // the ports' records are garbage now, before the paging's churn
      const written = await writePages(filesOptions, source.records, writer, log, progress);
      if (written && changedSince(files.buildsPath, source.seen)) log.add(changedWhileRead(files.buildsName));
      if (!written || log.errors > 0) {
        await writer.abort();
        return run.finish(false);
      }
      filesInfo = { key, ...written };
    }
    await writer.write(NETLIFY_HEADERS, renderHeaders());
    progress.phase('finishing writes');
    // The ports' records are garbage by now (the paging's collections, when it ran, freed them):
    // freed before the writer makes the marker and the ledgers, they are not held beside those.
    if (plan.filesInfo && !quick && names.length >= COLLECT_AFTER_PORTS) collectGarbage();
    if (lock.lost) throw lockLost(out);
    const totals = await writer.commit(filesInfo);
    if (source.fingerprint !== known?.fingerprint) rememberIdentity(out, files.buildsPath, source);
    Object.assign(stats, { ports: names.length, pages: filesInfo.pages, builds: filesInfo.builds, paths: filesInfo.paths });
    Object.assign(stats, { files: totals.files, written: totals.written, carried: totals.files - totals.rendered, bytes: totals.bytes });
    return run.finish(true);
  } catch (cause) {
    await writer.abort();
    if (cause instanceof ChangedWhileRead) {
      log.add(changedWhileRead(cause.file));
      return run.finish(false);
    }
    throw machineFaultOf(cause, options.cwd, { from: writer.staging, to: out }) ?? cause;
  } finally {
    options.signal?.removeEventListener('abort', interrupt);
  }
}

/**
 * The files pages, under the files pages' key, and the Netlify rules and index, under `rules`
 * (see rulesKey). A previous tree's file made under the same key by the same code is kept;
 * the others, and the headers, are made and placed by their bytes.
 */
function wantSiteFiles(writer: SiteWriter, pages: number, key: string, rules: string | undefined): void {
  for (const file of pageFiles(pages)) writer.want(file, key);
  writer.want(NETLIFY_REDIRECTS, rules);
  writer.want(NETLIFY_INDEX, rules);
  writer.want(NETLIFY_HEADERS, undefined);
}

/**
 * Renders the port files the plan asks for (port i's file is `files[i]`), in the background:
 * the writer places them while this thread pages the builds; and the ports list's pages, with
 * backpressure. The ports go newest first, as the list does, so a port's text is made once for
 * its file and its page, and one page is held at a time.
 */
async function writePorts(ports: PortList, files: readonly string[], list: PortsList, render: ReadonlySet<string>, writer: SiteWriter, progress: Progress): Promise<void> {
  progress.phase('writing ports', ports.length);
  const texts = new PortTexts();
  for (let page = 1; page <= list.pages; page++) {
    const pageFile = listPageFile('ports', page);
    const paged: string[] | undefined = render.has(pageFile) ? [] : undefined;
    for (const i of list.indicesOf(page)) {
      if (paged || render.has(files[i]!)) {
        const text = texts.of(ports.at(i), ports.escapeFreeAt(i));
        if (render.has(files[i]!)) await writer.write(files[i]!, text, true);
        paged?.push(text);
      }
      progress.advance();
    }
    if (paged) await writer.write(pageFile, list.body(page, paged));
  }
}

function* summaries(ports: PortList): Iterable<PortSummary> {
  for (let i = 0; i < ports.length; i++) yield ports.summaryAt(i);
}

/** What is known of builds.ndjson now, for the next build; only a speed-up, so never fatal. */
function rememberIdentity(out: string, buildsPath: string, source: FileIdentity): void {
  try {
    recordIdentity(out, buildsPath, source);
  } catch {
    // the next build reads builds.ndjson again
  }
}

interface Run {
  files: CatalogueFiles;
  log: ProblemLog;
  progress: Progress;
  stats: BuildStats;
  /** builds.ndjson is there and readable, or absent (no builds); false when it cannot be read. */
  buildsReadable: boolean;
  finish(ok: boolean): BuildResult;
}

function startRun(options: Pick<BuildOptions, 'cwd' | 'catalogue' | 'progress' | 'noBuilds'>): Run {
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
  const stats: BuildStats = { ports: 0, builds: 0, pages: 0, paths: 0, files: 0, written: 0, carried: 0, recalled: 0, bytes: 0, seconds: 0 };
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
