import { closeSync, openSync, readSync } from 'node:fs';
import { contentHash } from '../../core/content-hash.js';

/**
 * Bytes read at once around a port that is not in the window: a full build asks for every port
 * in turn (newest first, as the ports list goes), a rebuild for a few.
 */
const WINDOW = 1 << 20;

/**
 * Ports' texts read again from `portindex.json` after its bytes were let go. A port's own
 * fields are made from its text when its file is made (see PortRecord.own); kept in memory
 * for that, the document's bytes were the largest part of a build's
 * peak, held from the reading to the last port file. Each text read again must hash as the
 * bytes validated did, so a file changed since then is never published: the build stops.
 */
export class PortTextReader {
  private window = Buffer.allocUnsafe(0);
  /** The window's first byte, as an offset in the file; its bytes are `window[0, filled)`. */
  private windowStart = 0;
  private filled = 0;
  private last = -1;

  /**
   * `spans`: port i's text is the file's bytes `[start + spans[2i], start + spans[2i + 1])`,
   * `start` being where the document begins (after a byte-order mark). `file`: the name
   * problems use.
   */
  constructor(
    private readonly path: string,
    private readonly file: string,
    private readonly start: number,
    private readonly spans: Float64Array,
    /** 'latin1' for an ASCII document: the same text, decoded without UTF-8's checks. */
    private readonly encoding: 'utf8' | 'latin1' = 'utf8',
  ) {}

  /** Port `index`'s text, which must hash to `hash` (see contentHash). */
  text(index: number, hash: string): string {
    const from = this.start + this.spans[2 * index]!;
    const to = this.start + this.spans[2 * index + 1]!;
    const backwards = index < this.last;
    this.last = index;
    if (from < this.windowStart || to > this.windowStart + this.filled) this.fill(from, to, backwards);
    const bytes = this.window.subarray(from - this.windowStart, to - this.windowStart);
    if (bytes.length !== to - from || contentHash(bytes) !== hash) {
      throw new ChangedWhileRead(this.file);
    }
    return bytes.toString(this.encoding);
  }

  /** Reads a window holding `[from, to)`, reaching on in the direction the ports are asked in. */
  private fill(from: number, to: number, backwards: boolean): void {
    const size = Math.max(WINDOW, to - from);
    if (this.window.length < size) this.window = Buffer.allocUnsafeSlow(size);
    this.windowStart = backwards ? Math.max(0, to - size) : from;
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') throw new ChangedWhileRead(this.file);
      throw cause;
    }
    try {
      this.filled = 0;
      while (this.filled < size) {
        const read = readSync(fd, this.window, this.filled, size - this.filled, this.windowStart + this.filled);
        if (read === 0) break;
        this.filled += read;
      }
    } finally {
      closeSync(fd);
    }
  }
}

/** A file read again is not as it was read first: the build stops and says so (`changed-while-read`). */
export class ChangedWhileRead extends Error {
  override readonly name = 'ChangedWhileRead';

  constructor(readonly file: string) {
    super(`${file} changed while the build read it`);
  }
}

/** Spans as the splitter gives them, packed: two numbers a port instead of an array each. */
export function packSpans(elements: ReadonlyArray<readonly [number, number]>): Float64Array {
  const spans = new Float64Array(2 * elements.length);
  elements.forEach(([from, to], i) => {
    spans[2 * i] = from;
    spans[2 * i + 1] = to;
  });
  return spans;
}
