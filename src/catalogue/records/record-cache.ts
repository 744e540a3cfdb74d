import { contentHash } from '../../core/content-hash.js';
import { isStrings } from '../json-shape.js';
import { DEPENDENCY_KINDS, type DependencyKind } from './port-schema.js';
import type { MaintainerSource, PortCore, PortRecord } from './port-record.js';

/**
 * What a build learnt from each valid port's text, kept for the next build: a port whose text
 * (its bytes in `portindex.json`) is unchanged is not parsed and validated again, its record is
 * taken from here. A record follows from the text and the code alone, so the cache is keyed
 * by the text's content hash and belongs to the code that wrote it (its fingerprint); made by
 * other code, it is not used at all.
 *
 * The text: a header line with the fingerprint and the content hash of the lines that follow,
 * then a line per record, its text hash, its core hash (see coreHashOf) and its fields as a
 * JSON array. A cache whose lines do not hash to its header's hash (a torn write, a disk
 * error, an edit) is not used: every port is then read in full, and the site is the same. A
 * record's line is parsed only when its port is met, so what the cache holds is made and
 * dropped a port at a time, as the ports read in full are, not every record's objects at once.
 */

/** A record's fields that follow from its text (see PortCore), without its place in the document. */
type CachedCore = Omit<PortCore, 'index'>;

/**
 * [name, categories, maintainers as name, domain, github by turns, active, description, variants,
 * depends by kind, release]: the core (see coreHashOf) is the row's start.
 */
type Row = [...Core, string[][], string];
type Core = [string, string[], string[], boolean, string, string[]];

interface Header {
  generator: 'ports-gen';
  cache: 'records';
  fingerprint: string;
  hash: string;
}

/** The records of a cache, each made from its line when asked for. */
export interface RecordCache {
  /** How many records the cache holds. */
  readonly size: number;
  /** The record of the text with this content hash; undefined when the cache has none. */
  get(textHash: string): CachedCore | undefined;
  /** The line of that record, as written: the next cache takes it as it is. */
  lineOf(textHash: string): Uint8Array | undefined;
  /** The core hash of that record (see recordCacheLines). */
  coreHashOf(textHash: string): string | undefined;
}

/** Text and core hashes are 16 hex digits (see content-hash); a space follows each. */
const HASH_LENGTH = 16;
/** Where a line's fields start: after its text hash and its core hash. */
const ROW_START = 2 * (HASH_LENGTH + 1);
const NEWLINE = 0x0a;
const SPACE = 0x20;

/** One shared empty list, as the records made from text have (see port-record). */
const NONE: string[] = Object.freeze([]) as unknown as string[];

/**
 * The cache's record lines, one per record with a text hash, each ending in a newline: written
 * out as they are made (see recordCacheHeader), never held as one text. A record the previous
 * cache has keeps its line, bytes as they were. Each record's core hash, the content hash of
 * its fields' JSON text without the dependencies, is pushed to `coreHashes` in turn: two
 * records with equal core hashes have equal fields but their dependencies, whatever their texts
 * (see derive/snapshot).
 */
export function* recordCacheLines(records: readonly PortRecord[], previous?: RecordCache, coreHashes: string[] = []): Iterable<string | Uint8Array> {
  for (const record of records) {
    // A record with a warning of its own is not kept: the next build reads it, and warns, again.
    if (record.textHash === undefined || record.joinedLists) continue;
    const line = previous?.lineOf(record.textHash);
    if (line) {
      coreHashes.push(previous!.coreHashOf(record.textHash)!);
      yield line;
      continue;
    }
    const core = coreText(record);
    const coreHash = contentHash(core);
    coreHashes.push(coreHash);
    const depends = DEPENDENCY_KINDS.map((kind) => record.depends[kind]);
    yield `${record.textHash} ${coreHash} ${core.slice(0, -1)},${JSON.stringify(depends)},${JSON.stringify(record.release)}]\n`;
  }
}

/**
 * A record's core hash (see recordCacheLines): of what the listings, the search index, the
 * query index and the host's rules take from it, its name, categories, maintainers, activity,
 * description and variants. Its
 * dependencies, which only ports' files take, are compared by what they resolve to (see
 * build/recall/recalled-ports).
 */
export function coreHashOf(record: PortRecord): string {
  return contentHash(coreText(record));
}

/** A record's fields but its dependencies, as its line of the cache starts them (see Row). */
function coreText(record: PortRecord): string {
  const maintainers: string[] = [];
  for (const m of record.maintainers) maintainers.push(m.name, m.domain, m.github);
  const core: Core = [record.name, record.categories, maintainers, record.active, record.description, record.variants];
  return JSON.stringify(core);
}

/**
 * Every record's core hash (see recordCacheLines), taken from `cache` where it holds the record;
 * undefined when a record has no text hash (a document read whole).
 */
export function coreHashesOf(records: readonly PortRecord[], cache?: RecordCache): string[] | undefined {
  if (records.some((record) => record.textHash === undefined)) return undefined;
  return records.map((record) => cache?.coreHashOf(record.textHash!) ?? coreHashOf(record));
}

/**
 * The header line, to stand before record lines whose bytes hash to `hash`: of one length for
 * every hash, so that it can be written last, in the room left for it.
 */
export function recordCacheHeader(fingerprint: string, hash: string): string {
  const header: Header = { generator: 'ports-gen', cache: 'records', fingerprint, hash };
  return `${JSON.stringify(header)}\n`;
}

/** The cache in `bytes`, when the code of `fingerprint` wrote it and it is whole; undefined otherwise. */
export function decodeRecordCache(bytes: Buffer, fingerprint: string): RecordCache | undefined {
  const newline = bytes.indexOf(NEWLINE);
  if (newline < 0) return undefined;
  let header: Partial<Header>;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, newline)) as Partial<Header>;
  } catch {
    return undefined;
  }
  if (header.generator !== 'ports-gen' || header.cache !== 'records' || header.fingerprint !== fingerprint) return undefined;
  if (contentHash(bytes.subarray(newline + 1)) !== header.hash) return undefined;
  const lines = new Map<string, number>();
  for (let start = newline + 1; start < bytes.length; ) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < start + ROW_START || bytes[start + HASH_LENGTH] !== SPACE || bytes[start + ROW_START - 1] !== SPACE) return undefined;
    lines.set(bytes.toString('latin1', start, start + HASH_LENGTH), start);
    start = end + 1;
  }
  return {
    size: lines.size,
    get(textHash) {
      const start = lines.get(textHash);
      if (start === undefined) return undefined;
      try {
        return coreOf(JSON.parse(bytes.toString('utf8', start + ROW_START, bytes.indexOf(NEWLINE, start))));
      } catch {
        return undefined;
      }
    },
    lineOf(textHash) {
      const start = lines.get(textHash);
      return start === undefined ? undefined : bytes.subarray(start, bytes.indexOf(NEWLINE, start) + 1);
    },
    coreHashOf(textHash) {
      const start = lines.get(textHash);
      return start === undefined ? undefined : bytes.toString('latin1', start + HASH_LENGTH + 1, start + ROW_START - 1);
    },
  };
}

/** A row as a record's fields, or undefined for a row not of the shape written (the port is then read in full). */
function coreOf(row: unknown): CachedCore | undefined {
  if (!Array.isArray(row) || row.length !== 8) return undefined;
  const [name, categories, flat, active, description, variants, depends, release] = row as unknown[];
  if (typeof name !== 'string' || typeof active !== 'boolean' || typeof description !== 'string' || typeof release !== 'string') return undefined;
  if (!isStrings(categories) || !isStrings(flat) || flat.length % 3 !== 0 || !isStrings(variants)) return undefined;
  if (!Array.isArray(depends) || depends.length !== DEPENDENCY_KINDS.length || !depends.every(isStrings)) return undefined;
  const maintainers: MaintainerSource[] = [];
  for (let i = 0; i < flat.length; i += 3) maintainers.push({ name: flat[i]!, domain: flat[i + 1]!, github: flat[i + 2]! });
  const lists = depends as string[][];
  const listed = (kind: DependencyKind) => {
    const list = lists[DEPENDENCY_KINDS.indexOf(kind)]!;
    return list.length === 0 ? NONE : list;
  };
  // Spelled out in DEPENDENCY_KINDS order: one object shape for every record (see port-record).
  const byKind: Record<DependencyKind, string[]> = {
    lib: listed('lib'),
    extract: listed('extract'),
    run: listed('run'),
    patch: listed('patch'),
    build: listed('build'),
    test: listed('test'),
    fetch: listed('fetch'),
  };
  return { name, categories: categories.length === 0 ? NONE : categories, maintainers, depends: byKind, active, description, variants: variants.length === 0 ? NONE : variants, release };
}
