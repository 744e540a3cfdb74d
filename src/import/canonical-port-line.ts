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

interface CanonicalPort {
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
  const scan = new LineScan(line);
  while (scan.step());
  return scan.port();
}

/**
 * One line's scan, a token a step. Its state is in fields, not in closures, so that a line
 * costs one object and its containers' arrays, however long it is.
 */
class LineScan {
  /** The open containers, innermost last, and for each object the keys it has had. */
  private readonly open: number[] = [];
  private readonly keys: string[][] = [];
  /** The key whose value comes next, in the port object (depth 1). */
  private topKey: string | undefined;
  private name: string | undefined;
  private active = true;
  private i = 0;
  private next = VALUE;
  /** Whether the port object closed at the line's end. */
  private whole = false;

  constructor(private readonly line: string) {}

  /** The port the line is, once the scan has ended. */
  port(): CanonicalPort | undefined {
    return this.whole && this.name !== undefined ? { name: this.name, active: this.active } : undefined;
  }

  /** Reads the next token; false when the scan has ended, the line a port or not. */
  step(): boolean {
    const c = this.line.charCodeAt(this.i);
    switch (this.next) {
      case VALUE_OR_CLOSE:
        if (c === CLOSE_ARRAY) this.close();
        else this.next = VALUE;
        return true;
      case VALUE:
        return this.value(c);
      case KEY_OR_CLOSE:
        if (c === CLOSE_OBJECT) this.close();
        else this.next = KEY;
        return true;
      case KEY:
        return this.key(c);
      default:
        return this.afterValue(c);
    }
  }

  /** A value: a string, true, false or null, or the start of an object or an array. */
  private value(c: number): boolean {
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      this.open.push(c);
      if (c === OPEN_OBJECT) this.keys.push([]);
      this.i++;
      this.next = c === OPEN_OBJECT ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      return true;
    }
    const ok = c === QUOTE ? this.text() : this.literal();
    this.next = AFTER_VALUE;
    return ok;
  }

  /** A string value, kept when it is the port's name. */
  private text(): boolean {
    const end = this.line.indexOf('"', this.i + 1);
    if (end < 0) return false;
    if (this.open.length === 1 && this.topKey === 'name') this.name = this.line.slice(this.i + 1, end);
    this.i = end + 1;
    return true;
  }

  /** true, false or null; false is kept when it is the port's `active`. */
  private literal(): boolean {
    const { line, i } = this;
    if (line.startsWith('true', i) || line.startsWith('null', i)) {
      this.i += 4;
    } else if (line.startsWith('false', i)) {
      if (this.open.length === 1 && this.topKey === 'active') this.active = false;
      this.i += 5;
    } else {
      return false; // a number, white space, or not JSON
    }
    return true;
  }

  /** A key and its colon: a key twice in one object is not claimed, as JSON.parse keeps one of the two. */
  private key(c: number): boolean {
    if (c !== QUOTE) return false;
    const end = this.line.indexOf('"', this.i + 1);
    if (end < 0 || this.line.charCodeAt(end + 1) !== COLON) return false;
    const key = this.line.slice(this.i + 1, end);
    const seen = this.keys[this.keys.length - 1]!;
    if (seen.includes(key)) return false;
    seen.push(key);
    if (this.open.length === 1) this.topKey = key;
    this.i = end + 2;
    this.next = VALUE;
    return true;
  }

  /** After a value: a comma, or the end of its container; the port object's end ends the scan. */
  private afterValue(c: number): boolean {
    const inner = this.open[this.open.length - 1];
    if (inner === undefined) {
      this.whole = this.i === this.line.length;
      return false;
    }
    if (c === COMMA) {
      this.i++;
      this.next = inner === OPEN_OBJECT ? KEY : VALUE;
      return true;
    }
    if ((c === CLOSE_OBJECT && inner === OPEN_OBJECT) || (c === CLOSE_ARRAY && inner === OPEN_ARRAY)) {
      this.close();
      return true;
    }
    return false;
  }

  /** The end of the innermost container. */
  private close(): void {
    if (this.open.pop() === OPEN_OBJECT) this.keys.pop();
    this.i++;
    this.next = AFTER_VALUE;
  }
}
