/**
 * What a build keeps for the next one, in the state directory beside `--out` (beside the
 * writer's own trees and ledgers): what it knew of builds.ndjson, the ports' records, what it
 * derived from them, and the catalogue the published site was built from. They belong to the
 * file system and the code they were made on, not in the site, whose bytes stay the same wherever
 * it is built. Each is only a speed-up: one that cannot be read is as if absent, and a save that
 * fails is not a build's failure (the next build reads, derives or builds again). A save is
 * whole or not at all (see writeAtomically).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KnownFile } from '../catalogue/file-identity.js';
import type { PortRecord } from '../catalogue/records/port-record.js';
import { decodeRecordCache, recordCacheHeader, recordCacheLines, type RecordCache } from '../catalogue/records/record-cache.js';
import { eachChunk } from '../core/chunks.js';
import { contentDigest } from '../core/content-hash.js';
import { writeAll, writeAtomically } from '../core/fs.js';
import { decodeSnapshot, encodeSnapshot, type Snapshot } from '../derive/snapshot.js';
import { makeStateDirectory, stateDirectory } from '../writer/trees/tree-roles.js';

/** What the last build knew of builds.ndjson (see catalogue/file-identity). */
const IDENTITY_FILE = 'identity.json';
/** The ports' records of the last build (see catalogue/records/record-cache). */
const RECORDS_FILE = 'records.json';
/** What the last build derived from its ports (see derive/snapshot). */
const SNAPSHOT_FILE = 'derived.json';
/**
 * The digest of the catalogue the published site was built from (see catalogueDigest), saved once
 * a build has published. `update` builds whenever the catalogue is another, so that an import
 * whose build was stopped (killed, a full disk, a bad port) is built by the next update, not
 * taken for "no change".
 */
const BUILT_FROM_FILE = 'built-from.json';

/** What the last build of `out` knew of the file `source`, when it kept that file's identity. */
export function loadIdentity(out: string, source: string): KnownFile | undefined {
  const kept = loadJson(out, IDENTITY_FILE) as Partial<{ path: string } & KnownFile> | undefined;
  if (!kept || kept.path !== path.resolve(source)) return undefined;
  const { digest, records, identity } = kept;
  if (typeof digest !== 'string' || typeof identity !== 'string') return undefined;
  if (typeof records !== 'number' || !Number.isSafeInteger(records) || records < 0) return undefined;
  return { digest, records, identity };
}

/** What is known of `source` now, for the next build: only a file with an identity is worth keeping. */
export function saveIdentity(out: string, source: string, known: KnownFile): void {
  if (known.identity === null) return;
  const { digest, records, identity } = known;
  save(out, IDENTITY_FILE, JSON.stringify({ path: path.resolve(source), digest, records, identity }));
}

/** The records the last build of `out` kept, when the code of `fingerprint` wrote them. */
export function loadRecords(out: string, fingerprint: string): RecordCache | undefined {
  const bytes = load(out, RECORDS_FILE);
  return bytes === undefined ? undefined : decodeRecordCache(bytes, fingerprint);
}

/**
 * Written a chunk at a time, the header last, in the room left for it: the cache is never one
 * text in memory. The lines of the records `previous` holds are copied from it (see
 * recordCacheLines). Gives every record's core hash; undefined when a record has no text hash,
 * or the cache could not be saved.
 */
export function saveRecords(out: string, fingerprint: string, records: readonly PortRecord[], previous?: RecordCache): string[] | undefined {
  const coreHashes: string[] = [];
  const saved = save(out, RECORDS_FILE, (fd) => {
    const room = Buffer.byteLength(recordCacheHeader(fingerprint, '0'.repeat(16)));
    const digest = contentDigest();
    let position = room;
    eachChunk(recordCacheLines(records, previous, coreHashes), (chunk) => {
      digest.update(chunk);
      position += writeAll(fd, chunk, position);
    });
    const header = Buffer.from(recordCacheHeader(fingerprint, digest.digest()));
    if (header.length !== room) throw new Error('a record cache header of another length');
    writeAll(fd, header, 0);
  });
  return saved && coreHashes.length === records.length ? coreHashes : undefined;
}

/** The snapshot of `count` ports the last build of `out` kept, when the code of `fingerprint` wrote it. */
export function loadSnapshot(out: string, fingerprint: string, count: number): Snapshot | undefined {
  const bytes = load(out, SNAPSHOT_FILE);
  return bytes === undefined ? undefined : decodeSnapshot(bytes, fingerprint, count);
}

export function saveSnapshot(out: string, fingerprint: string, snapshot: Snapshot): void {
  save(out, SNAPSHOT_FILE, (fd) => encodeSnapshot(fingerprint, snapshot).forEach((part) => writeAll(fd, part, null)));
}

/** The digest of the catalogue the site at `out` was last built from, when a build saved one. */
export function loadBuiltFrom(out: string): string | undefined {
  const kept = loadJson(out, BUILT_FROM_FILE) as { digest?: unknown } | undefined;
  return typeof kept?.digest === 'string' ? kept.digest : undefined;
}

export function saveBuiltFrom(out: string, digest: string): void {
  save(out, BUILT_FROM_FILE, JSON.stringify({ digest }));
}

/** The bytes of the state file `name`, or undefined when it cannot be read. */
function load(out: string, name: string): Buffer | undefined {
  try {
    return readFileSync(path.join(stateDirectory(out), name));
  } catch {
    return undefined;
  }
}

/** The JSON value of the state file `name`, or undefined when it cannot be read or parsed. */
function loadJson(out: string, name: string): unknown {
  try {
    return JSON.parse(load(out, name)?.toString('utf8') ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether the state file `name` was saved: `content` is its text, or writes it to the descriptor it is given. */
function save(out: string, name: string, content: string | ((fd: number) => void)): boolean {
  try {
    makeStateDirectory(out);
    writeAtomically(path.join(stateDirectory(out), name), content);
    return true;
  } catch {
    return false;
  }
}
