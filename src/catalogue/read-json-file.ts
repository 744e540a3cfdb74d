import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { error, type Problem } from '../core/problems/problem.js';
import { locateJsonError } from './locate-json-error.js';
import { BOM, findInvalidUtf8, hasBom } from './utf8.js';

export type Read<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/**
 * Reads a catalogue file strictly: UTF-8 only (a BOM is dropped, docs/catalogue-format.md) and not empty.
 * The bytes are returned as they are; decoding is the caller's choice.
 */
export function readCatalogueBytes(path: string, file: string, shared = false, expected = JSON_DOCUMENT, missing?: string): Read<Buffer> {
  const read = readCatalogueFile(path, file, shared, expected, missing);
  return read.ok ? { ok: true, value: read.value.bytes } : read;
}

/** What a catalogue file is expected to hold, as an `empty-file` problem says (see blankProblem). */
const JSON_DOCUMENT = 'a JSON document';

/**
 * As readCatalogueBytes, with where the bytes start in the file: after a byte-order mark.
 * `shared`: read into shared memory, which another thread can read too without a copy.
 * `expected`: what the file should hold, for the problem of an empty one; `missing`: what to do
 * when it is not there, for the problem that says so.
 */
function readCatalogueFile(path: string, file: string, shared = false, expected = JSON_DOCUMENT, missing?: string): Read<{ bytes: Buffer; start: number }> {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(path, shared);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? `the file does not exist${missing ? `: ${missing}` : ''}` : `the file cannot be read (${code ?? (cause as Error).message})`;
    return { ok: false, problems: [error('unreadable-file', file, {}, message)] };
  }
  const start = hasBom(bytes) ? BOM.length : 0;
  bytes = bytes.subarray(start);
  const notUtf8 = utf8Problem(bytes, file);
  if (notUtf8) return { ok: false, problems: [notUtf8] };
  const blank = blankProblem(bytes, file, expected);
  if (blank) return { ok: false, problems: [blank] };
  return { ok: true, value: { bytes, start } };
}

/** The problem of a file (after its byte-order mark) that is empty or white space only; undefined for any other. */
export function blankProblem(bytes: Uint8Array, file: string, expected = JSON_DOCUMENT): Problem | undefined {
  if (!bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) return undefined;
  return error('empty-file', file, {}, `expected ${expected}, found ${bytes.length === 0 ? 'an empty file' : 'white space only'}`);
}

/**
 * The bytes of a regular file, read in one call: the promise form reads 512 KiB per trip
 * through the thread pool, slower, with nothing else for this thread to do meanwhile. Opened
 * without waiting (a FIFO's open waits for a writer) and refused unless regular: a FIFO or a
 * device such as /dev/zero may never end.
 */
function readRegularFile(path: string, shared: boolean): Buffer {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    if (!stats.isFile()) throw new Error('not a regular file');
    return shared ? readShared(fd, stats.size) : readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A file's bytes to its end, in shared memory; `size` is its size when opened (it may grow since). */
function readShared(fd: number, size: number): Buffer {
  let bytes = Buffer.from(new SharedArrayBuffer(size + 1));
  let length = 0;
  for (;;) {
    if (length === bytes.length) {
      const larger = Buffer.from(new SharedArrayBuffer(bytes.length * 2));
      larger.set(bytes);
      bytes = larger;
    }
    const read = readSync(fd, bytes, length, bytes.length - length, null);
    if (read === 0) return bytes.subarray(0, length);
    length += read;
  }
}

/** The problem of bytes that are not UTF-8, located by line, column and offset; undefined when they are. */
export function utf8Problem(bytes: Uint8Array, file: string): Problem | undefined {
  const fault = findInvalidUtf8(bytes);
  if (!fault) return undefined;
  const message = `expected UTF-8 text, found the byte 0x${bytes[fault.offset]!.toString(16).padStart(2, '0')} at byte offset ${fault.offset} that does not start a valid UTF-8 sequence`;
  return error('invalid-utf8', file, { line: fault.line, column: fault.column }, message);
}

/**
 * A problem when a catalogue file that may be absent is there but cannot be read: a directory,
 * a special file, a file without read permission. Undefined when it can be read or is absent.
 */
export function unreadableFile(path: string, file: string): Problem | undefined {
  const cannot = (why: string) => error('unreadable-file', file, {}, `the file cannot be read (${why})`);
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch (cause) {
    return cannot((cause as NodeJS.ErrnoException).code ?? String(cause));
  }
  if (!stats) return undefined;
  if (stats.isDirectory()) return cannot('EISDIR');
  if (!stats.isFile()) return cannot('not a regular file'); // opening a FIFO would wait for a writer
  try {
    closeSync(openSync(path, 'r'));
  } catch (cause) {
    return cannot((cause as NodeJS.ErrnoException).code ?? String(cause));
  }
  return undefined;
}

/** Parses a whole document; a syntax error is located by line and column. */
export function parseJson(bytes: Buffer, file: string): Read<unknown> {
  const text = bytes.toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const located = locateJsonError(text);
    const where = located ? { line: located.line, column: located.column } : {};
    const message = located ? `invalid JSON: expected ${located.expected}, found ${located.found}` : 'invalid JSON';
    return { ok: false, problems: [error('invalid-json', file, where, message)] };
  }
}
