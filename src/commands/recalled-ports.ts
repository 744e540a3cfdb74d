import { portResource, type PortList, type PortResource } from '../derive/ports.js';
import { coresKey, type Snapshot } from '../derive/snapshot.js';
import type { ProblemLog } from '../problems/problem-log.js';
import { isPortSyntaxError, type PortIndexDocument } from '../read/read-port-index.js';
import { listingFiles, type ListingFiles } from '../render/listing-files.js';
import { PortTexts } from '../render/port-text.js';
import type { PortsList } from '../render/ports-list.js';
import type { Progress } from '../report/progress.js';
import { listPageFile } from '../routes/site-files.js';
import { toPortRecord, type PortOwn } from '../validate/port-record.js';
import { compiledPortSchema, portIndexSchema, type PortSource } from '../validate/port-schema.js';
import { coreHashesOf, coreHashOf } from '../validate/record-cache.js';
import type { SiteWriter } from '../write/site-writer.js';
import type { CatalogueFiles } from './catalogue-files.js';
import { preparePorts, type FirstRead } from './prepare-ports.js';
import { recalledSnapshot } from './snapshot-store.js';

/**
 * A rebuild whose ports changed in their own fields alone (a version, a homepage) needs
 * nothing the derivation made of them all: every print's cross part, every listing and
 * warning is the last build's (see derive/snapshot). Its ports are taken from the last build's
 * snapshot; only the ports whose text changed are parsed and validated, each found to have the
 * core it had.
 */
export interface RecalledPorts {
  /** The last build's snapshot, with this document's text hashes. */
  snapshot: Snapshot;
  /** Each port's print (see PortList.printAt). */
  prints: string[];
  cores: string;
  /** The ports whose text changed, by index. */
  changed: Map<number, ChangedPort>;
}

export interface ChangedPort {
  own: PortOwn;
  escapeFree: boolean;
  /** The print its file was made under in the last build. */
  previousPrint: string;
}

export interface RecallOptions {
  /** The document as problems name it. */
  file: string;
  baseUrl: string;
  pageSize: number;
  strict: boolean;
}

/** The ports as the last build of `out` left them (see recallPorts), when they can be. */
export function recalledPorts(out: string, fingerprint: string, first: FirstRead, options: RecallOptions): RecalledPorts | undefined {
  const entries = first.read.entries;
  const snapshot = entries && recalledSnapshot(out, fingerprint, entries.count);
  return snapshot && recallPorts(first.read, snapshot, options, first.textHashes);
}

/**
 * The ports of `read` as the last build's snapshot has them, when it can: the same options, the
 * same number of ports, few of them changed on few pages (see CHANGED_SHARE, PAGED_MOST), each
 * valid with its core unchanged; undefined otherwise (the ports are then read and derived in full). The text
 * hashes, counted once, are left in `textHashes` for that.
 */
function recallPorts(read: PortIndexDocument, snapshot: Snapshot, options: RecallOptions, textHashes: string[]): RecalledPorts | undefined {
  const { entries } = read;
  if (!entries?.textHash || !entries.escapeFree) return undefined;
  for (let i = textHashes.length; i < entries.count; i++) textHashes.push(entries.textHash(i));
  if (snapshot.file !== options.file || snapshot.baseUrl !== options.baseUrl || snapshot.pageSize !== options.pageSize) return undefined;
  // Warnings that --strict makes errors fail the build: it reports every problem, builds' too.
  if (options.strict && snapshot.warnings.length > 0) return undefined;
  if (entries.count !== snapshot.names.length || !portIndexSchema.safeParse(read.document).success) return undefined;
  const changedAt: number[] = [];
  for (let i = 0; i < entries.count; i++) if (textHashes[i] !== snapshot.textHashes[i]) changedAt.push(i);
  if (changedAt.length > Math.max(CHANGED_FEW, entries.count / CHANGED_SHARE)) return undefined;
  const pages = new Set(changedAt.map((index) => Math.floor((entries.count - 1 - index) / options.pageSize)));
  if (pages.size * options.pageSize > PAGED_MOST) return undefined;
  const changed = new Map<number, ChangedPort>();
  for (const index of changedAt) {
    const port = changedPort(read, snapshot, index, textHashes[index]!);
    if (!port) return undefined;
    changed.set(index, port);
  }
  const prints = textHashes.map((hash, i) => hash + snapshot.crossDigests[i]);
  return { snapshot: { ...snapshot, textHashes }, prints, cores: coresKey(snapshot.coreHashes), changed };
}

/**
 * Past one port in this many changed (and more than a few), the ports are derived in full: each
 * changed port costs a parse, a validation and a read of its last file, which add up to more
 * than the derivation of the others.
 */
const CHANGED_SHARE = 20;
const CHANGED_FEW = 100;
/**
 * Each ports page that lists a changed port is made again from its ports' files, each read
 * and sent by the writer thread: past so many ports on such pages, deriving them all costs less.
 */
const PAGED_MOST = 5000;

/** The port at `index`, valid and of the core it had, or undefined. */
function changedPort(read: PortIndexDocument, snapshot: Snapshot, index: number, textHash: string): ChangedPort | undefined {
  const entries = read.entries!;
  let entry: unknown;
  try {
    entry = entries.take(index);
  } catch (cause) {
    if (isPortSyntaxError(cause)) return undefined;
    throw cause;
  }
  const escapeFree = entries.escapeFree!(index);
  if (!compiledPortSchema(escapeFree).validate(entry)) return undefined;
  const record = toPortRecord(entry as PortSource, index, escapeFree, textHash);
  if (coreHashOf(record) !== snapshot.coreHashes[index]) return undefined;
  return { own: record.own!, escapeFree, previousPrint: snapshot.textHashes[index]! + snapshot.crossDigests[index]! };
}

/**
 * A changed port's resource: its own fields from its text, the others from its last file (made
 * under its previous print, so from the same cross part of it).
 */
function changedResource(port: ChangedPort, name: string, lastText: string): PortResource {
  const { categories, maintainers, dependencies, depends_on } = JSON.parse(lastText) as PortResource;
  return portResource(name, port.own, { categories, maintainers, dependencies, depends_on });
}

/**
 * Writes what the plan asks for of the ports (`files[i]` is port i's file), when it asks only
 * for the changed ports' files and pages of the ports list, and every other file is at hand:
 * a changed port's last file (for what it takes from other ports), and the files of the
 * unchanged ports its pages list, as placed. False, having written nothing, when it cannot:
 * the ports are then derived in full. `elsewhere`: files the build makes without the ports.
 */
export async function writeRecalled(
  recalled: RecalledPorts,
  files: readonly string[],
  list: PortsList,
  render: ReadonlySet<string>,
  elsewhere: (file: string) => boolean,
  writer: SiteWriter,
  progress: Progress,
): Promise<boolean> {
  const { changed, prints, snapshot } = recalled;
  const changedFiles = new Map<string, number>();
  for (const index of changed.keys()) changedFiles.set(files[index]!, index);
  const pageFiles = new Map<string, number>();
  for (let page = 1; page <= list.pages; page++) pageFiles.set(listPageFile('ports', page), page);
  const toMake: number[] = [];
  const pages: number[] = [];
  for (const file of render) {
    const index = changedFiles.get(file);
    const page = pageFiles.get(file);
    if (index !== undefined) toMake.push(index);
    else if (page !== undefined) pages.push(page);
    else if (!elsewhere(file)) return false;
  }
  const asked: Array<[string, string]> = toMake.map((index) => [files[index]!, changed.get(index)!.previousPrint]);
  const placedAt = new Map<number, number>();
  for (const page of pages) {
    for (const index of list.indicesOf(page)) {
      if (render.has(files[index]!) || placedAt.has(index)) continue;
      placedAt.set(index, asked.length);
      asked.push([files[index]!, prints[index]!]);
    }
  }
  const texts = await writer.recall(asked);
  if (texts.includes(null)) return false;
  progress.phase('writing ports', toMake.length);
  const portTexts = new PortTexts();
  const made = new Map<number, string>();
  for (let k = 0; k < toMake.length; k++) {
    const index = toMake[k]!;
    const port = changed.get(index)!;
    const text = portTexts.of(changedResource(port, snapshot.names[index]!, texts[k]!), port.escapeFree);
    made.set(index, text);
    await writer.write(files[index]!, text, true);
    progress.advance();
  }
  for (const page of pages) {
    const paged = list.indicesOf(page).map((index) => made.get(index) ?? texts[placedAt.get(index)!]!);
    await writer.write(listPageFile('ports', page), list.body(page, paged));
  }
  return true;
}

/**
 * The ports derived in full from the bytes `first` read, when the plan asks for what only
 * the derivation makes: they must give what was wanted from the snapshot, or the build fails.
 */
export function derivedAgain(files: CatalogueFiles, log: ProblemLog, strict: boolean, first: FirstRead, recalled: RecalledPorts): { list: PortList; listings: ListingFiles } {
  const prepared = preparePorts(files, log, strict, undefined, first);
  const { snapshot, prints, cores } = recalled;
  const coreHashes = prepared && coreHashesOf(prepared.records);
  const list = prepared?.list;
  const listings = list && listingFiles(list.categoryListings(), list.maintainerListings(), snapshot.baseUrl, snapshot.pageSize);
  const same =
    list !== undefined &&
    list.length === prints.length &&
    prints.every((print, i) => list.printAt(i) === print && list.nameAt(i) === snapshot.names[i]) &&
    coreHashes !== undefined &&
    coresKey(coreHashes) === cores &&
    listings!.files.size === snapshot.listings.length &&
    snapshot.listings.every((file) => listings!.files.has(file));
  if (!same) throw new Error('the ports derived in full are not those the snapshot of the last build gave');
  return { list: list!, listings: listings! };
}
