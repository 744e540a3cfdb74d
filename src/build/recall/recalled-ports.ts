import { DependencyLists, DependencyResolver, PairList } from '../../derive/dependencies.js';
import type { PortList } from '../../derive/ports.js';
import { indexInOrder, relink, rewarned, samePairs } from '../../derive/relink.js';
import { coresKey, type Snapshot } from '../../derive/snapshot.js';
import type { Problem } from '../../core/problems/problem.js';
import type { ProblemLog } from '../../core/problems/problem-log.js';
import { ChangedWhileRead } from '../../catalogue/portindex/port-text-reader.js';
import { isPortSyntaxError, type PortIndexDocument } from '../../catalogue/portindex/read-port-index.js';
import { listingFiles, type ListingFiles } from '../../render/listing-files.js';
import { toPortRecord, type PortOwn, type PortRecord } from '../../catalogue/records/port-record.js';
import { compiledPortSchema, portIndexSchema, type PortSource } from '../../catalogue/records/port-schema.js';
import { coreHashesOf, coreHashOf } from '../../catalogue/records/record-cache.js';
import type { CatalogueFiles } from '../catalogue-files.js';
import { preparePorts, type FirstRead } from '../prepare-ports.js';
import { loadSnapshot } from '../state.js';

/**
 * A rebuild whose ports changed in their own fields or their dependencies (a version, a
 * homepage, a port named) needs little the derivation made of them all: every listing and
 * warning is the last build's, and so is every print's cross part but those of the few ports
 * whose links changed (see derive/snapshot, derive/relink). Its ports are taken from the last
 * build's snapshot; only the ports whose text changed are parsed and validated, each found to
 * have the core it had and its dependencies resolved again.
 */
export interface RecalledPorts {
  /** This build's snapshot: the last build's, with this document's text hashes and links. */
  snapshot: Snapshot;
  /** Each port's print (see PortList.printAt). */
  prints: string[];
  cores: string;
  /** The ports whose text changed, by index. */
  changed: Map<number, ChangedPort>;
  /** The ports whose file is made again (their text or their links changed), each with the print its file was made under in the last build. */
  remade: Map<number, string>;
  /** The published dependency lists, when some port's links changed; those ports' lists are taken from here. */
  relinked?: { lists: DependencyLists; ports: Set<number> };
  /**
   * With the pages, the ports remade for their links alone, read again from their texts: a
   * port's page shows its variants' descriptions, which only its text has.
   */
  reread: Map<number, ChangedPort>;
}

interface ChangedPort {
  own: PortOwn;
  escapeFree: boolean;
  release: string;
}

interface RecallOptions {
  /** The document as problems name it. */
  file: string;
  baseUrl: string;
  pageSize: number;
  strict: boolean;
  /** The build makes the pages for people: the last build must have made them too. */
  pages: boolean;
}

/** The ports as the last build of `out` left them (see recallPorts), when they can be. */
export function recalledPorts(out: string, fingerprint: string, first: FirstRead, options: RecallOptions): RecalledPorts | undefined {
  const entries = first.read.entries;
  const snapshot = entries && loadSnapshot(out, fingerprint, entries.count);
  return snapshot && recallPorts(first.read, snapshot, options, first.textHashes);
}

/**
 * The ports of `read` as the last build's snapshot has them, when it can: the same options, the
 * same number of ports, few of them changed on few pages (see CHANGED_SHARE, PAGED_MOST), each
 * valid with its core unchanged; undefined otherwise (the ports are then read and derived in
 * full). The text hashes, counted once, are left in `textHashes` for that.
 */
function recallPorts(read: PortIndexDocument, snapshot: Snapshot, options: RecallOptions, textHashes: string[]): RecalledPorts | undefined {
  const { entries } = read;
  if (!entries?.textHash || !entries.escapeFree) return undefined;
  for (let i = textHashes.length; i < entries.count; i++) textHashes.push(entries.textHash(i));
  if (snapshot.file !== options.file || snapshot.baseUrl !== options.baseUrl || snapshot.pageSize !== options.pageSize) return undefined;
  if ((snapshot.sitePages !== undefined) !== options.pages) return undefined;
  // Warnings that --strict makes errors fail the build: it reports every problem, builds' too.
  if (options.strict && snapshot.warnings.length > 0) return undefined;
  if (entries.count !== snapshot.names.length || !portIndexSchema.safeParse(read.document).success) return undefined;
  const changedAt: number[] = [];
  for (let i = 0; i < entries.count; i++) if (textHashes[i] !== snapshot.textHashes[i]) changedAt.push(i);
  const most = Math.max(CHANGED_FEW, entries.count / CHANGED_SHARE);
  if (changedAt.length > most) return undefined;
  const changed = new Map<number, ChangedPort>();
  const replaced = new Map<number, PairList>();
  const warned = new Map<number, Problem[]>();
  let resolver: DependencyResolver | undefined;
  for (const index of changedAt) {
    const record = changedRecord(read, snapshot, index, textHashes[index]!);
    if (!record) return undefined;
    const pairs = new PairList();
    const warnings: Problem[] = [];
    (resolver ??= new DependencyResolver(snapshot.names, options.file, true)).resolve(record, pairs, warnings);
    warned.set(index, warnings);
    if (!samePairs(snapshot.links, index, pairs)) replaced.set(index, pairs);
    changed.set(index, { own: record.own!, escapeFree: record.escapeFree, release: record.release });
  }
  const warnings = warned.size > 0 ? rewarned(snapshot.warnings, warned, indexInOrder(snapshot.names)) : snapshot.warnings;
  if (!warnings || (options.strict && warnings.length > 0)) return undefined;
  const relinked = replaced.size > 0 ? relink(snapshot, replaced) : undefined;
  const reread = new Map<number, ChangedPort>();
  for (const index of options.pages ? (relinked?.relinked ?? []) : []) {
    if (changed.has(index)) continue;
    const record = changedRecord(read, snapshot, index, textHashes[index]!);
    if (!record) return undefined;
    reread.set(index, { own: record.own!, escapeFree: record.escapeFree, release: record.release });
  }
  const crossDigests = relinked?.crossDigests ?? snapshot.crossDigests;
  const remade = new Map<number, string>();
  for (const index of [...changedAt, ...(relinked?.relinked ?? [])]) remade.set(index, snapshot.textHashes[index]! + snapshot.crossDigests[index]!);
  if (remade.size > most) return undefined;
  const pages = new Set([...remade.keys()].map((index) => Math.floor((entries.count - 1 - index) / options.pageSize)));
  if (pages.size * options.pageSize > PAGED_MOST) return undefined;
  const prints = textHashes.map((hash, i) => hash + crossDigests[i]);
  const releases = [...snapshot.releases];
  for (const [index, port] of changed) releases[index] = port.release;
  return {
    snapshot: { ...snapshot, textHashes, crossDigests, links: relinked?.links ?? snapshot.links, releases, warnings },
    prints,
    cores: coresKey(snapshot.coreHashes),
    changed,
    remade,
    relinked: relinked && { lists: relinked.lists, ports: new Set(relinked.relinked) },
    reread,
  };
}

/**
 * Past one port in this many changed or relinked (and more than a few), the ports are derived
 * in full: each such port costs a parse, a validation and a read of its last file, which add up
 * to more than the derivation of the others.
 */
const CHANGED_SHARE = 20;
const CHANGED_FEW = 100;
/**
 * Each ports page that lists a port made again is made again from its ports' files, each read
 * and sent by the writer thread: past so many ports on such pages, deriving them all costs less.
 */
const PAGED_MOST = 5000;

/** The record of the port at `index`, valid and of the core it had, or undefined. */
function changedRecord(read: PortIndexDocument, snapshot: Snapshot, index: number, textHash: string): PortRecord | undefined {
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
  // A port with lists in its lists warns of them: derived in full, its warnings are made there.
  return !record.joinedLists && coreHashOf(record) === snapshot.coreHashes[index] ? record : undefined;
}

/**
 * The ports derived in full, when the plan asks for what only the derivation makes: read again
 * (the recall let go of the document's bytes), they must have the texts recalled, or the file
 * changed while the build read it; and they must give what was wanted from the snapshot, or the
 * build fails.
 */
export function derivedAgain(files: CatalogueFiles, log: ProblemLog, strict: boolean, recalled: RecalledPorts): { list: PortList; listings: ListingFiles } {
  const { snapshot, prints, cores } = recalled;
  const prepared = preparePorts(files, log, strict);
  const records = prepared?.records;
  if (!records || records.length !== prints.length || records.some((record, i) => record.textHash !== snapshot.textHashes[i])) throw new ChangedWhileRead(files.portIndexName);
  const coreHashes = coreHashesOf(records);
  const list = prepared.list;
  const listings = listingFiles(list.categoryListings(), list.maintainerListings(), snapshot.baseUrl, snapshot.pageSize);
  const same =
    prints.every((print, i) => list.printAt(i) === print && list.nameAt(i) === snapshot.names[i]) &&
    coreHashes !== undefined &&
    coresKey(coreHashes) === cores &&
    listings.files.size === snapshot.listings.length &&
    snapshot.listings.every((file) => listings.files.has(file));
  if (!same) throw new Error('the ports derived in full are not those the snapshot of the last build gave');
  return { list, listings };
}
