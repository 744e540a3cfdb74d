/**
 * The build's reading: the ports (recalled, or read and derived) and the record of changes,
 * while the writer thread surveys builds.ndjson and the previous trees.
 */
import { identifyFile, type KnownFile, type SeenFile } from '../catalogue/file-identity.js';
import type { ChangeRecord } from '../catalogue/change-schema.js';
import { scanBuilds } from '../catalogue/scan-builds.js';
import { codeFingerprint } from '../core/code-fingerprint.js';
import { collectGarbage } from '../core/collect-garbage.js';
import type { SiteWriter } from '../writer/thread/site-writer.js';
import type { BuildOptions, BuildResult, Run } from './build-run.js';
import { readFeedRecords } from './feeds-phase.js';
import { readPorts, type PortsPhase } from './ports-phase.js';
import { loadIdentity } from './state.js';

/**
 * From this many ports on, a full collection follows the reading, and a rebuild's finishing:
 * below, the memory it gives back is not worth its time.
 */
export const COLLECT_AFTER_PORTS = 20000;

/** What the build read: its ports (recalled, or read and derived), the record of changes, builds.ndjson's identity. */
export interface SiteRead extends PortsPhase {
  feedRecords: ChangeRecord[] | undefined;
  identity: Promise<SeenFile>;
  knownBuilds: KnownFile | undefined;
  fingerprint: string;
}

/** Reads the ports and the record of changes while the writer thread surveys builds.ndjson and the previous trees; undefined with problems. */
export async function readSite(options: BuildOptions, out: string, run: Run, writer: SiteWriter): Promise<SiteRead | undefined> {
  const { files, log } = run;
  const knownBuilds = run.buildsReadable ? loadIdentity(out, files.buildsPath) : undefined;
  let surveyed = false;
  const survey = (file: string) => {
    surveyed = true;
    return writer.survey(file);
  };
  const identity = run.buildsReadable ? identifyFile(files.buildsPath, knownBuilds, options.now ?? Date.now, survey) : undefined;
  identity?.catch(() => undefined); // awaited later; a build that stops before then does not wait
  writer.load(options.fingerprint);
  // The files pages are made on the writer thread meanwhile, from its survey of builds.ndjson, or
  // from the one this build knows without reading the file (at once: nothing is read for it).
  if (identity) {
    const known = surveyed ? undefined : await identity;
    writer.pageFiles({ path: files.buildsPath, name: files.buildsName, baseUrl: options.baseUrl, pageSize: options.pageSize, survey: known && { digest: known.digest, records: known.records } });
  }
  run.progress.phase('reading ports');
  const fingerprint = options.fingerprint ?? codeFingerprint();
  const ports = readPorts(out, fingerprint, files, log, { baseUrl: options.baseUrl, pageSize: options.pageSize, strict: options.strict, pages: options.pages ?? false });
  const feedRecords = await readFeedRecords(files, log);
  // The document's bytes and the last cache are garbage now, but outside the heap: V8 would
  // keep them until a collection the heap itself calls for, through the planning and the
  // port files (see PortTextReader). A small catalogue's are not worth a collection.
  if ((ports.prepared?.list.length ?? 0) >= COLLECT_AFTER_PORTS) collectGarbage();
  if ((!ports.prepared && !ports.recalled) || !identity || log.errors > 0) return undefined;
  return { ...ports, feedRecords, identity, knownBuilds, fingerprint };
}

/** A build with problems: the builds are still checked (every problem in one run), nothing is written. */
export async function failed(run: Run, writer: SiteWriter): Promise<BuildResult> {
  if (run.buildsReadable) await scanBuilds(run.files.buildsPath, run.files.buildsName, run.log, () => undefined);
  await writer.abort();
  return run.finish(false);
}
