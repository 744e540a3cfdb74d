import { Worker } from 'node:worker_threads';

/**
 * The writer thread's young generation: its short-lived objects are small (a batch's bytes are
 * outside the heap), and V8's default young generation only added to the build's peak RSS.
 */
const WRITER_YOUNG_GENERATION_MB = 8;

/** A writer thread started before it was asked for (see startWriterEarly), while it is not taken. */
let early: Worker | undefined;

/**
 * Starts the build's writer thread (write-worker.ts) now, so that it boots and loads its code
 * on the other core while this thread loads the rest of the CLI: a rebuild waits on the writer
 * from its start. It holds nothing open and does nothing until a build takes it and sends its
 * setup; a process that builds nothing exits as if it had not been started. This module
 * imports nothing of ports-gen, so the CLI's entry can load it first.
 */
export function startWriterEarly(): void {
  if (early) return;
  const worker = spawn();
  worker.unref();
  // One that failed to start is let go: the build starts another (see takeWriter).
  const drop = () => {
    if (early === worker) early = undefined;
  };
  worker.once('error', drop);
  worker.once('exit', drop);
  early = worker;
}

/** The writer thread for a build: the one started early when there is one, else a new one. */
export function takeWriter(): Worker {
  const worker = early ?? spawn();
  early = undefined;
  worker.removeAllListeners('error').removeAllListeners('exit');
  worker.ref();
  return worker;
}

function spawn(): Worker {
  return new Worker(new URL('./write-worker.js', import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB },
  });
}
