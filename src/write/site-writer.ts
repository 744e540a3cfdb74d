import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { recoverStaging, stagingPath, swapIn } from './staging.js';
import type { FromWorker, ToWorker, WorkerSetup } from './write-protocol.js';

/** A batch is sent when it holds this many characters or files: few messages, little memory. */
const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 256;
/** Batches in flight at once: the backpressure that bounds memory to a few megabytes. */
const BATCHES_IN_FLIGHT = 4;

const encoder = new TextEncoder();

/**
 * Writes one site into a staging tree and swaps it in on `commit`. The main thread encodes
 * files into batches; a writer thread creates directories, writes or hard-links unchanged
 * files from the previous build (so their modification time stays), and keeps the manifest.
 */
export class SiteWriter {
  private paths: string[] = [];
  private bodies: string[] = [];
  private pendingBytes = 0;
  private inFlight = 0;
  private waiting: Array<() => void> = [];
  private failure: Error | undefined;
  private closing = false;
  private committed: ((totals: { written: number; reused: number; bytes: number }) => void) | undefined;
  files = 0;
  written = 0;
  bytes = 0;

  private constructor(
    private readonly out: string,
    readonly root: string,
    private readonly worker: Worker,
  ) {
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (cause) => this.fail(cause));
    worker.on('exit', (code) => this.fail(new Error(`the writer thread stopped (exit code ${code})`)));
  }

  static open(out: string): SiteWriter {
    recoverStaging(out);
    const root = stagingPath(out, 'new');
    mkdirSync(root, { recursive: true });
    const setup: WorkerSetup = { root, out: path.resolve(out) };
    const worker = new Worker(new URL('./write-worker.js', import.meta.url), { workerData: setup });
    return new SiteWriter(out, root, worker);
  }

  async write(relative: string, body: string): Promise<void> {
    this.resolveInside(relative);
    if (this.failure) throw this.failure;
    this.paths.push(relative);
    this.bodies.push(body);
    this.pendingBytes += body.length;
    this.files++;
    if (this.pendingBytes >= BATCH_BYTES || this.paths.length >= BATCH_FILES) await this.flush();
  }

  /** Refuses any path that could leave the staging tree (defence in depth beyond the name rule). */
  resolveInside(relative: string): string {
    const parts = relative.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))) {
      throw new Error(`refusing to write outside the output directory: ${JSON.stringify(relative)}`);
    }
    return path.join(this.root, ...parts);
  }

  private async flush(): Promise<void> {
    while (this.inFlight >= BATCHES_IN_FLIGHT && !this.failure) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failure) throw this.failure;
    if (this.paths.length === 0) return;
    const lengths = this.bodies.map((body) => Buffer.byteLength(body));
    const data = new Uint8Array(lengths.reduce((a, b) => a + b, 0));
    let offset = 0;
    for (const body of this.bodies) offset += encoder.encodeInto(body, data.subarray(offset)).written;
    const message: ToWorker = { type: 'batch', batch: { paths: this.paths, lengths, data: data.buffer } };
    this.paths = [];
    this.bodies = [];
    this.pendingBytes = 0;
    this.inFlight++;
    this.worker.postMessage(message, [data.buffer]);
  }

  private receive(message: FromWorker): void {
    if (message.type === 'failed') return this.fail(new Error(message.message));
    if (message.type === 'done') {
      this.inFlight--;
      this.waiting.shift()?.();
      return;
    }
    this.committed?.(message);
  }

  private fail(cause: Error): void {
    if (this.closing) return; // our own terminate() ends the thread
    this.failure ??= cause;
    for (const resolve of this.waiting.splice(0)) resolve();
    this.committed?.({ written: 0, reused: 0, bytes: 0 });
  }

  /** Sends what is left, has the writer record the manifest, and swaps the tree in. */
  async commit(): Promise<void> {
    await this.flush();
    if (this.failure) throw this.failure;
    const totals = await new Promise<{ written: number; reused: number; bytes: number }>((resolve) => {
      this.committed = resolve;
      this.worker.postMessage({ type: 'commit' } satisfies ToWorker);
    });
    this.closing = true;
    await this.worker.terminate();
    if (this.failure) throw this.failure;
    this.written = totals.written;
    this.bytes = totals.bytes;
    swapIn(this.root, this.out);
  }

  async abort(): Promise<void> {
    this.closing = true;
    await this.worker.terminate();
    rmSync(this.root, { recursive: true, force: true });
  }
}
