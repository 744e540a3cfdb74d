import { isAscii } from 'node:buffer';
import { contentHash } from '../../core/content-hash.js';
import { parseJson, readCatalogueBytes, readCatalogueFile, type Read } from '../read-json-file.js';
import { packSpans, PortTextReader } from './port-text-reader.js';
import { releaseBytes } from './release-bytes.js';
import { scanPortIndex, type ScannedPortIndex } from './scan-port-index.js';
import { splitPortIndex } from './split-port-index.js';

/**
 * The ports of a document, taken one at a time: each is parsed when it is taken, so only one
 * port's objects are alive at a time.
 */
export interface PortEntries {
  count: number;
  take: (index: number) => unknown;
  /** Whether the port's text has no backslash, so that no string in it can be ill-formed. */
  escapeFree?: (index: number) => boolean;
  /** The content hash of the port's text (its bytes in the document). */
  textHash?: (index: number) => string;
  /**
   * The port parsed again from its text, after it was taken, as often as asked: read again from
   * the file (see PortTextReader), where it must still hash to `textHash`.
   */
  again?: (index: number, textHash: string) => unknown;
  /**
   * Lets go of the document's bytes at once (see releaseBytes), when no port is to be taken
   * again: `take` and `textHash` then throw. `again` reads the file.
   */
  release?: () => void;
}

export interface PortIndexDocument {
  /** The document, with its `ports` array emptied when `entries` is given. */
  document: unknown;
  /** The ports, parsed one at a time as they are taken. */
  entries?: PortEntries;
  /**
   * Some ports' ends were guessed from the layout (see LayoutEnds): a port whose text does not
   * parse may only have been cut wrong, so the document is split again exactly before it is
   * parsed whole.
   */
  byLayout?: boolean;
}

const BACKSLASH = 0x5c;

/** What a catalogue without its ports is told. */
const MISSING = "make it from MacPorts' PortIndex (or its JSON) with `ports-gen import <PortIndex> --catalogue <dir>`";

/** Thrown by `take` when one port's text is not JSON: the whole document is read again. */
class PortSyntaxError extends Error {}

/**
 * Reads `portindex.json` for validation. The usual path scans it a window at a time and parses
 * port by port (see scan-port-index; `exact`: with no port's end guessed from the layout);
 * anything unusual reads the whole document (see split-port-index), and any syntax error takes
 * the plain path, which parses the whole document and locates the error.
 */
export function readPortIndex(path: string, file: string, exact = false): Read<PortIndexDocument> {
  const scanned = scanPortIndex(path, exact);
  const scannedDocument = scanned && parseSkeleton(scanned.skeleton);
  if (scanned && scannedDocument !== undefined) {
    return { ok: true, value: { document: scannedDocument, entries: entriesOfScan(path, file, scanned), byLayout: scanned.guessed > 0 } };
  }
  const read = readCatalogueFile(path, file, false, undefined, MISSING);
  if (!read.ok) return read;
  return readPortIndexBytes(read.value.bytes, file, exact, { path, start: read.value.start });
}

/**
 * As readPortIndex, from the document's bytes (after a byte-order mark): split into its ports
 * (see split-port-index), or parsed whole when it does not split. `from`: the file `again` reads
 * a port's text from, the bytes beginning at `start` in it; without it no port is read again.
 */
export function readPortIndexBytes(bytes: Buffer, file: string, exact = false, from?: { path: string; start: number }): Read<PortIndexDocument> {
  const parts = splitPortIndex(bytes, exact);
  if (parts) {
    const document = parseSkeleton(parts.skeleton);
    if (document !== undefined) {
      const reader = from && new PortTextReader(from.path, file, from.start, packSpans(parts.elements));
      const entries = entriesOfBytes(bytes, parts.elements, isAscii(bytes) ? 'latin1' : 'utf8', reader);
      return { ok: true, value: { document, entries, byLayout: parts.byLayout } };
    }
  }
  return parseWholePortIndex(bytes, file);
}

/** The document without its ports, parsed; undefined when it is not JSON (the plain path locates the error). */
export function parseSkeleton(skeleton: string): unknown {
  try {
    return JSON.parse(skeleton) as unknown;
  } catch {
    return undefined;
  }
}

/** A port's text parsed; a PortSyntaxError when it is not JSON (see isPortSyntaxError). */
export function parsePort(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PortSyntaxError();
  }
}

/**
 * Whether a port's text has no backslash, for ports asked about in order: the document is
 * searched once in all, from one backslash to the next, not once per port (most have none).
 */
function escapeFreeIn(bytes: Buffer, elements: Array<[number, number]>): (index: number) => boolean {
  let next = -1;
  let last = -1;
  // No backslash after `last`. A flag, not `next = Infinity`: a number that is not a small
  // integer deoptimised the validation loop this is inlined into, compiled again at some cost.
  let none = false;
  return (index) => {
    const [start, end] = elements[index]!;
    if (start < last) {
      // asked out of order: search again
      next = -1;
      none = false;
    }
    last = start;
    if (!none && next < start) {
      next = bytes.indexOf(BACKSLASH, start);
      none = next === -1;
    }
    return none || next >= end;
  };
}

/**
 * Each port is decoded from the document's bytes when it is taken: a short string, made and
 * dropped in V8's young generation. An ASCII document (the usual case) is decoded as Latin-1,
 * which is the same text without UTF-8's checks. Decoded whole, it would be a second copy of
 * the document, every page of it new memory, for no faster parsing.
 */
function entriesOfBytes(bytes: Buffer, elements: Array<[number, number]>, encoding: 'latin1' | 'utf8', reader: PortTextReader | undefined): PortEntries {
  let released = false;
  const held = () => {
    if (released) throw new Error('the document was let go: its ports cannot be taken again');
    return bytes;
  };
  return {
    count: elements.length,
    take: (index) => parsePort(held().toString(encoding, ...elements[index]!)),
    escapeFree: escapeFreeIn(bytes, elements), // asked with `take`, which is guarded
    textHash: (index) => contentHash(held().subarray(...elements[index]!)),
    again: reader && againFrom(reader),
    release: () => {
      released = true;
      releaseBytes(bytes);
    },
  };
}

/**
 * Each port is read again from the file when it is taken (see PortTextReader): the document's
 * bytes were scanned a window at a time and are not held (see scanPortIndex).
 */
function entriesOfScan(path: string, file: string, scanned: ScannedPortIndex): PortEntries {
  const { textHashes, escapeFree } = scanned;
  const encoding = scanned.ascii ? 'latin1' : 'utf8';
  const reader = new PortTextReader(path, file, scanned.start, scanned.spans, encoding);
  let released = false;
  const held = () => {
    if (released) throw new Error('the document was let go: its ports cannot be taken again');
  };
  return {
    count: textHashes.length,
    take: (index) => {
      held();
      return parsePort(reader.text(index, textHashes[index]!));
    },
    escapeFree: (index) => escapeFree[index] === 1,
    textHash: (index) => {
      held();
      return textHashes[index]!;
    },
    // A reader of its own: one whose window still held the texts as taken would not see a file
    // changed since.
    again: againFrom(new PortTextReader(path, file, scanned.start, scanned.spans, encoding)),
    release: () => {
      released = true;
    },
  };
}

/**
 * Made apart from entriesOfBytes: closures made in one scope share what any of them uses, so
 * one made there would keep the document's bytes as long as the records keep it.
 */
function againFrom(reader: PortTextReader): NonNullable<PortEntries['again']> {
  return (index, textHash) => parsePort(reader.text(index, textHash));
}

export function isPortSyntaxError(cause: unknown): boolean {
  return cause instanceof PortSyntaxError;
}

/** The plain path only: the whole document parsed at once. */
export function readWholePortIndex(path: string, file: string): Read<PortIndexDocument> {
  const read = readCatalogueBytes(path, file, false, undefined, MISSING);
  return read.ok ? parseWholePortIndex(read.value, file) : read;
}

/** The document's bytes parsed at once: the plain path, which locates a syntax error. */
export function parseWholePortIndex(bytes: Buffer, file: string): Read<PortIndexDocument> {
  const parsed = parseJson(bytes, file);
  return parsed.ok ? { ok: true, value: { document: parsed.value } } : parsed;
}
