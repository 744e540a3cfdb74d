import { lengthOf, type Body } from '../../render/body.js';

/** A batch of files' bytes end to end, with their paths and lengths: what the writer thread is sent. */
export interface Batch {
  paths: string[];
  lengths: number[];
  data: ArrayBuffer;
}

/** A batch is sent when it holds this many bytes or files: few messages, little memory. */
export const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 256;
/** UTF-8 takes at most three bytes for a UTF-16 code unit (four for a surrogate pair). */
const MAX_BYTES_PER_UNIT = 3;

const encoder = new TextEncoder();

/**
 * Files' bodies encoded into batches as they are added, into buffers the writer gives back for
 * reuse (`reuse`), at most `kept` of them. Encoded at once, a page's text dies young: held until
 * its batch was full, tens of thousands of pages lived through a collection and were copied into
 * the old generation, which grew by as much.
 */
export class BatchEncoder {
  private paths: string[] = [];
  private lengths: number[] = [];
  private data: Uint8Array | undefined;
  private offset = 0;
  private readonly buffers: ArrayBuffer[] = [];

  constructor(private readonly kept: number) {}

  /** Adds a file, its bytes encoded; whether the batch is full. */
  add(relative: string, body: Body): boolean {
    const start = this.offset;
    this.room(lengthOf(body));
    if (typeof body === 'string') this.put(body);
    else for (const part of body) this.put(part);
    this.paths.push(relative);
    this.lengths.push(this.offset - start);
    return this.offset >= BATCH_BYTES || this.paths.length >= BATCH_FILES;
  }

  /** The batch so far, and a new one begun; undefined when it is empty. */
  take(): Batch | undefined {
    if (this.paths.length === 0) return undefined;
    const batch = { paths: this.paths, lengths: this.lengths, data: this.data!.buffer as ArrayBuffer };
    this.paths = [];
    this.lengths = [];
    this.data = undefined;
    this.offset = 0;
    return batch;
  }

  /** A written batch's buffer, kept for the next batches while the pool has room. */
  reuse(buffer: ArrayBuffer): void {
    if (this.buffers.length < this.kept && buffer.byteLength >= BATCH_BYTES) this.buffers.push(buffer);
  }

  /** Room for `size` more bytes: a buffer from the pool, or the batch so far moved to a bigger one. */
  private room(size: number): void {
    const needed = this.offset + size;
    if (this.data && this.data.length >= needed) return;
    const bigger = this.bufferFor(Math.max(needed, 2 * (this.data?.length ?? 0)));
    if (this.data) {
      bigger.set(this.data.subarray(0, this.offset));
      this.reuse(this.data.buffer as ArrayBuffer);
    }
    this.data = bigger;
  }

  /**
   * Encodes `text` after the batch's bytes. Room is made for ASCII, the usual text (see add),
   * and for the worst case of the rest when it turns out not to be: no pass to measure it
   * first, which would flatten a page's string twice.
   */
  private put(text: string): void {
    const { read, written } = encoder.encodeInto(text, this.data!.subarray(this.offset));
    this.offset += written;
    if (read === text.length) return;
    this.room(MAX_BYTES_PER_UNIT * (text.length - read));
    this.offset += encoder.encodeInto(text.slice(read), this.data!.subarray(this.offset)).written;
  }

  /** A buffer of at least `size` bytes from the pool, or a new one when none is big enough. */
  private bufferFor(size: number): Uint8Array {
    const index = this.buffers.findIndex((buffer) => buffer.byteLength >= size);
    return new Uint8Array(index === -1 ? unzeroed(Math.max(size, BATCH_BYTES * 2)) : this.buffers.splice(index, 1)[0]!);
  }
}

/** An ArrayBuffer of its own (transferable), not zeroed: every byte of a view is written before it is read. */
function unzeroed(size: number): ArrayBuffer {
  return Buffer.allocUnsafeSlow(size).buffer as ArrayBuffer;
}
