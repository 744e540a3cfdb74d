import path from 'node:path';
import { codeFingerprint } from '../core/code-fingerprint.js';
import { limitInlining } from '../core/compile-budget.js';
import { collectGarbage } from '../core/collect-garbage.js';
import { summaries } from '../derive/ports.js';
import { coresKey } from '../derive/snapshot.js';
import { renderHeaders, renderNetlifyIndex, renderRedirects, rulesKey, type SiteShape } from '../hosts/netlify/netlify.js';
import { Interrupted } from '../core/problems/interrupted.js';
import { MachineFault, machineFaultOf } from '../core/problems/machine-fault.js';
import { changedSince, changedWhileRead, identifyFile } from '../catalogue/file-identity.js';
import { ChangedWhileRead } from '../catalogue/portindex/port-text-reader.js';
import { pageCount } from '../render/files-page.js';
import { pagesKey } from '../render/files-pager.js';
import { listingFiles, listingsKey } from '../render/listing-files.js';
import { PortsList } from '../render/ports-list.js';
import { searchIndexBody, searchIndexKey } from '../render/search-index.js';
import { versionsBody } from '../render/versions.js';
import { DUMP_PORTS, DUMP_VERSIONS, listPageFile, NETLIFY_HEADERS, NETLIFY_INDEX, NETLIFY_REDIRECTS, pageFiles, portFile, SEARCH_INDEX } from '../routes/site-files.js';
import { scanBuilds } from '../catalogue/scan-builds.js';
import { BuildLock, STALE_MS } from '../writer/trees/build-lock.js';
import { checkPublishAccess } from '../writer/trees/publish-access.js';
import { SiteWriter } from '../writer/thread/site-writer.js';
import { startRun, type BuildOptions, type BuildResult, type BuildStats } from './build-run.js';
import { catalogueDigest } from './catalogue-digest.js';
import { wantSiteFiles, writePages, type FilesPhaseOptions } from './files-phase.js';
import { checkOutputDirectory, followOutput } from './output-guard.js';
import { readPorts } from './ports-phase.js';
import { writeRecalled } from './recall/recalled-files.js';
import { derivedAgain } from './recall/recalled-ports.js';
import { loadIdentity, saveBuiltFrom, saveIdentity, saveRecords, saveSnapshot } from './state.js';
import { browserFiles, readFeedRecords } from './feeds-phase.js';
import { sitePagesOf, wantPortPages, wantSitePages } from './pages-phase.js';
import { writePorts } from './write-ports.js';

export type { BuildOptions, BuildResult, BuildStats };
export { validateCatalogue } from './validate-catalogue.js';

/**
 * From this many ports on (some 24 MB of text), a full collection follows the reading, and a
 * rebuild's finishing: below, the memory it gives back is not worth its time.
 */
const COLLECT_AFTER_PORTS = 20000;

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
    const catalogue = path.resolve(options.cwd, options.catalogue);
    const from = catalogueDigest(catalogue);
    const result = await buildLocked(options, out, lock);
    // Only a catalogue that stayed as it was read is recorded: else the next update builds again.
    if (result.ok && catalogueDigest(catalogue) === from) saveBuiltFrom(out, from);
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
  const { files, log, progress, stats } = run;
  const filesOptions: FilesPhaseOptions = { ...files, baseUrl: options.baseUrl, pageSize: options.pageSize };
  let writer: SiteWriter;
  try {
    const signing = options.signKey && options.dumps !== false ? { key: options.signKey, files: [DUMP_PORTS, DUMP_VERSIONS] } : undefined;
    writer = SiteWriter.open(out, options.link ?? true, options.precompress ?? false, signing);
  } catch (cause) {
    throw machineFaultOf(cause, options.cwd) ?? cause;
  }
  const interrupt = () => writer.interrupt(new Interrupted(options.signal!.reason as NodeJS.Signals));
  options.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    if (options.signal?.aborted) interrupt();
    // The writer thread surveys builds.ndjson (its digest and count) and checks the previous
    // trees while this thread reads the ports.
    const known = run.buildsReadable ? loadIdentity(out, files.buildsPath) : undefined;
    const identity = run.buildsReadable ? identifyFile(files.buildsPath, known, options.now ?? Date.now, (file) => writer.survey(file)) : undefined;
    identity?.catch(() => undefined); // awaited below; a build that throws before then does not wait
    const { baseUrl, pageSize } = filesOptions;
    writer.load(options.fingerprint);
    progress.phase('reading ports');
    const fingerprint = options.fingerprint ?? codeFingerprint();
    let { recalled: quick, prepared, coreHashes, recordsKept } = readPorts(out, fingerprint, files, log, { baseUrl, pageSize, strict: options.strict, pages: options.pages ?? false });
    const feedRecords = await readFeedRecords(files, log);
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
    // Each port's entry of the versions file: in a recalled build, from the snapshot.
    let releases = options.dumps === false ? undefined : quick ? quick.snapshot.releases : prepared!.records.map((record) => record.release);
    if (releases) {
      writer.assemble(DUMP_PORTS, portFiles);
      writer.want(DUMP_VERSIONS, undefined);
    }
    const portsList = new PortsList(baseUrl, count, pageSize);
    portsList.pageKeys(prints).forEach((pageKey, i) => writer.want(listPageFile('ports', i + 1), pageKey));
    // While the writer plans the ports. Unchanged when every record came from it and it held no others.
    if (!recordsKept) coreHashes = saveRecords(out, fingerprint, prepared!.records);
    const cores = quick ? quick.cores : coreHashes && coresKey(coreHashes);
    writer.want(SEARCH_INDEX, searchIndexKey(cores));
    let { browser, feeds } = browserFiles(feedRecords, baseUrl, options.pages ?? false);
    for (const file of feeds?.keys() ?? []) writer.want(file, undefined);
    const site = options.pages ? { baseUrl, feeds: feeds !== undefined } : undefined;
    const portPages = site && wantPortPages(writer, site, names, prints);
    for (const file of browser.keys()) writer.want(file, undefined);
    let listings = ports && listingFiles(ports.categoryListings(), ports.maintainerListings(), baseUrl, pageSize);
    const listingPaths = quick ? quick.snapshot.listings : [...listings!.files.keys()];
    const listingKey = listingsKey(cores, baseUrl, pageSize);
    for (const file of listingPaths) writer.want(file, listingKey);
    let siteFiles = site && ports && sitePagesOf(site, ports);
    const sitePaths = site && (quick ? quick.snapshot.sitePages! : [...siteFiles!.keys()]);
    if (site) wantSitePages(writer, site, sitePaths!, listingKey);
    wantSiteFiles(writer, pages, key, rulesKey(cores, pages, pageSize));
    if (quick) saveSnapshot(out, fingerprint, quick.snapshot);
    else if (coreHashes && !prints.includes(undefined)) {
      const { records, warnings } = prepared!;
      const textHashes = records.map((record) => record.textHash!);
      const crossDigests = prints.map((print, i) => print!.slice(textHashes[i]!.length));
      const listingDigests = names.map((_, i) => ports!.listingDigestAt(i));
      const links = ports!.links();
      const snapshotReleases = releases ?? records.map((record) => record.release);
      saveSnapshot(out, fingerprint, { file: files.portIndexName, baseUrl, pageSize, names, textHashes, coreHashes, crossDigests, listingDigests, links, releases: snapshotReleases, listings: listingPaths, warnings, sitePages: sitePaths });
    }
    prints = []; // a local lives across the awaits below
    prepared = undefined;
    const plan = await writer.plan(key);
    const render = new Set(plan.render);
    // Besides the ports' files and pages, a recalled build makes those the ports do not make.
    const elsewhere = quick && new Set([...browser.keys(), ...(feeds?.keys() ?? []), NETLIFY_HEADERS, DUMP_VERSIONS, ...pageFiles(pages)]);
    if (quick && (await writeRecalled(quick, portFiles, portsList, render, (file) => elsewhere!.has(file), writer, progress, portPages))) {
      log.addAll(quick.snapshot.warnings);
      stats.recalled = count - quick.changed.size;
    } else if (quick) {
      // The plan asks for a file only the derivation can make (a previous tree lost it): the
      // ports are derived in full, from the bytes read, and must give what was wanted.
      ({ list: ports, listings } = derivedAgain(files, log, options.strict, quick));
      siteFiles = site && sitePagesOf(site, ports);
    }
    if (ports) {
      // The pages for people fill the heap with garbage (the ports' pages, then the site's and the
      // sitemap's): freed after each, the files that follow reuse it instead of growing it.
      const collectPages = () => portPages && count >= COLLECT_AFTER_PORTS && collectGarbage();
      await writePorts(ports, portFiles, portsList, render, writer, progress, portPages);
      collectPages();
      if (render.has(SEARCH_INDEX)) await writer.write(SEARCH_INDEX, searchIndexBody(summaries(ports)));
      const shape: SiteShape = {
        ports: names,
        pages,
        listPages: { ports: portsList.pages, category: listings!.categoryPages, maintainer: listings!.maintainerPages },
        categories: listings!.categories,
        maintainers: listings!.maintainers,
      };
      for (const [file, body] of listings!.files) if (render.has(file)) await writer.write(file, body);
      for (const [file, page] of siteFiles ?? []) if (render.has(file)) await writer.write(file, page());
      collectPages();
      if (render.has(NETLIFY_REDIRECTS)) await writer.write(NETLIFY_REDIRECTS, renderRedirects(shape));
      if (render.has(NETLIFY_INDEX)) await writer.write(NETLIFY_INDEX, renderNetlifyIndex(shape));
    }
    // Made each time (some 100 bytes a port), kept by the writer when its bytes are unchanged.
    if (releases) await writer.write(DUMP_VERSIONS, versionsBody(names, releases));
    for (const [file, body] of feeds ?? []) await writer.write(file, body);
    releases = undefined;
    feeds = undefined;
    ports = undefined;
    listings = undefined;
    siteFiles = undefined;
    for (const [file, body] of browser) await writer.write(file, body);
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
    if (source.identity !== known?.identity) saveIdentity(out, files.buildsPath, source);
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
