/**
 * An import source checked, of any kind (see source-kind), on two threads when it is large: a
 * second thread (import-worker) is started first, so that it loads its code while this one
 * finds the entries; it has them to itself while this thread reads the catalogue, then the two
 * share what is left in chunks claimed from a shared counter, each thread taking the next
 * unclaimed one as it is free, so that neither waits on the other however their other work and
 * the machine's load fall. The chunks are joined in their order: the result does not depend on
 * which thread checked what.
 */
import { Worker } from 'node:worker_threads';
import { fromThreadError, type ThreadError } from '../../core/problems/thread-error.js';
import type { CheckedEntries, EntrySpans, ImportSource, SourceCheck, SourceRead } from './source-kind.js';

/** From this size a source is shared with a second thread, which costs its start: some 4,000 ports. */
const SHARED_FROM_BYTES = 4 << 20;

/** Entries a claim takes: small enough to share evenly, large enough that messages are few. */
export const CHUNK_ENTRIES = 256;

/**
 * The second thread's young generation: it sends each chunk as soon as it is made, so little of
 * what it allocates lives long, and V8's default would only add to the import's peak RSS.
 */
const YOUNG_GENERATION_MB = 16;

export interface ParallelCheckOptions {
  /** From this many bytes the check is shared with a second thread. */
  sharedFrom?: number;
  /** Whether this thread checks entries too when shared; tests leave it all to the other. */
  checkHere?: boolean;
}

/** What the checking thread is sent: the kind, the entries, their bytes shared, and the counter. */
export interface CheckerSetup {
  kind: string;
  file: string;
  /** The entries' bytes, from `bodyStart`, `bodyLength` of them. */
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

/** Starts checking a source of the kind `source` (see SourceCheck). */
export function startParallelCheck<Found extends EntrySpans>(source: ImportSource<Found>, bytes: Uint8Array, file: string, options: ParallelCheckOptions = {}): SourceCheck {
  const shared = bytes.length >= (options.sharedFrom ?? SHARED_FROM_BYTES);
  // Started before the entries are found: it loads its code meanwhile.
  const worker = shared ? new Worker(new URL('./import-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }) : undefined;
  const found = source.find(shared ? sharedBytes(bytes) : bytes, file);
  if ('read' in found) {
    // No entries to check after all (the source was read another way): the second thread ends.
    void worker?.terminate();
    return readAlready(found.read);
  }
  const check = worker ? checkShared(source, found.entries, file, worker, options.checkHere ?? true) : checkAlone(source, found.entries, file);
  return joined(source, found.entries, file, check);
}

/** The bytes in shared memory: copied there unless read there (see readSourceFile). */
function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

const readAlready = (read: SourceRead): SourceCheck => ({ finish: async () => read, stop: async () => {} });

interface ChunksCheck {
  /** Checks what is left on this thread, waits for the other: every chunk, in order. */
  finish(): Promise<CheckedEntries[]>;
  /** Stops the second thread, if any (an interrupt); safe to call more than once. */
  stop(): Promise<void>;
}

// In a function of its own (closures made in one scope share it: made in startParallelCheck,
// these would keep the source's bytes), and the entries let go once joined: the import holds
// its check to the end.
function joined<Found extends EntrySpans>(source: ImportSource<Found>, entries: Found, file: string, check: ChunksCheck): SourceCheck {
  let found: Found | undefined = entries;
  return {
    async finish() {
      const chunks = await check.finish();
      const read = source.join(found!, chunks, file);
      found = undefined;
      return read;
    },
    stop: () => check.stop(),
  };
}

const chunkCount = (entries: number) => Math.ceil(entries / CHUNK_ENTRIES);

/** Claims and checks chunks until none is left, handing each to `each` with its index. */
export function checkClaimed(source: ImportSource, spans: EntrySpans, claims: Int32Array, file: string, each: (index: number, checked: CheckedEntries) => void): void {
  const entries = spans.starts.length;
  const count = chunkCount(entries);
  for (let index = Atomics.add(claims, 0, 1); index < count; index = Atomics.add(claims, 0, 1)) {
    const from = index * CHUNK_ENTRIES;
    each(index, source.check(spans, from, Math.min(from + CHUNK_ENTRIES, entries), file));
  }
}

function checkAlone(source: ImportSource, spans: EntrySpans, file: string): ChunksCheck {
  return { finish: async () => [source.check(spans, 0, spans.starts.length, file)], stop: async () => {} };
}

function checkShared(source: ImportSource, found: EntrySpans, file: string, worker: Worker, checkHere: boolean): ChunksCheck {
  const { body, names, lines, starts, ends } = found;
  // Let go once this thread has claimed its last chunk: the import holds its check to the end.
  let spans: EntrySpans | undefined = found;
  const claims = new SharedArrayBuffer(4);
  const setup: CheckerSetup = { kind: source.kind, file, body: body.buffer as SharedArrayBuffer, bodyStart: body.byteOffset, bodyLength: body.length, names, lines, starts, ends, claims };
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
      if (checkHere) checkClaimed(source, spans!, new Int32Array(claims), file, (index, checked) => (chunks[index] = checked));
      spans = undefined;
      await done;
      await worker.terminate();
      return chunks;
    },
    stop: async () => void (await worker.terminate()),
  };
}
