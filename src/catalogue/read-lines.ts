import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ContentDigest } from '../core/content-hash.js';
import { hasBom } from './utf8.js';

export interface Line {
  /** One-based line number in the file. */
  number: number;
  /** The line's bytes without its `\n` (a `\r` before it stays; JSON.parse ignores it). */
  bytes: Buffer;
  /** Where the next line starts in the file (a byte offset). */
  next: number;
}

const CHUNK = 1 << 20;

/**
 * The file in chunks of up to 1 MB, a byte-order mark at its start dropped (docs/catalogue-format.md). A chunk
 * is valid only until the next one is asked for: two buffers take turns, and the next chunk is
 * read into the other one while this one is used, so the caller's work and the read overlap
 * (waiting for each read in turn left the builds' paging idle). A new
 * buffer per chunk (as a read stream makes) is memory outside the heap that V8 counts: reading
 * a large file that way sets off full collections again and again.
 */
async function* readChunks(path: string, from = 0): AsyncGenerator<Chunk> {
  const file = await open(path, 'r');
  const buffers = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
  let position = from;
  const readInto = (buffer: Buffer) => file.read(buffer, 0, CHUNK, position);
  let next = readInto(buffers[0]!);
  try {
    for (let turn = 0; ; turn++) {
      const { bytesRead, buffer } = await next;
      if (bytesRead === 0) return;
      const at = position;
      position += bytesRead;
      next = readInto(buffers[(turn + 1) % 2]!);
      yield chunkOf(buffer, bytesRead, at);
    }
  } finally {
    await next.catch(() => undefined); // a read ahead may be under way: the file stays open for it
    await file.close();
  }
}

/** As readChunks, on this thread, for a reader that has nothing else to do meanwhile. */
function* readChunksSync(path: string): Generator<Chunk> {
  const file = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafeSlow(CHUNK);
    for (let at = 0; ; ) {
      const bytesRead = readSync(file, buffer, 0, CHUNK, null);
      if (bytesRead === 0) return;
      yield chunkOf(buffer, bytesRead, at);
      at += bytesRead;
    }
  } finally {
    closeSync(file);
  }
}

/** Bytes of a file, and where they are in it. */
interface Chunk {
  data: Buffer;
  at: number;
}

/** The bytes read into `buffer` from the file's offset `at`, without the byte-order mark that may start the file. */
function chunkOf(buffer: Buffer, bytesRead: number, at: number): Chunk {
  const data = buffer.subarray(0, bytesRead);
  return at === 0 && hasBom(data) ? { data: data.subarray(3), at: 3 } : { data, at };
}

/**
 * Streams a file line by line with line numbers, holding one chunk and one partial line at a
 * time, so memory does not grow with the file (issue: builds.ndjson can hold millions of paths).
 * A line's bytes may be a view of the chunk: valid only until the next line is asked for.
 */
export async function* readLines(path: string): AsyncGenerator<Line> {
  const lines = new LineSplitter();
  for await (const chunk of readChunks(path)) yield* lines.of(chunk);
  yield* lines.end();
}

/** Chunks in, lines out, numbered and placed in the file. */
class LineSplitter {
  // A line longer than a chunk is kept as its pieces and joined once, at its end: joined piece
  // by piece, a line of millions of paths was copied over and over (quadratic time).
  private pieces: Buffer[] = [];
  private number = 0;
  /** Where the last chunk ended in the file. */
  private offset = 0;

  *of({ data, at }: Chunk): Generator<Line> {
    this.offset = at;
    let start = 0;
    let newline = data.indexOf(10, start);
    while (newline !== -1) {
      const piece = data.subarray(start, newline);
      this.number++;
      yield { number: this.number, bytes: this.pieces.length > 0 ? Buffer.concat([...this.pieces, piece]) : piece, next: this.offset + newline + 1 };
      this.pieces = [];
      start = newline + 1;
      newline = data.indexOf(10, start);
    }
    // A copy: the chunk's buffer is read into again.
    if (start < data.length) this.pieces.push(Buffer.from(data.subarray(start)));
    this.offset += data.length;
  }

  *end(): Generator<Line> {
    const last = Buffer.concat(this.pieces);
    if (last.length > 0) yield { number: this.number + 1, bytes: last, next: this.offset };
  }
}

/** docs/catalogue-format.md: blank lines are ignored; a line of spaces, tabs or a lone `\r` counts as blank. */
export function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return false;
  }
  return true;
}

/**
 * Counts the records (the lines that are not blank) of a file given in chunks, without
 * parsing them: the files list needs its `count` before the first page is written.
 */
class RecordCounter {
  private records = 0;
  private lineHasContent = false;

  add(data: Uint8Array): void {
    let start = 0;
    while (start < data.length) {
      const newline = data.indexOf(10, start);
      const end = newline === -1 ? data.length : newline;
      if (!this.lineHasContent) {
        // Most lines start with `{`, so this usually looks at one byte.
        this.lineHasContent = !isBlank(data.subarray(start, end));
      }
      if (newline === -1) break;
      if (this.lineHasContent) this.records++;
      this.lineHasContent = false;
      start = newline + 1;
    }
  }

  /** The records so far, a last line without its newline included. */
  get count(): number {
    return this.records + (this.lineHasContent ? 1 : 0);
  }
}

/**
 * In one read, synchronous: feeds the file's bytes (after any byte-order mark) to `digest`,
 * and counts its records. The writer thread surveys builds.ndjson this way as the build
 * starts: read a chunk at a time between its other work, the survey waited behind every
 * batch of port files, and the paging of the builds waited for its count.
 */
export function surveyFile(path: string, digest: ContentDigest): { digest: ContentDigest; records: number } {
  const counter = new RecordCounter();
  for (const { data } of readChunksSync(path)) {
    digest.update(data);
    counter.add(data);
  }
  return { digest, records: counter.count };
}
