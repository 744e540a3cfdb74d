import { readFile } from 'node:fs/promises';
import { error, type Problem } from '../problems/problem.js';
import { locateJsonError } from './locate-json-error.js';
import { findInvalidUtf8, hasBom } from './utf8.js';

export type Read<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/**
 * Reads a catalogue file strictly: UTF-8 only (a BOM is dropped, SPEC 1.3) and not empty.
 * The bytes are returned as they are; decoding is the caller's choice.
 */
export async function readCatalogueBytes(path: string, file: string): Promise<Read<Buffer>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? 'the file does not exist' : `the file cannot be read (${code ?? String(cause)})`;
    return { ok: false, problems: [error('unreadable-file', file, 'file', message)] };
  }
  if (hasBom(bytes)) bytes = bytes.subarray(3);
  const fault = findInvalidUtf8(bytes);
  if (fault) {
    const message = `expected UTF-8 text, found the byte 0x${bytes[fault.offset]!.toString(16).padStart(2, '0')} at byte offset ${fault.offset} that does not start a valid UTF-8 sequence`;
    return { ok: false, problems: [error('invalid-utf8', file, `line ${fault.line}, column ${fault.column}`, message)] };
  }
  if (bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
    return { ok: false, problems: [error('empty-file', file, 'file', 'expected a JSON document, found an empty file')] };
  }
  return { ok: true, value: bytes };
}

/** Parses a whole document; a syntax error is located by line and column. */
export function parseJson(bytes: Buffer, file: string): Read<unknown> {
  const text = bytes.toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const located = locateJsonError(text);
    const where = located ? `line ${located.line}, column ${located.column}` : 'file';
    const message = located ? `invalid JSON: expected ${located.expected}, found ${located.found}` : 'invalid JSON';
    return { ok: false, problems: [error('invalid-json', file, where, message)] };
  }
}
