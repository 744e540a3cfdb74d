import { Worker } from 'node:worker_threads';

/**
 * The writer thread's young generation: its short-lived objects are small (a batch's bytes are
 * outside the heap), and V8's default young generation only added to the build's peak RSS.
 */
const WRITER_YOUNG_GENERATION_MB = 8;

/**
 * A writer thread not taken by a build: started before it was asked for (see startWriterEarly),
 * or handed back by a build that finished (see handBack).
 */
let early: Worker | undefined;

/**
 * Starts the build's writer thread (write-worker.ts) now, so that it boots and loads its code
 * on the other core while this thread loads the rest of the CLI: a rebuild waits on the writer
 * from its start. It holds nothing open and does nothing until a build takes it and sends its
 * setup; a process that builds nothing exits as if it had not been started. This module
 * imports nothing of ports-gen, so the CLI's entry can load it first.
 */
export function startWriterEarly(): void {
  if (!early) keep(spawn());
}

/**
 * A writer thread whose build finished, idle, its session let go: the next build in this
 * process takes it instead of starting a thread (tests and scripts build hundreds of sites in
 * one process, where a thread's start costs as much as a small build). It holds nothing open,
 * so a process that builds no more exits as if it were gone.
 */
export function handBack(worker: Worker): Promise<number> | undefined {
  // The build's own listeners only: Node's Worker listens to itself too (a thread stripped of
  // every listener delivers no message).
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
  if (early) return worker.terminate();
  keep(worker);
  return undefined;
}

function keep(worker: Worker): void {
  worker.unref();
  // One that failed or stopped is let go: the build starts another (see takeWriter).
  const drop = () => {
    if (early === worker) early = undefined;
  };
  worker.once('error', drop);
  worker.once('exit', drop);
  early = worker;
}

/** The writer thread for a build: the one kept when there is one, else a new one. */
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
