/**
 * MacPorts' native PortIndex, split into its entries, so that `ports-gen import` can read the
 * file MacPorts itself publishes (docs/catalogue-format.md, "Importing"). For each port the
 * file has a line `<name> <length>` and then a Tcl list of key/value pairs exactly `<length>`
 * characters long, then a newline. Characters are counted as Tcl 8.6 counts them (MacPorts
 * writes the length with Tcl's `string length`): one for each UTF-16 code unit, so a character
 * beyond the BMP counts two, as a JavaScript string's length does; a line break, `\r\n` or `\r`
 * included, counts one, as Tcl reads them all as `\n`.
 *
 * Pure: bytes in, entries and problems out. Every problem is reported at once: after a bad line
 * or entry the reading goes on where the next entry can be found. Each problem names the line of
 * the entry's `<name> <length>` line (blank lines are allowed between entries).
 */

import { error, type Problem } from '../problems/problem.js';
import { parseTclList } from './tcl-list.js';
import { findInvalidUtf8, hasBom } from './utf8.js';

export interface NativeEntry {
  /** The name on the entry's `<name> <length>` line (the port object's name is its `name` key). */
  name: string;
  /** One-based line of the `<name> <length>` line. */
  line: number;
  /** The entry's Tcl list, as text. */
  text: string;
  /** Its elements: keys and values in turn (an even number). */
  elements: string[];
}

export interface NativeRead {
  entries: NativeEntry[];
  problems: Problem[];
}

const BLANK = /^[ \t\n\v\f\r]*$/;
const LENGTH = /^(?:0|[1-9][0-9]*)$/;

/** A bounded quotation of text the user wrote, for "found ...". */
const quote = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

function located(problem: Problem, port?: string): Problem {
  if (port !== undefined) problem.port = port;
  return problem;
}

/** The number of line breaks in `text` from `start` to `end`. */
function linesIn(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * The entries of a native PortIndex and its problems. With `each`, every entry goes to it as it
 * is read and none is kept (a full index's lists would otherwise all be held at once).
 */
export function readNativePortIndex(input: Uint8Array | string, file: string, each?: (entry: NativeEntry) => void): NativeRead {
  let text: string;
  if (typeof input === 'string') {
    text = input.startsWith('\ufeff') ? input.slice(1) : input;
  } else {
    const fault = findInvalidUtf8(input);
    if (fault) {
      return { entries: [], problems: [error('invalid-utf8', file, { line: fault.line, column: fault.column }, 'expected UTF-8 text, found a byte that does not start a valid UTF-8 sequence')] };
    }
    text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).subarray(hasBom(input) ? 3 : 0).toString('utf8');
  }
  // Tcl reads the file with its default "auto" translation: `\r\n` and a lone `\r` end a line
  // as `\n` does, and are one `\n` in the text whose characters the length counts.
  text = text.replace(/\r\n?/g, '\n');
  const entries: NativeEntry[] = [];
  const problems: Problem[] = [];
  let at = 0;
  let line = 1;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    const header = text.slice(at, lineEnd);
    const headerLine = line;
    at = lineEnd + 1;
    line++;
    if (BLANK.test(header)) continue;
    const parsed = parseTclList(header);
    if (!parsed.ok || parsed.elements.length !== 2 || !LENGTH.test(parsed.elements[1]!)) {
      problems.push(error('invalid-value', file, { line: headerLine }, `expected a line "<name> <length>" starting a port's entry, found ${quote(header)}`));
      continue;
    }
    const [name, digits] = parsed.elements as [string, string];
    const length = Number(digits);
    const start = Math.min(at, text.length);
    if (start + length > text.length) {
      const left = text.length - start;
      problems.push(located(error('invalid-value', file, { line: headerLine }, `expected ${length} characters of port data after this line, found the file ending after ${left}: the entry is truncated`), name));
      break;
    }
    const body = text.slice(start, start + length);
    // What follows the list, up to the end of its line, must be blank.
    const after = text.indexOf('\n', start + length);
    const afterEnd = after < 0 ? text.length : after;
    line += linesIn(text, start, afterEnd) + (after < 0 ? 0 : 1);
    at = afterEnd + 1;
    const rest = text.slice(start + length, afterEnd);
    if (!BLANK.test(rest)) {
      problems.push(located(error('invalid-value', file, { line: headerLine }, `expected the entry to end after ${length} characters, found ${quote(rest)} after them on the same line: its length is wrong`), name));
      continue;
    }
    const list = parseTclList(body);
    if (!list.ok) {
      problems.push(located(error('invalid-value', file, { line: headerLine }, `expected the port data to be a Tcl list, found an error at character ${list.offset + 1} of the entry: ${list.message}`), name));
      continue;
    }
    if (list.elements.length % 2 !== 0) {
      problems.push(located(error('invalid-value', file, { line: headerLine }, `expected key/value pairs, found an odd number of elements (${list.elements.length})`), name));
      continue;
    }
    const entry = { name, line: headerLine, text: body, elements: list.elements };
    if (each) each(entry);
    else entries.push(entry);
  }
  return { entries, problems };
}
