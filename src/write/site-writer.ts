import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FilesInfo } from './manifest.js';
import { claimSpare, keepAsSpare } from './spare.js';
import { recoverStaging, stagingPath, swapIn } from './staging.js';
import type { TreeTotals } from './tree-writer.js';
import type { FromWorker, ToWorker, WorkerSetup } from './write-protocol.js';

/** A batch is sent when it holds this many characters or files: few messages, little memory. */
const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 256;
/** Batches in flight at once: the backpressure that bounds memory to a few megabytes. */
const BATCHES_IN_FLIGHT = 4;
const DIRECTORIES_PER_MESSAGE = 1000;
/** An empty, `.` or `..` segment, a backslash or a NUL: anything that could leave the tree. */
const UNSAFE_PATH = /(?:^|\/)\.{0,2}(?:\/|$)|[\\\0]/;
const DOT = 0x2e;
const SLASH = 0x2f;

const encoder = new TextEncoder();

/**
 * Whether a path plainly has no empty, `.` or `..` segment, backslash or NUL: a few native
 * searches, a third of the time of UNSAFE_PATH, which this runs ahead of for every file and
 * directory. A segment that merely starts with a dot (`a/.b`) goes on to UNSAFE_PATH.
 */
function isPlainPath(relative: string): boolean {
  const first = relative.charCodeAt(0);
  return (
    relative.length > 0 &&
    first !== DOT &&
    first !== SLASH &&
    relative.charCodeAt(relative.length - 1) !== SLASH &&
    !relative.includes('/.') &&
    !relative.includes('//') &&
    !relative.includes('\\') &&
    !relative.includes('\0')
  );
}

/**
 * Writes one site into a staging tree and swaps it in on `commit`. The staging tree is the
 * spare (see spare.ts) when there is one, updated in place, or else a new tree. The main
 * thread encodes files into batches; a writer thread makes directories, keeps or hard-links
 * unchanged files (so their modification time stays), writes the others, and keeps the manifest.
 */
export class SiteWriter {
  private paths: string[] = [];
  private directories: string[] = [];
  /**
   * Buffers of written batches, back from the writer for reuse. Left to the writer's garbage
   * collector instead, tens of megabytes of them waited there at a time (sampled RSS).
   */
  private buffers: ArrayBuffer[] = [];
  private bodies: string[] = [];
  /** Whether batches are sent without waiting for the writer (see `sendAhead`). */
  private ahead = false;
  /** Batches sent ahead that the writer has not finished: it takes batches in order. */
  private backlog = 0;
  private pendingBytes = 0;
  private inFlight = 0;
  private waiting: Array<() => void> = [];
  private failure: Error | undefined;
  private closing = false;
  private settled: ((reply: FromWorker) => void) | undefined;
  files = 0;
  written = 0;
  bytes = 0;

  /** Batches sent to the writer that it has not finished yet. */
  get queued(): number {
    return this.inFlight;
  }

  private constructor(
    private readonly out: string,
    readonly root: string,
    /** Whether `root` is the claimed spare rather than a new tree. */
    readonly updating: boolean,
    private readonly worker: Worker,
  ) {
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (cause) => this.fail(cause));
    worker.on('exit', (code) => this.fail(new Error(`the writer thread stopped (exit code ${code})`)));
  }

  static open(out: string): SiteWriter {
    recoverStaging(out);
    const root = stagingPath(out, 'new');
    const updating = claimSpare(out, root);
    if (!updating) mkdirSync(root, { recursive: true });
    const setup: WorkerSetup = { root, out: path.resolve(out), updating };
    const worker = new Worker(new URL('./write-worker.js', import.meta.url), { workerData: setup });
    return new SiteWriter(out, root, updating, worker);
  }

  async write(relative: string, body: string): Promise<void> {
    this.checkInside(relative);
    if (this.failure) throw this.failure;
    this.paths.push(relative);
    this.bodies.push(body);
    this.pendingBytes += body.length;
    this.files++;
    if (this.pendingBytes >= BATCH_BYTES || this.paths.length >= BATCH_FILES) await this.flush();
  }

  /**
   * Has the writer make a directory ahead of its files. Synchronous, so that a synchronous
   * loop can call it; directories are sent a thousand at a time, with no wait for the writer.
   */
  makeDirectory(relative: string): void {
    this.checkInside(relative);
    this.directories.push(relative);
    if (this.directories.length >= DIRECTORIES_PER_MESSAGE) this.sendDirectories();
  }

  private sendDirectories(): void {
    if (this.directories.length === 0 || this.failure) return;
    this.worker.postMessage({ type: 'directories', paths: this.directories } satisfies ToWorker);
    this.directories = [];
  }

  /** Files of the live tree that this build carries over without making their bytes again. */
  async carry(relatives: string[]): Promise<void> {
    for (const relative of relatives) this.checkInside(relative);
    await this.flush();
    this.files += relatives.length;
    this.inFlight++;
    this.worker.postMessage({ type: 'carry', paths: relatives } satisfies ToWorker);
  }

  /** Refuses any path that could leave the staging tree (defence in depth beyond the name rule). */
  checkInside(relative: string): void {
    if (!isPlainPath(relative) && UNSAFE_PATH.test(relative)) {
      throw new Error(`refusing to write outside the output directory: ${JSON.stringify(relative)}`);
    }
  }

  /**
   * Files written within `send` go to the writer without waiting for it: their batches queue
   * there, and the main thread goes on to other work while the writer catches up. After it,
   * the usual limit applies again to batches beyond that backlog. For a bounded set of small
   * files (the ports: some 31 MB at 40,000 ports) that the writer would otherwise make the
   * main thread wait for, one file at a time.
   */
  async sendAhead(send: () => Promise<void>): Promise<void> {
    this.ahead = true;
    try {
      await send();
      await this.flush();
    } finally {
      this.ahead = false;
      this.backlog = this.inFlight;
    }
  }

  /**
   * A view of `size` bytes on a buffer from the pool, or on a new one when none is big enough;
   * sent ahead, a batch gets a buffer of its own size, since many wait at once.
   */
  private bufferFor(size: number): Uint8Array {
    const index = this.buffers.findIndex((buffer) => buffer.byteLength >= size);
    const buffer = index === -1 ? new ArrayBuffer(this.ahead ? size : Math.max(size, BATCH_BYTES * 2)) : this.buffers.splice(index, 1)[0]!;
    return new Uint8Array(buffer, 0, size);
  }

  private async flush(): Promise<void> {
    this.sendDirectories();
    while (!this.ahead && this.inFlight - this.backlog >= BATCHES_IN_FLIGHT && !this.failure) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.failure) throw this.failure;
    if (this.paths.length === 0) return;
    const lengths = this.bodies.map((body) => Buffer.byteLength(body));
    const data = this.bufferFor(lengths.reduce((a, b) => a + b, 0));
    let offset = 0;
    for (const body of this.bodies) offset += encoder.encodeInto(body, data.subarray(offset)).written;
    const message: ToWorker = { type: 'batch', batch: { paths: this.paths, lengths, data: data.buffer as ArrayBuffer } };
    this.paths = [];
    this.bodies = [];
    this.pendingBytes = 0;
    this.inFlight++;
    this.worker.postMessage(message, [message.batch.data]);
  }

  private receive(message: FromWorker): void {
    if (message.type === 'failed') return this.fail(new Error(message.message));
    if (message.type === 'done') {
      if (message.buffer && this.buffers.length < BATCHES_IN_FLIGHT) this.buffers.push(message.buffer);
      this.inFlight--;
      if (this.backlog > 0) this.backlog--;
      this.waiting.shift()?.();
      return;
    }
    this.settled?.(message);
  }

  private fail(cause: Error): void {
    if (this.closing) return; // our own terminate() ends the thread
    this.failure ??= cause;
    for (const resolve of this.waiting.splice(0)) resolve();
    this.settled?.({ type: 'failed', message: cause.message });
  }

  /** Sends the last message and waits for the writer's answer to it. */
  private finalMessage(message: ToWorker): Promise<FromWorker> {
    return new Promise<FromWorker>((resolve) => {
      this.settled = resolve;
      this.worker.postMessage(message);
    });
  }

  /** Sends what is left, has the writer record the manifest, and swaps the tree in. */
  async commit(filesInfo?: FilesInfo): Promise<void> {
    await this.flush();
    if (this.failure) throw this.failure;
    const reply = await this.finalMessage({ type: 'commit', filesInfo });
    this.closing = true;
    await this.worker.terminate();
    if (this.failure) throw this.failure;
    const totals = reply as TreeTotals;
    this.written = totals.written;
    this.bytes = totals.bytes;
    swapIn(this.root, this.out);
  }

  /**
   * Nothing of this build reaches `--out`. A claimed spare is handed back, its marker saying
   * what it holds now; a new tree, or a spare the writer could not account for, is deleted.
   */
  async abort(): Promise<void> {
    const released = this.updating && !this.failure && !this.closing && (await this.finalMessage({ type: 'release' })).type === 'released';
    this.closing = true;
    await this.worker.terminate();
    if (released) keepAsSpare(this.root, this.out);
    else rmSync(this.root, { recursive: true, force: true });
  }
}
