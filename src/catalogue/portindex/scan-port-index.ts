import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { isAscii, isUtf8 } from 'node:buffer';
import { contentHash } from '../../core/content-hash.js';
import { endsDocument, portsValue, skipSpace, skipValue } from './split-port-index.js';
import { BOM, hasBom } from '../utf8.js';

/** Bytes read at once, into one buffer used again for every window. */
const WINDOW = 1 << 20;
/** The bytes the scan looks for: `{`, `]`, `,` and `\\`. */
const [OPEN, CLOSE, COMMA, BACKSLASH] = [0x7b, 0x5d, 0x2c, 0x5c] as const;

/** What a build needs to know of `portindex.json` before it takes its ports one by one. */
export interface ScannedPortIndex {
  /** The document with its ports array emptied (`"ports":[]`), as in PortIndexParts. */
  skeleton: string;
  /** Port i's text is the document's bytes `[spans[2i], spans[2i + 1])` (see packSpans). */
  spans: Float64Array;
  /** Each port's text's content hash, and 1 for one with no backslash (see PortEntries.escapeFree). */
  textHashes: string[];
  escapeFree: Uint8Array;
  /** Whether the document is ASCII (each text the same decoded as Latin-1); where it starts, past a byte-order mark. */
  ascii: boolean;
  start: number;
}

/**
 * Splits `portindex.json` into its ports as splitPortIndex does, reading it a window at a time
 * into one buffer, with each port's text hash and
 * whether it has a backslash: the whole document read at once is tens of megabytes of new
 * memory, a page fault for every page of it. Undefined for anything unusual (no `ports` array,
 * an element that is not an object, bytes that are not UTF-8, an empty file, one that is not a
 * regular file or cannot be read): the caller reads the whole document, which locates it.
 */
export function scanPortIndex(path: string, windowSize = WINDOW): ScannedPortIndex | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return new Scan(fd, windowSize).run();
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== undefined) return undefined; // the whole read reports it
    throw cause;
  } finally {
    closeSync(fd);
  }
}

class Scan {
  private buffer: Buffer;
  /** The bytes read: `buffer[0, view.length)`, the file's bytes from `base` on. */
  private view: Buffer;
  private base = 0;
  private atEnd = false;
  /** The window's bytes before this have been checked for UTF-8. */
  private checked = 0;
  private utf8 = true;
  private ascii = true;
  private readonly spans: number[] = [];
  private readonly hashes: string[] = [];
  private readonly escapeFree: number[] = [];
  /** The next backslash at or after the last port's start, or -1 when not searched for yet in this window. */
  private backslash = -1;

  constructor(
    private readonly fd: number,
    windowSize: number,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(Math.max(windowSize, BOM.length)); // a byte-order mark is seen whole
    this.view = this.buffer.subarray(0, 0);
  }

  run(): ScannedPortIndex | undefined {
    this.more(0);
    const start = hasBom(this.view) ? BOM.length : 0;
    this.checked = start;
    const first = skipSpace(this.view, start);
    if (first < this.view.length && this.view[first] !== 0x7b) return undefined; // not an object: not read on
    let open: number | undefined;
    // The members before `ports`, in as large a window as they take (usually a few lines).
    while ((open = portsValue(this.view, start)) === undefined || this.view[open] === undefined) {
      if (!this.more(0)) return undefined;
    }
    if (this.view[open] !== 0x5b) return undefined;
    const prefix = this.view.toString('utf8', start, open);
    const close = this.elements(open + 1, start);
    if (close === undefined) return undefined;
    // The rest of the object, usually its `}`, read whole.
    let rest = close;
    while (!this.atEnd) {
      this.more(rest);
      rest = 0;
    }
    if (!endsDocument(this.view, rest)) return undefined;
    this.check(this.view.length);
    if (!this.utf8) return undefined;
    return {
      skeleton: `${prefix}[]${this.view.toString('utf8', rest + 1)}`,
      spans: Float64Array.from(this.spans),
      textHashes: this.hashes,
      escapeFree: Uint8Array.from(this.escapeFree),
      ascii: this.ascii,
      start,
    };
  }

  /**
   * The ports from `i` (just after the array's `[`), each recorded; where the array's `]` is in
   * the window then, or undefined when an element is not an object or the array does not end.
   */
  private elements(i: number, start: number): number | undefined {
    let first = true;
    for (;;) {
      i = skipSpace(this.view, i);
      if (i >= this.view.length) {
        if (!this.more(i)) return undefined;
        i = 0;
        continue;
      }
      if (first && this.view[i] === CLOSE) return i;
      if (this.view[i] !== OPEN) return undefined; // after a comma there must be a port: `[{},]` takes the slow path
      const end = skipValue(this.view, i);
      if (end < 0) {
        // The port goes on past the window: read it again from its start.
        if (!this.more(i)) return undefined;
        i = 0;
        continue;
      }
      this.record(i, end, start);
      first = false;
      let next = skipSpace(this.view, end);
      if (next >= this.view.length) {
        if (!this.more(end)) return undefined;
        next = skipSpace(this.view, 0);
      }
      if (this.view[next] === CLOSE) return next;
      if (this.view[next] !== COMMA) return undefined;
      i = next + 1;
    }
  }

  private record(from: number, to: number, start: number): void {
    const text = this.view.subarray(from, to);
    this.spans.push(this.base + from - start, this.base + to - start);
    this.hashes.push(contentHash(text));
    // Searched from one backslash to the next, not once per port: most ports have none.
    if (this.backslash < from) {
      this.backslash = this.view.indexOf(BACKSLASH, from);
      if (this.backslash === -1) this.backslash = this.view.length;
    }
    this.escapeFree.push(this.backslash >= to ? 1 : 0);
  }

  /**
   * Moves the window's bytes from `keep` on to the buffer's start (a larger buffer when they
   * fill half of it) and reads on after them. False at the file's end, when nothing more came.
   */
  private more(keep: number): boolean {
    if (this.atEnd) return false;
    this.check(keep);
    const kept = this.view.length - keep;
    if (kept * 2 > this.buffer.length) {
      const larger = Buffer.allocUnsafeSlow(this.buffer.length * 2);
      this.view.copy(larger, 0, keep);
      this.buffer = larger;
    } else {
      this.buffer.copy(this.buffer, 0, keep, this.view.length);
    }
    this.base += keep;
    this.checked -= keep;
    this.backslash = -1;
    let filled = kept;
    while (filled < this.buffer.length) {
      const read = readSync(this.fd, this.buffer, filled, this.buffer.length - filled, this.base + filled);
      if (read === 0) {
        this.atEnd = true;
        break;
      }
      filled += read;
    }
    this.view = this.buffer.subarray(0, filled);
    return filled > kept;
  }

  /** Checks the window's bytes up to `to`, a character's start, for UTF-8 and for ASCII. */
  private check(to: number): void {
    if (to <= this.checked) return;
    const bytes = this.view.subarray(this.checked, to);
    this.utf8 &&= isUtf8(bytes);
    this.ascii &&= isAscii(bytes);
    this.checked = to;
  }
}
