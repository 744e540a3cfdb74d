/**
 * How two threads share the entries of a large native PortIndex (see native-source): in chunks
 * claimed from a shared counter, each thread taking the next unclaimed one as it is free, so
 * that neither waits on the other however their other work and the machine's load fall.
 */
import type { ThreadError } from '../problems/thread-error.js';
import type { NativeBodies } from '../read/native-port-index.js';
import { checkNativeEntries, type CheckedEntries } from './native-entries.js';

/** Entries a claim takes: small enough to share evenly, large enough that messages are few. */
export const CHUNK_ENTRIES = 256;

/** What the checking thread is sent: the entries, their bytes shared, and the counter. */
export interface CheckerSetup {
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

/** Claims and checks chunks until none is left, handing each to `each` with its index. */
export function checkClaimed(bodies: NativeBodies, claims: Int32Array, file: string, each: (index: number, checked: CheckedEntries) => void): void {
  const count = chunkCount(bodies.names.length);
  for (let index = Atomics.add(claims, 0, 1); index < count; index = Atomics.add(claims, 0, 1)) {
    const from = index * CHUNK_ENTRIES;
    each(index, checkNativeEntries(bodies, from, Math.min(from + CHUNK_ENTRIES, bodies.names.length), file));
  }
}
