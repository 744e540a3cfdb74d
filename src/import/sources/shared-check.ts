/**
 * An import source's entries checked on two threads: a second thread (import-worker) is
 * started first, so that it loads its code while this one finds the entries; it has them to
 * itself while this thread reads the catalogue, then the two share what is left, chunk by chunk
 * (see source-chunks). The chunks are joined in their order: the result does not depend on
 * which thread checked what.
 */
import { Worker } from 'node:worker_threads';
import { fromThreadError } from '../../core/problems/thread-error.js';
import type { CheckedEntries } from './source-check.js';
import { checkClaimed, checkEntries, chunkCount, type CheckerSetup, type EntryBodies, type FromChecker, type SourceKind } from './source-chunks.js';

/** From this size a source is shared with a second thread, which costs its start: some 4,000 ports. */
export const SHARED_FROM_BYTES = 4 << 20;

/**
 * The second thread's young generation: it sends each chunk as soon as it is made, so little of
 * what it allocates lives long, and V8's default would only add to the import's peak RSS.
 */
const YOUNG_GENERATION_MB = 16;

export interface SharedCheckOptions {
  /** From this many bytes the check is shared with a second thread. */
  sharedFrom?: number;
  /** Whether this thread checks entries too when shared; tests leave it all to the other. */
  checkHere?: boolean;
}

export interface EntriesCheck {
  /** Checks what is left on this thread, waits for the other: every chunk, in order. */
  finish(): Promise<CheckedEntries[]>;
  /** Stops the second thread, if any (an interrupt); safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * The checker of a source's entries, once they are found: `check(bodies)` with its bytes in
 * shared memory. `bytes` (the source's) decide whether a second thread is started, at once.
 */
export function sharedChecker(bytes: Uint8Array, kind: SourceKind, file: string, options: SharedCheckOptions = {}): SharedChecker {
  if (bytes.length < (options.sharedFrom ?? SHARED_FROM_BYTES)) return { input: bytes, check: (bodies) => checkAlone(kind, bodies, file), abandon: async () => {} };
  const input = sharedBytes(bytes);
  const worker = new Worker(new URL('./import-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  return { input, check: (bodies) => checkShared(kind, bodies, file, worker, options.checkHere ?? true), abandon: async () => void (await worker.terminate()) };
}

export interface SharedChecker {
  /** The source's bytes to find the entries in: in shared memory when there is a second thread. */
  input: Uint8Array;
  /** Starts checking the entries found. */
  check(bodies: EntryBodies): EntriesCheck;
  /** No entries to check after all (the source is read another way): the second thread ends. */
  abandon(): Promise<void>;
}

/** The bytes in shared memory: copied there unless read there (see readSourceFile). */
function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

function checkAlone(kind: SourceKind, bodies: EntryBodies, file: string): EntriesCheck {
  return { finish: async () => [checkEntries(kind, bodies, 0, bodies.starts.length, file)], stop: async () => {} };
}

function checkShared(kind: SourceKind, found: EntryBodies, file: string, worker: Worker, checkHere: boolean): EntriesCheck {
  const { body, names, lines, starts, ends } = found;
  // Let go once this thread has claimed its last chunk: the import holds its check to the end.
  let bodies: EntryBodies | undefined = found;
  const claims = new SharedArrayBuffer(4);
  const setup: CheckerSetup = { kind, file, body: body.buffer as SharedArrayBuffer, bodyStart: body.byteOffset, bodyLength: body.length, names, lines, starts, ends, claims };
  worker.postMessage(setup);
  const chunks: CheckedEntries[] = new Array(chunkCount(starts.length));
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromChecker) => {
      if (message.type === 'chunk') chunks[message.index] = message.checked;
      else if (message.type === 'done') resolve();
      else reject(fromThreadError(message.error));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the import's second thread stopped (exit code ${code})`)));
  });
  // Handled now: a failure may come while this thread is busy, before finish awaits it (and
  // after stop, none is wanted).
  done.catch(() => {});
  return {
    async finish() {
      if (checkHere) checkClaimed(kind, bodies!, new Int32Array(claims), file, (index, checked) => (chunks[index] = checked));
      bodies = undefined;
      await done;
      await worker.terminate();
      return chunks;
    },
    stop: async () => void (await worker.terminate()),
  };
}
