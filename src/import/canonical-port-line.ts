/**
 * Whether a line of `portindex.json` is a port exactly as `JSON.stringify` writes it (as
 * `ports-gen import` writes every port), without parsing it: a port whose line is in that form
 * is its own text, so an import compares it as it is instead of parsing it and writing it again.
 * Pure.
 *
 * The form: no white space outside strings, no backslash and no control character anywhere (so
 * no escape to weigh), no number (their forms are many), no key twice in an object; the top a
 * port object whose `name` is a string. Anything else is not claimed, and the caller reads the
 * line the plain way: JSON.parse, which also finds what is not JSON.
 */

export interface CanonicalPort {
  name: string;
  /** False only when the port's `active` is `false` (absent is true). */
  active: boolean;
}

/** A backslash or a control character: a line with one is left to JSON.parse, as one with half a surrogate pair alone (written escaped). */
const UNUSUAL = /[\x00-\x1f\\]/;

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** What the scanner expects next. */
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY = 2;
const KEY_OR_CLOSE = 3;
const AFTER_VALUE = 4;

/** The port's name and whether it is active, when `line` is a port in JSON.stringify's form; undefined otherwise. */
export function canonicalPort(line: string): CanonicalPort | undefined {
  if (line.charCodeAt(0) !== OPEN_OBJECT || UNUSUAL.test(line) || !line.isWellFormed()) return undefined;
  /** The open containers, innermost last, and for each object the keys it has had. */
  const open: number[] = [];
  const keys: string[][] = [];
  /** The key whose value comes next, in the port object (depth 1). */
  let topKey: string | undefined;
  let name: string | undefined;
  let active = true;
  let i = 0;
  let next = VALUE;
  for (;;) {
    const c = line.charCodeAt(i);
    switch (next) {
      case VALUE_OR_CLOSE:
        if (c === CLOSE_ARRAY) {
          open.pop();
          i++;
          next = AFTER_VALUE;
        } else {
          next = VALUE;
        }
        break;
      case VALUE:
        if (c === QUOTE) {
          const end = line.indexOf('"', i + 1);
          if (end < 0) return undefined;
          if (open.length === 1 && topKey === 'name') name = line.slice(i + 1, end);
          i = end + 1;
        } else if (c === OPEN_OBJECT) {
          open.push(c);
          keys.push([]);
          i++;
          next = KEY_OR_CLOSE;
          break;
        } else if (c === OPEN_ARRAY) {
          open.push(c);
          i++;
          next = VALUE_OR_CLOSE;
          break;
        } else if (line.startsWith('true', i) || line.startsWith('null', i)) {
          i += 4;
        } else if (line.startsWith('false', i)) {
          if (open.length === 1 && topKey === 'active') active = false;
          i += 5;
        } else {
          return undefined; // a number, white space, or not JSON
        }
        next = AFTER_VALUE;
        break;
      case KEY_OR_CLOSE:
        if (c === CLOSE_OBJECT) {
          open.pop();
          keys.pop();
          i++;
          next = AFTER_VALUE;
        } else {
          next = KEY;
        }
        break;
      case KEY: {
        if (c !== QUOTE) return undefined;
        const end = line.indexOf('"', i + 1);
        if (end < 0 || line.charCodeAt(end + 1) !== COLON) return undefined;
        const key = line.slice(i + 1, end);
        const seen = keys[keys.length - 1]!;
        if (seen.includes(key)) return undefined; // JSON.parse keeps one of the two
        seen.push(key);
        if (open.length === 1) topKey = key;
        i = end + 2;
        next = VALUE;
        break;
      }
      default: { // AFTER_VALUE
        const inner = open[open.length - 1];
        if (inner === undefined) return i === line.length && name !== undefined ? { name, active } : undefined;
        if (c === COMMA) {
          i++;
          next = inner === OPEN_OBJECT ? KEY : VALUE;
        } else if ((c === CLOSE_OBJECT && inner === OPEN_OBJECT) || (c === CLOSE_ARRAY && inner === OPEN_ARRAY)) {
          open.pop();
          if (inner === OPEN_OBJECT) keys.pop();
          i++;
        } else {
          return undefined;
        }
        break;
      }
    }
  }
}
