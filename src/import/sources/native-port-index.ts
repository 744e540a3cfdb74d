/**
 * MacPorts' native PortIndex, split into its entries, so that `ports-gen import` can read the
 * file MacPorts itself publishes (docs/catalogue-format.md, "Importing"). For each port the
 * file has a line `<name> <length>` and then a line holding a Tcl list of key/value pairs:
 * `<length>` counts that line's characters and its newline, as MacPorts' `portindex` writes it
 * (`[string length $line] + 1`) and its readers `read` it. Characters are counted as Tcl 8.6 counts them (MacPorts
 * writes the length with Tcl's `string length`): one for each UTF-16 code unit, so a character
 * beyond the BMP counts two, as a JavaScript string's length does; a line break, `\r\n` or `\r`
 * included, counts one, as Tcl reads them all as `\n`.
 *
 * Pure: bytes in, entries and problems out. Every problem is reported at once: after a bad line
 * or entry the reading goes on where the next entry can be found. Each problem names the line of
 * the entry's `<name> <length>` line (blank lines are allowed between entries).
 */

import { isAscii } from 'node:buffer';
import { error, type Problem } from '../../core/problems/problem.js';
import { parseTclList } from '../../catalogue/tcl-list.js';
import { findInvalidUtf8, hasBom } from '../../catalogue/utf8.js';

interface NativeEntry {
  /** The name on the entry's `<name> <length>` line (the port object's name is its `name` key). */
  name: string;
  /** One-based line of the `<name> <length>` line. */
  line: number;
  /** The entry's Tcl list, as text. */
  text: string;
  /** Its elements: keys and values in turn (an even number). */
  elements: string[];
}

/**
 * The entries of a native PortIndex found, not yet read: for each, its name, the line of its
 * `<name> <length>` line and where its list's bytes are in `body` (the file without its BOM).
 * Finding them is cheap (the header lines and a count of characters); reading their lists is
 * not, and can be shared out (see parallel-check).
 */
export interface NativeSpans {
  body: Buffer;
  names: string[];
  lines: number[];
  starts: number[];
  ends: number[];
  /** The problems of the file and of the header lines and lengths, in line order. */
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

/** Two lists of problems, each in line order, as one. */
export function inLineOrder(first: readonly Problem[], second: readonly Problem[]): Problem[] {
  const line = (problem: Problem) => problem.location.line ?? 0;
  const merged: Problem[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    if (j >= second.length || (i < first.length && line(first[i]!) <= line(second[j]!))) merged.push(first[i++]!);
    else merged.push(second[j++]!);
  }
  return merged;
}

/** Where the entries of a native PortIndex are, and the problems of finding them (see NativeSpans). */
export function findNativeEntries(input: Uint8Array | string, file: string): NativeSpans {
  const all = typeof input === 'string' ? Buffer.from(input) : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  // Read on the bytes, each line and entry decoded alone: decoded whole, a full PortIndex is
  // one string of two bytes a character as soon as one port has a character beyond Latin-1.
  const bytes = all.subarray(hasBom(all) ? 3 : 0);
  const spans: NativeSpans = { body: bytes, names: [], lines: [], starts: [], ends: [], problems: [] };
  const { problems } = spans;
  const fault = findInvalidUtf8(all);
  if (fault) {
    problems.push(error('invalid-utf8', file, { line: fault.line, column: fault.column }, 'expected UTF-8 text, found a byte that does not start a valid UTF-8 sequence'));
    return spans;
  }
  const decode = (from: number, to: number) => bytes.toString('utf8', from, to);
  let at = 0;
  let line = 1;
  while (at < bytes.length) {
    const lineEnd = breakAt(bytes, at);
    const header = decode(at, lineEnd);
    const headerLine = line;
    at = afterBreak(bytes, lineEnd);
    line++;
    if (BLANK.test(header)) continue;
    const parsed = parseTclList(header);
    if (!parsed.ok || parsed.elements.length !== 2 || !LENGTH.test(parsed.elements[1]!)) {
      problems.push(error('invalid-value', file, { line: headerLine }, `expected a line "<name> <length>" starting a port's entry, found ${quote(header)}`));
      continue;
    }
    const [name, digits] = parsed.elements as [string, string];
    const length = Number(digits);
    const start = at;
    if (length === 0) {
      problems.push(located(error('invalid-value', file, { line: headerLine }, 'expected a length of at least 1 (it counts the entry\'s characters and its newline), found 0'), name));
      continue;
    }
    // MacPorts writes `[string length $line] + 1`: the list, then its newline, which the length counts.
    const { end, counted } = characters(bytes, start, length - 1);
    if (counted < length - 1) {
      problems.push(located(error('truncated', file, { line: headerLine }, `expected ${length} characters of port data after this line (its newline included), found the file ending after ${counted}: the entry is truncated`), name));
      break;
    }
    if (counted === length - 1 && (end === bytes.length || bytes[end] === LF || bytes[end] === CR)) {
      // The newline the length counts (a file may lack its very last one: the data is whole).
      line += breaksIn(bytes, start, end) + (end < bytes.length ? 1 : 0);
      at = afterBreak(bytes, end);
    } else {
      // A length that ends the entry short of its newline (or in the middle of a character
      // beyond the BMP) leaves text on the line; a longer one runs into the next line.
      const lineEnd = breakAt(bytes, end);
      line += breaksIn(bytes, start, lineEnd) + (lineEnd < bytes.length ? 1 : 0);
      at = afterBreak(bytes, lineEnd);
      const rest = decode(counted > length - 1 ? end - 4 : end, lineEnd);
      const oneShort = counted === length - 1 && [...rest].length === 1 ? ' (one short: the length must count the newline too, as MacPorts writes it)' : '';
      problems.push(located(error('invalid-value', file, { line: headerLine }, `expected the entry's ${length} characters to end with its newline, found ${quote(rest)} left on its line: its length is wrong${oneShort}`), name));
      continue;
    }
    spans.names.push(name);
    spans.lines.push(headerLine);
    spans.starts.push(start);
    spans.ends.push(end);
  }
  return spans;
}

/** The entries' bytes and where each is: what a thread needs to read some of them. */
type NativeBodies = Pick<NativeSpans, 'body' | 'names' | 'lines' | 'starts' | 'ends'>;

/** Entry `index` of `spans` read: its list parsed, or why it cannot be. */
export function readNativeEntry(spans: NativeBodies, index: number, file: string): { ok: true; entry: NativeEntry } | { ok: false; problem: Problem } {
  const name = spans.names[index]!;
  const line = spans.lines[index]!;
  const text = withLineFeeds(spans.body.toString('utf8', spans.starts[index], spans.ends[index]));
  const list = parseTclList(text);
  if (!list.ok) {
    return { ok: false, problem: located(error('invalid-value', file, { line }, `expected the port data to be a Tcl list, found an error at character ${list.offset + 1} of the entry: ${list.message}`), name) };
  }
  if (list.elements.length % 2 !== 0) {
    return { ok: false, problem: located(error('invalid-value', file, { line }, `expected key/value pairs, found an odd number of elements (${list.elements.length})`), name) };
  }
  return { ok: true, entry: { name, line, text, elements: list.elements } };
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Tcl reads the file with its default "auto" translation: `\r\n` and a lone `\r` end a line as
 * `\n` does, and are one `\n` in the text whose characters the length counts.
 */
const withLineFeeds = (text: string) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);

/** Where the line that `from` is in ends: its line break, or the end of the bytes. */
function breakAt(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length; i++) if (bytes[i] === LF || bytes[i] === CR) return i;
  return bytes.length;
}

/** Past the line break at `at` (`\r\n` is one). */
const afterBreak = (bytes: Uint8Array, at: number) => (at >= bytes.length ? bytes.length : bytes[at] === CR && bytes[at + 1] === LF ? at + 2 : at + 1);

/** The line breaks from `from` to `to`, `\r\n` counted once. */
function breaksIn(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  const span = bytes.subarray(from, to);
  if (span.indexOf(CR) === -1) {
    // No `\r` (the usual file): the line feeds, found by the native search.
    for (let i = span.indexOf(LF); i !== -1; i = span.indexOf(LF, i + 1)) count++;
    return count;
  }
  for (let i = from; i < to; i++) if (bytes[i] === LF || (bytes[i] === CR && bytes[i + 1] !== LF)) count++;
  return count;
}

/**
 * From `from`, the bytes of `length` characters as Tcl 8.6 counts them (UTF-16 code units: a
 * character beyond the BMP, four bytes of UTF-8, counts two; `\r\n` one): where they end, and
 * how many were counted (fewer when the bytes end first, one more when the last is half of a pair).
 */
function characters(bytes: Buffer, from: number, length: number): { end: number; counted: number } {
  // ASCII without `\r` (nearly every entry): a byte a character, checked natively.
  const plain = bytes.subarray(from, from + length);
  if (plain.length === length && isAscii(plain) && plain.indexOf(CR) === -1) return { end: from + length, counted: length };
  let at = from;
  let counted = 0;
  while (counted < length && at < bytes.length) {
    const byte = bytes[at]!;
    if (byte < 0x80) at += byte === CR && bytes[at + 1] === LF ? 2 : 1;
    else if (byte < 0xe0) at += 2;
    else if (byte < 0xf0) at += 3;
    else {
      at += 4;
      counted++;
    }
    counted++;
  }
  return { end: at, counted };
}
