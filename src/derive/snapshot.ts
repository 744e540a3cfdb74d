import { endianness } from 'node:os';
import { contentDigest, contentHash } from '../core/content-hash.js';
import type { Problem } from '../core/problems/problem.js';
import { isStrings } from '../catalogue/json-shape.js';
import { DEPENDENCY_KINDS } from '../catalogue/records/port-schema.js';
import { PairList, type DependencyLinks } from './dependencies.js';

/**
 * What a build derived from its ports, kept for the next build (see build/recall/recalled-ports):
 * per port, in catalogue order, its name, its text hash, its core hash (the hash of what the
 * listings take from it, see coreHashOf), the cross part of its print and that part's listing
 * digest (see PortList.printAt); the resolved dependencies of every port; and what the
 * derivation made of them all, the listing files and the warnings. Every listing digest and
 * listing file follows from the cores alone, every links digest from the links, so a next
 * build whose ports have the same cores in the same order has them all the same, and need not
 * derive them again: only the ports whose text changed are read, and the links digests of the
 * few ports whose links changed made again.
 */
export interface Snapshot {
  /** The document the ports were read from, as problems name it. */
  file: string;
  /** The options the listings were made with (their pages and links). */
  baseUrl: string;
  pageSize: number;
  names: string[];
  textHashes: string[];
  coreHashes: string[];
  crossDigests: string[];
  listingDigests: string[];
  links: DependencyLinks;
  /** Each port's entry of the versions file (see PortCore.release). */
  releases: string[];
  /** The paths of the listing files (see listing-files): the API root, the categories, the maintainers. */
  listings: string[];
  /** The derivation's warnings, as it gave them. */
  warnings: Problem[];
  /** The paths of the pages but the ports' own (see pages/site-pages), when the build made pages. */
  sitePages?: string[];
}

interface Header {
  generator: 'ports-gen';
  cache: 'derived';
  fingerprint: string;
  /** The content hash of the lines that follow. */
  hash: string;
  count: number;
}

interface Trailer {
  file: string;
  baseUrl: string;
  pageSize: number;
  listings: string[];
  warnings: Problem[];
  sitePages?: string[];
}

/** Hashes are 16 hex digits; port names hold no space or newline (see PORT_NAME). */
const HASH_LENGTH = 16;
/** The columns of hashes, one line each, in this order. */
const HASH_COLUMNS = ['textHashes', 'coreHashes', 'crossDigests', 'listingDigests'] as const;

/**
 * The snapshot as bytes, in parts to be written end to end: a header line (the code's
 * fingerprint, the hash of the rest, the count), then a line per column: each of HASH_COLUMNS,
 * its hashes one after the other; the names, a space between; the links in base64 (see
 * linksBytes); the rest as JSON. A column is a line, not a line per port, so that it is made and
 * read again in a few native calls; and the lines are bytes, not one text, which V8 would keep
 * until a full collection. Joined, they would be a copy of the whole in new memory.
 */
export function encodeSnapshot(fingerprint: string, snapshot: Snapshot): Buffer[] {
  const lines = HASH_COLUMNS.map((column) => hashesLine(snapshot[column]));
  const { file, baseUrl, pageSize, listings, warnings, sitePages } = snapshot;
  const trailer: Trailer = { file, baseUrl, pageSize, listings, warnings, sitePages };
  lines.push(
    Buffer.from(snapshot.names.join(' ')),
    Buffer.from(linksBytes(snapshot.links).toString('base64'), 'latin1'),
    Buffer.from(JSON.stringify(snapshot.releases)),
    Buffer.from(JSON.stringify(trailer)),
  );
  const body = lines.flatMap((line) => [line, NEWLINE]);
  const digest = contentDigest();
  for (const part of body) digest.update(part);
  const header: Header = { generator: 'ports-gen', cache: 'derived', fingerprint, hash: digest.digest(), count: snapshot.names.length };
  return [Buffer.from(`${JSON.stringify(header)}\n`), ...body];
}

const NEWLINE = Buffer.from('\n');

/** Hashes one after the other, as bytes. */
function hashesLine(hashes: readonly string[]): Buffer {
  const line = Buffer.allocUnsafe(hashes.length * HASH_LENGTH);
  for (let i = 0; i < hashes.length; i++) line.write(hashes[i]!, i * HASH_LENGTH, HASH_LENGTH, 'latin1');
  return line;
}

/**
 * The snapshot in `bytes`, when the code of `fingerprint` wrote it and it is whole (and, when
 * `count` is given, of that many ports: one of another count is not decoded); undefined otherwise.
 */
export function decodeSnapshot(bytes: Buffer, fingerprint: string, count?: number): Snapshot | undefined {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  try {
    const header = JSON.parse(bytes.toString('utf8', 0, newline)) as Partial<Header>;
    if (header.generator !== 'ports-gen' || header.cache !== 'derived' || header.fingerprint !== fingerprint) return undefined;
    if (!Number.isSafeInteger(header.count) || (count !== undefined && header.count !== count)) return undefined;
    if (contentHash(bytes.subarray(newline + 1)) !== header.hash) return undefined;
    // Each line decoded alone: the hashes are slices of their column's text, not of the whole.
    const lines: Buffer[] = [];
    for (let start = newline + 1; start < bytes.length; ) {
      const end = bytes.indexOf(0x0a, start);
      if (end < 0) return undefined;
      lines.push(bytes.subarray(start, end));
      start = end + 1;
    }
    const ports = header.count!;
    if (lines.length !== HASH_COLUMNS.length + 4) return undefined;
    const [textHashes, coreHashes, crossDigests, listingDigests] = HASH_COLUMNS.map((_, column) => hashesOf(lines[column]!.toString('latin1'), ports));
    const names = ports === 0 ? [] : lines[HASH_COLUMNS.length]!.toString('utf8').split(' ');
    const links = linksOf(Buffer.from(lines[HASH_COLUMNS.length + 1]!.toString('latin1'), 'base64'), ports);
    if (!textHashes || !coreHashes || !crossDigests || !listingDigests || names.length !== ports || !links) return undefined;
    const releases = JSON.parse(lines[HASH_COLUMNS.length + 2]!.toString('utf8')) as unknown;
    if (!isStrings(releases) || releases.length !== ports) return undefined;
    const { file, baseUrl, pageSize, listings, warnings, sitePages } = JSON.parse(lines[HASH_COLUMNS.length + 3]!.toString('utf8')) as Trailer;
    return { file, baseUrl, pageSize, names, textHashes, coreHashes, crossDigests, listingDigests, links, releases, listings, warnings, ...(sitePages === undefined ? {} : { sitePages }) };
  } catch {
    return undefined;
  }
}

/** The `count` hashes of a column's line, when it holds that many. */
function hashesOf(line: string, count: number): string[] | undefined {
  if (line.length !== count * HASH_LENGTH) return undefined;
  const hashes: string[] = [];
  for (let i = 0; i < count; i++) hashes.push(line.slice(i * HASH_LENGTH, (i + 1) * HASH_LENGTH));
  return hashes;
}

/**
 * The links as bytes: each port's first pair (count + 1 numbers, the last the count of pairs),
 * then each pair's target and each pair's kind index; numbers as 32-bit little-endian.
 */
function linksBytes({ pairs, firstPair }: DependencyLinks): Buffer {
  const { kinds, targets } = pairs.views();
  return Buffer.concat([littleEndian(firstPair), littleEndian(targets), kinds]);
}

/** The links of `ports` ports in `bytes` (see linksBytes), when they are of that shape. */
function linksOf(bytes: Buffer, ports: number): DependencyLinks | undefined {
  if (bytes.length < 4 * (ports + 1)) return undefined;
  const firstPair = int32sOf(bytes.subarray(0, 4 * (ports + 1)));
  const count = firstPair[ports]!;
  if (firstPair[0] !== 0 || bytes.length !== 4 * (ports + 1) + 5 * count) return undefined;
  for (let i = 0; i < ports; i++) if (firstPair[i + 1]! < firstPair[i]!) return undefined;
  const start = 4 * (ports + 1);
  const targets = int32sOf(bytes.subarray(start, start + 4 * count));
  for (let k = 0; k < count; k++) if (targets[k]! < 0 || targets[k]! >= ports) return undefined;
  const kinds = Uint8Array.from(bytes.subarray(start + 4 * count));
  for (let k = 0; k < count; k++) if (kinds[k]! >= DEPENDENCY_KINDS.length) return undefined;
  return { pairs: PairList.of(kinds, targets), firstPair };
}

const BIG_ENDIAN = endianness() === 'BE';

/** The bytes of `values`, little-endian: a copy of their memory, swapped where it is big-endian. */
function littleEndian(values: Int32Array): Buffer {
  const bytes = Buffer.from(Buffer.from(values.buffer, values.byteOffset, values.byteLength));
  return BIG_ENDIAN ? bytes.swap32() : bytes;
}

/** The numbers of little-endian `bytes` (see littleEndian). */
function int32sOf(bytes: Buffer): Int32Array {
  const values = new Int32Array(bytes.length / 4);
  const memory = Buffer.from(values.buffer);
  memory.set(bytes);
  if (BIG_ENDIAN) memory.swap32();
  return values;
}

/** The key of everything made from the ports' cores alone, in their order: their core hashes'. */
export function coresKey(coreHashes: readonly string[]): string {
  return contentHash(['cores', ...coreHashes].join('\n'));
}
