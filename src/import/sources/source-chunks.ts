/**
 * How two threads share the entries of a large import source (see shared-check): in chunks
 * claimed from a shared counter, each thread taking the next unclaimed one as it is free, so
 * that neither waits on the other however their other work and the machine's load fall.
 */
import type { ThreadError } from '../../core/problems/thread-error.js';
import type { NativeBodies } from './native-port-index.js';
import { checkJsonEntries } from './json-entries.js';
import { checkNativeEntries } from './native-entries.js';
import type { CheckedEntries } from './source-check.js';

/** Entries a claim takes: small enough to share evenly, large enough that messages are few. */
export const CHUNK_ENTRIES = 256;

/** A native PortIndex's entries, or the ports of portindex2json's JSON (see json-entries). */
export type SourceKind = 'native' | 'json';

/**
 * Where a source's entries are: their bytes, and for each its start and end in them; a native
 * entry also has its name and the line of its `<name> <length>` line (a JSON one has neither).
 */
export type EntryBodies = NativeBodies;

/** What the checking thread is sent: the entries, their bytes shared, and the counter. */
export interface CheckerSetup {
  kind: SourceKind;
  file: string;
  /** The file's bytes, from `bodyStart` (after a byte-order mark), `bodyLength` of them. */
  body: SharedArrayBuffer;
  bodyStart: number;
  bodyLength: number;
  names: string[];
  lines: number[];
  starts: number[];
  ends: number[];
  /** One Int32: the next chunk to claim. */
  claims: SharedArrayBuffer;
}

export type FromChecker = { type: 'chunk'; index: number; checked: CheckedEntries } | { type: 'done' } | { type: 'failed'; error: ThreadError };

export const chunkCount = (entries: number) => Math.ceil(entries / CHUNK_ENTRIES);

/** Entries `from` to `to` (not included) checked as their kind is. */
export function checkEntries(kind: SourceKind, bodies: EntryBodies, from: number, to: number, file: string): CheckedEntries {
  return kind === 'native' ? checkNativeEntries(bodies, from, to, file) : checkJsonEntries(bodies, from, to, file);
}

/** Claims and checks chunks until none is left, handing each to `each` with its index. */
export function checkClaimed(kind: SourceKind, bodies: EntryBodies, claims: Int32Array, file: string, each: (index: number, checked: CheckedEntries) => void): void {
  const entries = bodies.starts.length;
  const count = chunkCount(entries);
  for (let index = Atomics.add(claims, 0, 1); index < count; index = Atomics.add(claims, 0, 1)) {
    const from = index * CHUNK_ENTRIES;
    each(index, checkEntries(kind, bodies, from, Math.min(from + CHUNK_ENTRIES, entries), file));
  }
}
