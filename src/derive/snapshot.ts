import { contentHash } from '../content-hash.js';
import type { Problem } from '../problems/problem.js';

/**
 * What a build derived from its ports, kept for the next build (see commands/recalled-ports):
 * per port, in catalogue order, its name, its text hash, its core hash (the hash of what
 * derivation takes from it, see recordCacheLines) and the cross part of its print (see
 * PortList.printAt); and what the derivation made of them all, the listing files and the
 * warnings. Every cross part, listing and warning follows from the cores alone, so a next
 * build whose ports have the same cores in the same order has them all the same, and need
 * not derive them again: only the ports whose text changed are read.
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
  /** The paths of the listing files (see listing-files): the API root, the categories, the maintainers. */
  listings: string[];
  /** The derivation's warnings, as it gave them. */
  warnings: Problem[];
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
}

/** Hashes are 16 hex digits; port names hold no space or newline (see PORT_NAME). */
const HASH_LENGTH = 16;
const NAME_START = 3 * (HASH_LENGTH + 1);

/**
 * The snapshot as text: a header line (the code's fingerprint, the hash of the rest, the count),
 * then a line per port (text hash, core hash, cross digest and name, a space between), then a
 * line with the rest as JSON.
 */
export function encodeSnapshot(fingerprint: string, snapshot: Snapshot): string {
  const lines: string[] = [];
  for (let i = 0; i < snapshot.names.length; i++) {
    lines.push(`${snapshot.textHashes[i]} ${snapshot.coreHashes[i]} ${snapshot.crossDigests[i]} ${snapshot.names[i]}\n`);
  }
  const { file, baseUrl, pageSize, listings, warnings } = snapshot;
  const trailer: Trailer = { file, baseUrl, pageSize, listings, warnings };
  lines.push(`${JSON.stringify(trailer)}\n`);
  const body = lines.join('');
  const header: Header = { generator: 'ports-gen', cache: 'derived', fingerprint, hash: contentHash(body), count: snapshot.names.length };
  return `${JSON.stringify(header)}\n${body}`;
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
    const lines = bytes.toString('utf8', newline + 1).split('\n');
    const ports = header.count!;
    if (lines.length !== ports + 2 || lines[ports + 1] !== '') return undefined;
    const names: string[] = [];
    const textHashes: string[] = [];
    const coreHashes: string[] = [];
    const crossDigests: string[] = [];
    for (let i = 0; i < ports; i++) {
      const line = lines[i]!;
      if (line.length <= NAME_START || line[HASH_LENGTH] !== ' ' || line[2 * HASH_LENGTH + 1] !== ' ' || line[NAME_START - 1] !== ' ') return undefined;
      textHashes.push(line.slice(0, HASH_LENGTH));
      coreHashes.push(line.slice(HASH_LENGTH + 1, 2 * HASH_LENGTH + 1));
      crossDigests.push(line.slice(2 * HASH_LENGTH + 2, NAME_START - 1));
      names.push(line.slice(NAME_START));
    }
    const { file, baseUrl, pageSize, listings, warnings } = JSON.parse(lines[ports]!) as Trailer;
    return { file, baseUrl, pageSize, names, textHashes, coreHashes, crossDigests, listings, warnings };
  } catch {
    return undefined;
  }
}

/** The key of everything made from the ports' cores alone, in their order: their core hashes'. */
export function coresKey(coreHashes: readonly string[]): string {
  return contentHash(['cores', ...coreHashes].join('\n'));
}
