import { encodeBodies, lengthOf, type Body } from '../render/body.js';

/** A batch of files' bytes end to end, with their paths and lengths: what the writer thread is sent. */
export interface Batch {
  paths: string[];
  lengths: number[];
  data: ArrayBuffer;
}

/** A batch is made when it holds this many characters or files: few messages, little memory. */
export const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 256;

/**
 * Files' bodies gathered into batches, encoded into buffers the writer gives back for reuse
 * (`reuse`), at most `kept` of them.
 */
export class BatchEncoder {
  private paths: string[] = [];
  private bodies: Body[] = [];
  private units = 0;
  private readonly buffers: ArrayBuffer[] = [];

  constructor(private readonly kept: number) {}

  /** Adds a file; whether the batch is full. */
  add(relative: string, body: Body): boolean {
    this.paths.push(relative);
    this.bodies.push(body);
    this.units += lengthOf(body);
    return this.units >= BATCH_BYTES || this.paths.length >= BATCH_FILES;
  }

  /** The batch so far, encoded, and a new one begun; undefined when it is empty. */
  take(): Batch | undefined {
    if (this.paths.length === 0) return undefined;
    const { data, lengths } = encodeBodies(this.bodies, this.units, (size) => this.bufferFor(size));
    const batch = { paths: this.paths, lengths, data: data.buffer as ArrayBuffer };
    this.paths = [];
    this.bodies = [];
    this.units = 0;
    return batch;
  }

  /** A written batch's buffer, kept for the next batches while the pool has room. */
  reuse(buffer: ArrayBuffer): void {
    if (this.buffers.length < this.kept && buffer.byteLength >= BATCH_BYTES) this.buffers.push(buffer);
  }

  /** A view of `size` bytes on a buffer from the pool, or on a new one when none is big enough. */
  private bufferFor(size: number): Uint8Array {
    const index = this.buffers.findIndex((buffer) => buffer.byteLength >= size);
    const buffer = index === -1 ? unzeroed(Math.max(size, BATCH_BYTES * 2)) : this.buffers.splice(index, 1)[0]!;
    return new Uint8Array(buffer, 0, size);
  }
}

/** An ArrayBuffer of its own (transferable), not zeroed: every byte of a view is written before it is read. */
function unzeroed(size: number): ArrayBuffer {
  return Buffer.allocUnsafeSlow(size).buffer as ArrayBuffer;
}
