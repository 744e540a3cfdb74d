/**
 * A native PortIndex checked as the source of `ports-gen import`: its entries found on this
 * thread (cheap), then read and checked (the import's main cost). A large index is shared with
 * a second thread (import-worker), started first so that it loads its code while the entries
 * are found; it has them to itself while this thread reads the catalogue, then the two share
 * what is left chunk by chunk (see native-chunks).
 */
import { Worker } from 'node:worker_threads';
import type { IndexPort } from '../derive/merge-ports.js';
import { error, type Problem } from '../problems/problem.js';
import { fromThreadError } from '../problems/thread-error.js';
import { findNativeEntries, inLineOrder, type NativeBodies } from '../read/native-port-index.js';
import { checkClaimed, chunkCount, type CheckerSetup, type FromChecker } from './native-chunks.js';
import { checkNativeEntries, type CheckedEntries } from './native-entries.js';

/** From this size the second thread pays for its start: some 4,000 entries (MacPorts' index has 40,000). */
export const SHARED_FROM_BYTES = 4 << 20;

/**
 * The second thread's young generation: it sends each chunk as soon as it is made, so little of
 * what it allocates lives long, and V8's default would only add to the import's peak RSS.
 */
const YOUNG_GENERATION_MB = 16;

export interface NativeCheck {
  /** Checks what is left on this thread, waits for the other: the ports, or the problems. */
  finish(): Promise<{ ports: IndexPort[]; problems: Problem[] }>;
  /** Stops the second thread, if any (an interrupt); safe to call more than once. */
  stop(): Promise<void>;
}

export interface NativeCheckOptions {
  /** From this many bytes the check is shared with a second thread. */
  sharedFrom?: number;
  /** Whether this thread checks entries too when shared; tests leave it all to the other. */
  checkHere?: boolean;
}

/** Starts checking a native PortIndex. */
export function startNativeCheck(bytes: Uint8Array, file: string, { sharedFrom = SHARED_FROM_BYTES, checkHere = true }: NativeCheckOptions = {}): NativeCheck {
  const shared = bytes.length >= sharedFrom;
  const input = shared ? sharedBytes(bytes) : bytes;
  const worker = shared ? new Worker(new URL('./import-worker.js', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }) : undefined;
  const spans = findNativeEntries(input, file);
  const count = spans.names.length;
  const noPorts = count === 0 && spans.problems.length === 0 ? [error('no-ports', file, {}, 'expected at least one port entry ("<name> <length>" and its data), found none')] : [];
  const join = joiner([...spans.problems, ...noPorts]);
  return worker ? checkShared(spans, file, join, worker, checkHere) : checkAlone(spans, file, join);
}

/** The bytes in shared memory: copied there unless read there (see readSourceFile). */
function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

type Join = (checked: readonly CheckedEntries[]) => { ports: IndexPort[]; problems: Problem[] };

/** The chunks' ports in order, and their problems with those of finding the entries, in line order. */
const joiner =
  (found: Problem[]): Join =>
  (checked) => ({ ports: checked.flatMap((chunk) => chunk.ports), problems: inLineOrder(found, checked.flatMap((chunk) => chunk.problems)) });

function checkAlone(spans: NativeBodies, file: string, join: Join): NativeCheck {
  return { finish: async () => join([checkNativeEntries(spans, 0, spans.names.length, file)]), stop: async () => {} };
}

function checkShared(spans: NativeBodies, file: string, join: Join, worker: Worker, checkHere: boolean): NativeCheck {
  const { body, names, lines, starts, ends } = spans;
  // Let go once this thread has claimed its last chunk: the import holds its check to the end.
  let bodies: NativeBodies | undefined = spans;
  const claims = new SharedArrayBuffer(4);
  const setup: CheckerSetup = { file, body: body.buffer as SharedArrayBuffer, bodyStart: body.byteOffset, bodyLength: body.length, names, lines, starts, ends, claims };
  worker.postMessage(setup);
  const chunks: CheckedEntries[] = new Array(chunkCount(names.length));
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
      if (checkHere) checkClaimed(bodies!, new Int32Array(claims), file, (index, checked) => (chunks[index] = checked));
      bodies = undefined;
      await done;
      await worker.terminate();
      return join(chunks);
    },
    stop: async () => void (await worker.terminate()),
  };
}
