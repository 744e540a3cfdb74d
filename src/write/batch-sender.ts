import { byteLengthOf, encodeBody, lengthOf, type Body } from './body.js';
import { HandOver } from './hand-over.js';
import type { ToWorker } from './write-protocol.js';

/** A batch is sent when it holds this many characters or files: few messages, little memory. */
const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 256;
/** Batches in flight at once, per sender: the backpressure that bounds memory to a few megabytes. */
export const BATCHES_IN_FLIGHT = 4;

/**
 * Files encoded into batches for the writer thread, from the thread that makes them (the main
 * thread, or the pager's; each has its own sender, its own channel to the writer and its own
 * buffers). The writer answers each batch with 'done' and its buffer, which `done` takes back.
 */
export class BatchSender {
  private paths: string[] = [];
  private prints: string[] = [];
  private bodies: Body[] = [];
  private pendingBytes = 0;
  /**
   * Buffers of written batches, back from the writer for reuse. Left to the writer's garbage
   * collector instead, tens of megabytes of them waited there at a time (sampled RSS).
   */
  private readonly buffers: ArrayBuffer[] = [];
  private readonly queue: HandOver<ToWorker>;
  /** Whether batches are held for the writer instead of waiting for it (see SiteWriter.sendAhead). */
  ahead = false;
  failure: Error | undefined;
  /** Files handed to `write`. */
  files = 0;

  /** `beforeBatch`: sends what must reach the writer before the next batch (directories). */
  constructor(
    post: (message: ToWorker, transfer: ArrayBuffer[]) => void,
    private readonly beforeBatch: () => void = () => {},
  ) {
    this.queue = new HandOver(BATCHES_IN_FLIGHT, (message) => post(message, message.type === 'batch' ? [message.batch.data] : []));
  }

  /** Batches handed to the writer that it has not finished yet. */
  get queued(): number {
    return this.queue.queued;
  }

  /** One file, with its print when it is a port file (see derive/port-prints). */
  async write(relative: string, body: Body, print = ''): Promise<void> {
    if (this.failure) throw this.failure;
    this.paths.push(relative);
    this.prints.push(print);
    this.bodies.push(body);
    this.pendingBytes += lengthOf(body);
    this.files++;
    if (this.pendingBytes >= BATCH_BYTES || this.paths.length >= BATCH_FILES) await this.flush();
  }

  /** Another message in the same flow as the batches (it takes a place in flight). */
  send(message: ToWorker): void {
    this.queue.send(message);
  }

  async flush(): Promise<void> {
    this.beforeBatch();
    if (!this.ahead) await this.queue.room();
    if (this.failure) throw this.failure;
    if (this.paths.length === 0) return;
    const lengths = this.bodies.map(byteLengthOf);
    const data = this.bufferFor(lengths.reduce((a, b) => a + b, 0));
    let offset = 0;
    for (const body of this.bodies) offset = encodeBody(body, data, offset);
    const message: ToWorker = { type: 'batch', batch: { paths: this.paths, prints: this.prints, lengths, data: data.buffer as ArrayBuffer } };
    this.paths = [];
    this.prints = [];
    this.bodies = [];
    this.pendingBytes = 0;
    if (this.ahead) {
      this.queue.hold(message);
      // A turn of the event loop lets the writer's answers in, so that only what it has not
      // caught up with is held: nothing much when it keeps up (a rebuild), more when it cannot.
      await new Promise((resolve) => setImmediate(resolve));
    } else this.queue.send(message);
  }

  /** Everything held, now, whatever the room (the end of a build). */
  sendHeld(): void {
    this.queue.sendHeld();
  }

  /** Resolves when the writer has finished everything handed to it (or has failed). */
  async settled(): Promise<void> {
    await this.queue.settled();
    if (this.failure) throw this.failure;
  }

  /** The writer finished a batch or another message of this flow. */
  done(buffer?: ArrayBuffer): void {
    if (buffer && this.buffers.length < BATCHES_IN_FLIGHT) this.buffers.push(buffer);
    this.queue.done();
  }

  fail(cause: Error): void {
    this.failure ??= cause;
    this.queue.stop();
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
}
