import { parseJson, readCatalogueBytes, type Read } from '../read-json-file.js';
import { PortTextReader } from './port-text-reader.js';
import { scanPortIndex, type ScannedPortIndex } from './scan-port-index.js';

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
  /** No port is to be taken again: `take` and `textHash` then throw. `again` reads the file. */
  release?: () => void;
}

export interface PortIndexDocument {
  /** The document, with its `ports` array emptied when `entries` is given. */
  document: unknown;
  /** The ports, parsed one at a time as they are taken. */
  entries?: PortEntries;
}

/** What a catalogue without its ports is told. */
const MISSING = "make it from MacPorts' PortIndex (or its JSON) with `ports-gen import <PortIndex> --catalogue <dir>`";

/** Thrown by `take` when one port's text is not JSON: the whole document is read again. */
class PortSyntaxError extends Error {}

/**
 * Reads `portindex.json` for validation: scanned a window at a time and parsed port by port (see
 * scan-port-index); anything unusual the scan gives up on is parsed whole, which locates a
 * syntax error (such a document does not validate, or is small).
 */
export function readPortIndex(path: string, file: string): Read<PortIndexDocument> {
  const scanned = scanPortIndex(path);
  const scannedDocument = scanned && parseSkeleton(scanned.skeleton);
  if (scanned && scannedDocument !== undefined) return { ok: true, value: { document: scannedDocument, entries: entriesOfScan(path, file, scanned) } };
  return readWholePortIndex(path, file);
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

/** A port read again from the file, as often as asked (see PortEntries.again). */
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
