import path from 'node:path';
import { changedSince, changedWhileRead, type SeenFile } from '../catalogue/file-identity.js';
import { ChangedWhileRead } from '../catalogue/portindex/port-text-reader.js';
import { collectGarbage } from '../core/collect-garbage.js';
import { limitInlining } from '../core/compile-budget.js';
import { makeParentDirectories } from '../core/missing-directory.js';
import { Interrupted } from '../core/problems/interrupted.js';
import { MachineFault, machineFaultOf } from '../core/problems/machine-fault.js';
import type { PortList } from '../derive/ports.js';
import { coresKey } from '../derive/snapshot.js';
import { rulesKey } from '../hosts/netlify/netlify.js';
import type { PageSite } from '../pages/layout.js';
import { pageCount } from '../render/files-page.js';
import { pagesKey } from '../render/files-pager.js';
import { listingFiles, listingsKey, type ListingFiles } from '../render/listing-files.js';
import { PortsList } from '../render/ports-list.js';
import { DUMP_PORTS, DUMP_VERSIONS, pageFile, portFile } from '../routes/site-files.js';
import type { FilesInfo } from '../writer/trees/marker.js';
import { BuildLock, STALE_MS } from '../writer/trees/build-lock.js';
import { checkPublishAccess } from '../writer/trees/publish-access.js';
import { SiteWriter } from '../writer/thread/site-writer.js';
import { COLLECT_AFTER_PORTS, failed, readSite, type SiteRead } from './read-site.js';
import { startRun, type BuildOptions, type BuildResult, type BuildStats, type Run } from './build-run.js';
import { browserFiles } from './feeds-phase.js';
import { fixedOutputs, hostOutputs, listingOutputs, makeOutputs, portOutputs, portsDumpOutput, queryIndexOutput, searchIndexOutput, sitePageOutputs, versionsOutput, wantOutputs, type Derived, type DerivedSite, type Output } from './outputs.js';
import { checkOutputDirectory, followOutput } from './output-guard.js';
import { sitePagesOf, wantPortPages, type PortPages } from './pages-phase.js';
import { writeRecalled } from './recall/recalled-files.js';
import { derivedAgain, type RecalledPorts } from './recall/recalled-ports.js';
import { catalogueChanged, catalogueDigest, catalogueIdentities } from './catalogue-digest.js';
import { saveBuiltFrom, saveIdentity, saveRecords, saveSnapshot } from './state.js';
import { writePorts } from './write-ports.js';

export type { BuildOptions, BuildResult, BuildStats };
export { validateCatalogue } from './validate-catalogue.js';


const lockLost = (out: string) => new MachineFault(`the lock of ${out} was taken over by another build while this one stood still past ${STALE_MS / 1000} s: nothing published`);

/** `ports-gen build`: the catalogue becomes the site, published at `out` only when complete. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  limitInlining();
  const out = followOutput(path.resolve(options.cwd, options.out));
  checkOutputDirectory(out, path.resolve(options.cwd, options.catalogue));
  let lock: BuildLock;
  try {
    // `--out /var/www/ports/dist` on a new host: its directories are made, as `mkdir -p` would.
    makeParentDirectories(out, 'cannot write the site', '--out');
    lock = await BuildLock.take(out, options.wait ?? false);
  } catch (cause) {
    throw machineFaultOf(cause, options.cwd) ?? cause;
  }
  try {
    checkPublishAccess(out);
    const catalogue = path.resolve(options.cwd, options.catalogue);
    const seen = catalogueIdentities(catalogue);
    const from = catalogueDigest(catalogue);
    const result = await buildLocked(options, out, lock);
    // Only a catalogue that stayed as it was read is recorded: else the next update builds again.
    if (result.ok && !catalogueChanged(catalogue, seen)) saveBuiltFrom(out, from);
    return result;
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
  const writer = openWriter(options, out);
  const interrupt = () => writer.interrupt(new Interrupted(options.signal!.reason as NodeJS.Signals));
  options.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    if (options.signal?.aborted) interrupt();
    const read = await readSite(options, out, run, writer);
    if (!read) return await failed(run, writer);
    const site = await wantSite(options, out, run, writer, read);
    const { streams, filesKey } = site;
    // Let go once used: an async function's locals live across its awaits, the wait for the files pages too.
    read.prepared = undefined;
    const plan = await writer.plan(filesKey);
    await makeSite(options, run, writer, new Set(plan.render), site.outputs, streams);
    site.outputs = [];
    // The ports' records are garbage by now: freed before the writer makes the marker and the
    // ledgers, they are not held beside those.
    if (!read.recalled && streams.count >= COLLECT_AFTER_PORTS) collectGarbage();
    const filesInfo = plan.filesInfo ?? (await pageFilesList(run, writer, read.identity, filesKey));
    if (!filesInfo) {
      await writer.abort();
      return run.finish(false);
    }
    run.progress.phase('finishing writes');
    if (lock.lost) throw lockLost(out);
    const totals = await writer.commit(filesInfo);
    const source = await read.identity;
    if (source.identity !== read.knownBuilds?.identity) saveIdentity(out, run.files.buildsPath, source);
    Object.assign(run.stats, { ports: streams.count, pages: filesInfo.pages, builds: filesInfo.builds, paths: filesInfo.paths });
    Object.assign(run.stats, { files: totals.files, written: totals.written, changes: { replaced: totals.replaced, changed: totals.changed, removed: totals.removed }, carried: totals.files - totals.rendered, bytes: totals.bytes });
    return run.finish(true);
  } catch (cause) {
    await writer.abort();
    if (cause instanceof ChangedWhileRead) {
      run.log.add(changedWhileRead(cause.file));
      return run.finish(false);
    }
    const renames = [{ from: writer.staging, to: out }, { from: writer.pagesAhead, to: path.dirname(path.join(out, pageFile(1))) }];
    throw machineFaultOf(cause, options.cwd, renames) ?? cause;
  } finally {
    options.signal?.removeEventListener('abort', interrupt);
  }
}

function openWriter(options: BuildOptions, out: string): SiteWriter {
  try {
    const signing = options.signKey && options.dumps !== false ? { key: options.signKey, files: [DUMP_PORTS, DUMP_VERSIONS] } : undefined;
    return SiteWriter.open(out, options.link ?? true, options.precompress ?? false, signing);
  } catch (cause) {
    throw machineFaultOf(cause, options.cwd) ?? cause;
  }
}

/** What makes the files that are not made one by one: the ports' writer, or the recalled ports'. */
interface PortStreams {
  count: number;
  portFiles: readonly string[];
  portsList: PortsList;
  portPages: PortPages | undefined;
  recalled: RecalledPorts | undefined;
  /** The site derived in full: at once in a full build, in a recalled one only when the plan asks for a file only it makes. */
  derived: DerivedSite | undefined;
  pageSite: PageSite | undefined;
  names: readonly string[];
  pages: number;
}

/**
 * Wants every file of the site from the writer, each under its key; the next build's records
 * and snapshot are saved meanwhile. Returns the outputs the build makes itself (the ports' files
 * are the streams'), and the files pages' key.
 */
async function wantSite(options: BuildOptions, out: string, run: Run, writer: SiteWriter, read: SiteRead): Promise<{ outputs: readonly Output[]; streams: PortStreams; filesKey: string }> {
  run.progress.phase('planning');
  const { baseUrl, pageSize } = options;
  const source = await read.identity;
  const filesKey = pagesKey({ ...run.files, baseUrl, pageSize }, source.digest);
  const pages = pageCount(source.records, pageSize);
  const { recalled: quick, prepared } = read;
  const ports = prepared?.list;
  const count = quick ? quick.snapshot.names.length : ports!.length;
  const names = quick ? quick.snapshot.names : Array.from({ length: count }, (_, i) => ports!.nameAt(i));
  const prints = quick ? quick.prints : Array.from({ length: count }, (_, i) => ports!.printAt(i));
  const portFiles = names.map(portFile);
  const portsList = new PortsList(baseUrl, count, pageSize);
  const releases = options.dumps === false ? undefined : quick ? quick.snapshot.releases : prepared!.records.map((record) => record.release);
  wantOutputs(writer, [...portOutputs(portFiles, prints, portsList), ...(releases ? [portsDumpOutput(portFiles)] : [])]);
  // While the writer plans the ports. Unchanged when every record came from it and it held no others.
  const coreHashes = read.recordsKept ? read.coreHashes : saveRecords(out, read.fingerprint, prepared!.records);
  const cores = quick ? quick.cores : coreHashes && coresKey(coreHashes);
  const { browser, feeds } = browserFiles(read.feedRecords, baseUrl, options.pages ?? false);
  const pageSite = options.pages ? { baseUrl, feeds: feeds !== undefined } : undefined;
  const streams: PortStreams = { count, portFiles, portsList, portPages: pageSite && wantPortPages(writer, pageSite, names, prints), recalled: quick, derived: undefined, pageSite, names, pages };
  if (ports) streams.derived = deriveSite(streams, ports, listingFiles(ports.categoryListings(), ports.maintainerListings(), baseUrl, pageSize));
  const reach: Derived = () => streams.derived!;
  const listingPaths = quick ? quick.snapshot.listings : [...streams.derived!.listings.files.keys()];
  const listingKey = listingsKey(cores, baseUrl, pageSize);
  const sitePaths = pageSite && (quick ? quick.snapshot.sitePages! : [...streams.derived!.sitePages!.keys()]);
  const outputs = [
    ...(releases ? [versionsOutput(names, releases)] : []),
    searchIndexOutput(cores, reach),
    queryIndexOutput(cores, baseUrl, pageSize, reach),
    ...fixedOutputs(feeds ?? new Map()),
    ...fixedOutputs(browser),
    ...listingOutputs(listingPaths, listingKey, reach),
    ...(pageSite ? sitePageOutputs(pageSite, sitePaths!, listingKey, reach) : []),
    ...hostOutputs(pages, filesKey, rulesKey(cores, pages, pageSize), reach),
  ];
  wantOutputs(writer, outputs);
  if (quick) saveSnapshot(out, read.fingerprint, quick.snapshot);
  else if (coreHashes && !prints.includes(undefined)) {
    const { records, warnings } = prepared!;
    const textHashes = records.map((record) => record.textHash!);
    const crossDigests = prints.map((print, i) => print!.slice(textHashes[i]!.length));
    const listingDigests = names.map((_, i) => ports!.listingDigestAt(i));
    const snapshotReleases = releases ?? records.map((record) => record.release);
    saveSnapshot(out, read.fingerprint, { file: run.files.portIndexName, baseUrl, pageSize, names, textHashes, coreHashes, crossDigests, listingDigests, links: ports!.links(), releases: snapshotReleases, listings: listingPaths, warnings, sitePages: sitePaths });
  }
  return { outputs, streams, filesKey };
}

/** The site derived from the ports: their listings, the pages but the ports' own, the shape the Netlify rules take. */
function deriveSite(streams: PortStreams, ports: PortList, listings: ListingFiles): DerivedSite {
  const { names, pages, portsList, pageSite } = streams;
  const listPages = { ports: portsList.pages, category: listings.categoryPages, maintainer: listings.maintainerPages };
  return { ports, listings, sitePages: pageSite && sitePagesOf(pageSite, ports), shape: { ports: names, pages, listPages, categories: listings.categories, maintainers: listings.maintainers } };
}

/**
 * Makes what the plan asks for: the ports' files by the recalled ports' writer when it can
 * (else the ports are derived in full, from the bytes read, and must give what was wanted),
 * then every output made by its own make().
 */
async function makeSite(options: BuildOptions, run: Run, writer: SiteWriter, render: ReadonlySet<string>, outputs: readonly Output[], streams: PortStreams): Promise<void> {
  const quick = streams.recalled;
  const byPath = new Map(outputs.map((output) => [output.path, output]));
  const elsewhere = (file: string) => {
    const output = byPath.get(file);
    return output !== undefined && !output.derived;
  };
  if (quick && (await writeRecalled(quick, streams.portFiles, streams.portsList, render, elsewhere, writer, run.progress, streams.portPages))) {
    run.log.addAll(quick.snapshot.warnings);
    run.stats.recalled = streams.count - quick.changed.size;
  } else {
    if (quick) {
      const again = derivedAgain(run.files, run.log, options.strict, quick);
      streams.derived = deriveSite(streams, again.list, again.listings);
    }
    await writePorts(streams.derived!.ports, streams.portFiles, streams.portsList, render, writer, run.progress, streams.portPages);
    // The ports' pages fill the heap with garbage: freed now, the files that follow reuse it instead of growing it.
    if (streams.portPages && streams.count >= COLLECT_AFTER_PORTS) collectGarbage();
  }
  await makeOutputs(writer, outputs, render, streams.derived !== undefined);
  streams.derived = undefined; // the ports are garbage now (see the collection after makeSite)
}

/**
 * The files pages, made ahead by the writer (see files-ahead) from builds.ndjson; undefined when
 * a build has a problem or the file changed meanwhile.
 */
async function pageFilesList(run: Run, writer: SiteWriter, identity: Promise<SeenFile>, key: string): Promise<FilesInfo | undefined> {
  const source = await identity;
  const { files, log } = run;
  run.progress.phase('writing builds', source.records);
  const outcome = await writer.paged();
  log.absorb(outcome.problems);
  const { written } = outcome;
  if (outcome.key !== key) throw new Error(`the files pages were made under ${outcome.key}, but the build wants them under ${key}`);
  if (written) run.progress.advance(written.builds);
  if (written && changedSince(files.buildsPath, source.seen)) log.add(changedWhileRead(files.buildsName));
  if (!written || log.errors > 0) return undefined;
  return { key, ...written };
}
