import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { contentHash } from '../content-hash.js';
import type { FileSurvey } from '../read/file-identity.js';
import { encodeBodies, lengthOf, type Body } from './body.js';
import { HandOver } from './hand-over.js';
import { leavesTree, pathUnder } from './inside-tree.js';
import type { FilesInfo } from './manifest.js';
import { parentOf } from './tree-paths.js';
import { claimSpare, keepAsSpare } from './spare.js';
import { recoverStaging, stagingPath, swapIn } from './staging.js';
import type { TreeTotals } from './tree-writer.js';
import type { FromWorker, LiveTree, ToWorker, WorkerSetup } from './write-protocol.js';

/** A batch is sent when it holds this many characters or files: few messages, little memory. */
const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 256;
/** Batches in flight at once: the backpressure that bounds memory to a few megabytes. */
const BATCHES_IN_FLIGHT = 4;
const DIRECTORIES_PER_MESSAGE = 1000;
/**
 * The writer thread's young generation. Its short-lived objects are small (a batch's bytes are
 * outside the heap), and what it keeps (manifests, trust checks) lives for the whole build;
 * V8's default young generation only added to the peak (a 40,000-port rebuild on tmpfs: peak
 * RSS 290-294 MB by default, 267-269 MB with 8 MB, the same time).
 */
const WRITER_YOUNG_GENERATION_MB = 8;

/**
 * Writes one site into a staging tree and swaps it in on `commit`. The staging tree is the
 * spare (see spare.ts) when there is one, updated in place, or else a new tree. The main
 * thread encodes files into batches; a writer thread makes directories, keeps or hard-links
 * unchanged files (so their modification time stays), writes the others, and keeps the manifest.
 * In a first build (a new tree and no live one), the main thread writes the batches that find
 * the writer behind itself (see flush).
 */
export class SiteWriter {
  private paths: string[] = [];
  private prints: string[] = [];
  private directories: string[] = [];
  /**
   * Buffers of written batches, back from the writer for reuse. Left to the writer's garbage
   * collector instead, tens of megabytes of them waited there at a time (sampled RSS).
   */
  private buffers: ArrayBuffer[] = [];
  private bodies: Body[] = [];
  /** Whether batches are held for the writer instead of waiting for it (see `sendAhead`). */
  private ahead = false;
  /** UTF-16 code units of the files waiting for a batch: their bytes, when ASCII. */
  private pendingUnits = 0;
  /** Batches and carried files to the writer, at most BATCHES_IN_FLIGHT at a time. */
  private readonly queue: HandOver<ToWorker>;
  /** Surveys asked for and not answered, by id: the writer answers each when its read ends. */
  private readonly surveys = new Map<number, { resolve: (survey: FileSurvey) => void; reject: (cause: Error) => void }>();
  private surveysAsked = 0;
  /** Carries sent and not answered, in the order sent: the writer answers them in that order. */
  private readonly carries: Array<{ resolve: (refused: string[]) => void; reject: (cause: Error) => void }> = [];
  /** Asked for once, answered once the writer has read the live tree. */
  private live: { resolve: (live: LiveTree | undefined) => void; reject: (cause: Error) => void } | undefined;
  private failure: Error | undefined;
  private closing = false;
  private settled: ((reply: FromWorker) => void) | undefined;
  files = 0;
  written = 0;
  /** Files carried over from the live tree, not made again. */
  carried = 0;
  /** Files whose hash this thread made while it waited for the writer (see flush). */
  hashedHere = 0;
  /** Files this thread wrote itself while the writer was behind (see flush). */
  writtenHere = 0;
  /**
   * Whether this thread may write files itself: into a new tree, when there is no live tree
   * (the writer's answer to describeLive), so that no file could have been linked or kept.
   */
  private mayWriteHere = false;
  /** Directories this thread made for the files it wrote. */
  private readonly madeHere = new Set<string>();
  bytes = 0;

  /** Batches handed to the writer that it has not finished yet. */
  get queued(): number {
    return this.queue.queued;
  }

  private constructor(
    private readonly out: string,
    readonly root: string,
    /** Whether `root` is the claimed spare rather than a new tree. */
    readonly updating: boolean,
    private readonly worker: Worker,
  ) {
    this.queue = new HandOver(BATCHES_IN_FLIGHT, (message) => worker.postMessage(message, message.type === 'batch' ? [message.batch.data] : []));
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
    const worker = new Worker(new URL('./write-worker.js', import.meta.url), { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB } });
    return new SiteWriter(out, root, updating, worker);
  }

  /** One file, with its print when it is a port file (see derive/port-prints). */
  async write(relative: string, body: Body, print = ''): Promise<void> {
    this.checkInside(relative);
    if (this.failure) throw this.failure;
    this.paths.push(relative);
    this.prints.push(print);
    this.bodies.push(body);
    this.pendingUnits += lengthOf(body);
    this.files++;
    if (this.pendingUnits >= BATCH_BYTES || this.paths.length >= BATCH_FILES) await this.flush();
  }

  /**
   * Has the writer make a directory ahead of its files. Synchronous, so that a synchronous
   * loop can call it; directories are sent a thousand at a time, with no wait for the writer.
   */
  makeDirectory(relative: string): void {
    // The spare, updated in place, has its directories: the writer checks those on the way to
    // each file it keeps, and makes any missing one for a file it writes (see TreeWriter).
    // Sent ahead, the 40,000 port directories were only checked again, at both threads' cost.
    if (this.updating) return;
    this.checkInside(relative);
    this.directories.push(relative);
    if (this.directories.length >= DIRECTORIES_PER_MESSAGE) this.sendDirectories();
  }

  private sendDirectories(): void {
    if (this.directories.length === 0 || this.failure) return;
    this.worker.postMessage({ type: 'directories', paths: this.directories } satisfies ToWorker);
    this.directories = [];
  }

  /**
   * The survey of a file (its digest and records, see file-identity), made on the writer
   * thread as soon as the message reaches it: the main thread's work is the build's bound.
   */
  survey(path: string): Promise<FileSurvey> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const id = ++this.surveysAsked;
      this.surveys.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'survey', id, path } satisfies ToWorker);
    });
  }

  /** What the live tree was made from (see LiveTree); undefined when there is none. */
  describeLive(): Promise<LiveTree | undefined> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.live = { resolve, reject };
      this.worker.postMessage({ type: 'describe-live' } satisfies ToWorker);
    });
  }

  /**
   * Files of the live tree that this build carries over without making their bytes again; with
   * `prints`, only those the live tree made with the same print. Resolves with the files that
   * were not carried, whose bytes must be written instead (see TreeWriter.carry). The paths
   * are not checked here as written ones are: the writer carries only files its live marker
   * lists, and a marker with a path that could leave its tree is not read at all (readMarker).
   */
  carry(relatives: string[], prints?: string[]): Promise<string[]> {
    if (this.failure) return Promise.reject(this.failure);
    // Sent at once, not after the files waiting for a batch: no file is both carried and
    // written, and the writer can work on it while this thread goes on.
    this.sendDirectories();
    const refused = new Promise<string[]>((resolve, reject) => this.carries.push({ resolve, reject }));
    this.queue.send({ type: 'carry', paths: relatives, prints });
    return refused.then((refused) => {
      this.files += relatives.length - refused.length;
      this.carried += relatives.length - refused.length;
      return refused;
    });
  }

  /** Refuses any path that could leave the staging tree (defence in depth beyond the name rule). */
  checkInside(relative: string): void {
    if (leavesTree(relative)) throw new Error(`refusing to write outside the output directory: ${JSON.stringify(relative)}`);
  }

  /**
   * Files written within `send` do not wait for the writer: their batches are held here and
   * handed over whenever the writer has room and no other batch waits for it. The main thread
   * goes on to other work (the builds' pages), whose batches go first, while the writer fills
   * its idle moments with these. For a bounded set of small files (the ports: some 31 MB at
   * 40,000 ports) that would otherwise keep the main thread waiting on the writer.
   */
  async sendAhead(send: () => Promise<void>): Promise<void> {
    this.ahead = true;
    try {
      await send();
      await this.flush();
    } finally {
      this.ahead = false;
    }
  }

  /**
   * A view of `size` bytes on a buffer from the pool, or on a new one when none is big enough;
   * sent ahead, a batch gets a buffer of its own size, since many wait at once. A new buffer is
   * not zeroed (every byte of the view is written before it is read, as in a reused one): the
   * port files' 31 MB of held batches were zeroed first for nothing.
   */
  private bufferFor(size: number): Uint8Array {
    const index = this.buffers.findIndex((buffer) => buffer.byteLength >= size);
    const buffer = index === -1 ? unzeroed(this.ahead ? size : Math.max(size, BATCH_BYTES * 2)) : this.buffers.splice(index, 1)[0]!;
    return new Uint8Array(buffer, 0, size);
  }

  private async flush(): Promise<void> {
    this.sendDirectories();
    if (this.failure) throw this.failure;
    if (this.paths.length === 0) {
      if (!this.ahead) await this.queue.room();
      if (this.failure) throw this.failure; // as after any wait for the writer
      return;
    }
    let { data, lengths } = encodeBodies(this.bodies, this.pendingUnits, (size) => this.bufferFor(size));
    // A held batch that was not ASCII got room for the worst case: it waits in a copy of its size.
    if (this.ahead && data.buffer.byteLength > data.length) {
      const exact = new Uint8Array(unzeroed(data.length));
      exact.set(data);
      data = exact;
    }
    const { paths, prints } = this;
    this.paths = [];
    this.prints = [];
    this.bodies = [];
    this.pendingUnits = 0;
    // No room: the writer is behind (a disk slower than this thread), and this thread would
    // only wait. Into a new tree with no live one, it writes the batch itself; otherwise it
    // hashes the batch's files for the manifest meanwhile, work the writer does otherwise. A
    // build bound by this thread's own work leaves both to the writer.
    let hashes: string[] | undefined;
    if (!this.ahead && !this.queue.hasRoom) {
      hashes = hashesOf(data, lengths);
      if (this.mayWriteHere) {
        this.writeHere(paths, prints, lengths, data, hashes);
        this.recycle(data.buffer as ArrayBuffer);
        return;
      }
      this.hashedHere += hashes.length;
      await this.queue.room();
      if (this.failure) throw this.failure;
    }
    const message: ToWorker = { type: 'batch', batch: { paths, prints, hashes, lengths, data: data.buffer as ArrayBuffer } };
    if (this.ahead) {
      this.queue.hold(message);
      // A turn of the event loop lets the writer's answers in, so that only what it has not
      // caught up with is held: nothing much when it keeps up (a rebuild), more when it cannot.
      await new Promise((resolve) => setImmediate(resolve));
    } else this.queue.send(message);
  }

  /**
   * Writes a batch on this thread, as the writer would into a new tree with no live tree beside
   * it (nothing to link or keep), and tells the writer what the files were, for the manifest.
   * On this machine's disk, making a file costs kernel time on the thread that makes it
   * (some 50 µs, a directory 70 µs), so this thread makes files instead of waiting.
   */
  private writeHere(paths: string[], prints: string[], lengths: number[], data: Uint8Array, hashes: string[]): void {
    let offset = 0;
    paths.forEach((relative, i) => {
      const dir = parentOf(relative);
      if (dir !== '' && !this.madeHere.has(dir)) {
        mkdirSync(pathUnder(this.root, dir), { recursive: true });
        this.madeHere.add(dir);
      }
      writeFileSync(pathUnder(this.root, relative), data.subarray(offset, offset + lengths[i]!), { flag: 'wx' });
      offset += lengths[i]!;
    });
    this.worker.postMessage({ type: 'written', paths, prints, hashes, lengths } satisfies ToWorker);
    this.writtenHere += paths.length;
  }

  /**
   * The end of a build, when batches are still held for the writer (a disk slower than this
   * thread): they are shared, this thread writing the last ones while the writer takes the
   * first, with a turn of the event loop after each so that the writer's answers hand it the
   * next. Only where this thread may write (see writeHere).
   */
  private async shareHeld(): Promise<void> {
    if (!this.mayWriteHere) return;
    for (let held = this.queue.takeBack(); held; held = this.queue.takeBack()) {
      if (held.type !== 'batch') throw new Error(`a ${held.type} message was held`);
      const { paths, prints, lengths, data } = held.batch;
      const bytes = new Uint8Array(data);
      this.writeHere(paths, prints, lengths, bytes, hashesOf(bytes, lengths));
      await new Promise((resolve) => setImmediate(resolve));
      if (this.failure) throw this.failure;
    }
  }

  /** A batch's buffer, written: kept for the next batch, up to one per batch in flight. */
  private recycle(buffer: ArrayBuffer): void {
    if (this.buffers.length < BATCHES_IN_FLIGHT) this.buffers.push(buffer);
  }

  private receive(message: FromWorker): void {
    if (message.type === 'failed') return this.fail(new Error(message.message));
    if (message.type === 'done') {
      if (message.buffer) this.recycle(message.buffer);
      this.queue.done();
      return;
    }
    if (message.type === 'live') {
      this.mayWriteHere = !this.updating && message.live === undefined;
      this.live?.resolve(message.live);
      this.live = undefined;
      return;
    }
    if (message.type === 'carried') {
      this.queue.done();
      this.carries.shift()?.resolve(message.refused);
      return;
    }
    if (message.type === 'surveyed' || message.type === 'survey-failed') {
      const asked = this.surveys.get(message.id);
      this.surveys.delete(message.id);
      if (message.type === 'surveyed') asked?.resolve(message.survey);
      else asked?.reject(new Error(message.message));
      return;
    }
    this.settled?.(message);
  }

  private fail(cause: Error): void {
    if (this.closing) return; // our own terminate() ends the thread
    this.failure ??= cause;
    this.queue.stop();
    for (const asked of this.surveys.values()) asked.reject(cause);
    this.surveys.clear();
    for (const asked of this.carries.splice(0)) asked.reject(cause);
    this.live?.reject(cause);
    this.live = undefined;
    this.settled?.({ type: 'failed', message: cause.message });
  }

  /** Sends the last message and waits for the writer's answer to it. */
  private finalMessage(message: ToWorker): Promise<FromWorker> {
    return new Promise<FromWorker>((resolve) => {
      this.settled = resolve;
      this.worker.postMessage(message);
    });
  }

  /**
   * Sends what is left, has the writer record the manifest (and the port files' prints, made
   * by the code of `printsKey`), and swaps the tree in.
   */
  async commit(filesInfo?: FilesInfo, printsKey = ''): Promise<void> {
    await this.flush();
    await this.shareHeld();
    this.queue.sendHeld();
    if (this.failure) throw this.failure;
    const reply = await this.finalMessage({ type: 'commit', filesInfo, printsKey });
    this.closing = true;
    // Once it has answered, the writer has nothing left to do: it stops while the tree is
    // swapped in (some 13 ms at 40,000 ports) rather than before.
    const stopped = this.worker.terminate();
    if (this.failure) {
      await stopped;
      throw this.failure;
    }
    const totals = reply as TreeTotals;
    this.written = totals.written;
    this.bytes = totals.bytes;
    try {
      swapIn(this.root, this.out);
    } finally {
      await stopped;
    }
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

/** An ArrayBuffer of its own (transferable), left as the allocator gives it. */
function unzeroed(size: number): ArrayBuffer {
  return Buffer.allocUnsafeSlow(size).buffer as ArrayBuffer;
}

/** The manifest's hash of each file of a batch: its bytes end to end in `data`. */
function hashesOf(data: Uint8Array, lengths: readonly number[]): string[] {
  const hashes: string[] = [];
  let offset = 0;
  for (const length of lengths) {
    hashes.push(contentHash(data.subarray(offset, offset + length)));
    offset += length;
  }
  return hashes;
}
