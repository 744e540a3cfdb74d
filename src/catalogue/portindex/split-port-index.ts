/**
 * Splits `portindex.json` into its skeleton and the byte ranges of the elements of its `ports`
 * array, so each port can be parsed, validated and released on its own instead of holding
 * the whole document as one string and one object tree (the build's peak memory at 40,000
 * ports). Returns undefined for anything unusual; the caller then parses the whole document,
 * which also locates any syntax error.
 */
export interface PortIndexParts {
  /** The document with the ports array emptied (`"ports":[]`), for the top-level checks. */
  skeleton: string;
  /** [start, end) byte offsets of each element of `ports`. */
  elements: Array<[number, number]>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const PORTS_KEY = Buffer.from('"ports"');

function isSpace(b: number | undefined): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/**
 * The offset just past the string starting at `i` (on its opening quote). Strings are most of
 * the document, so the closing quote is found by a native search; a quote counts as closing
 * when an even number of backslashes stands before it.
 */
function skipString(bytes: Buffer, i: number): number {
  for (let k = bytes.indexOf(QUOTE, i + 1); k !== -1; k = bytes.indexOf(QUOTE, k + 1)) {
    let backslashes = 0;
    while (bytes[k - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return k + 1;
  }
  return -1;
}

/** The offset just past the value starting at `i`: an object, array, string or bare word. */
export function skipValue(bytes: Buffer, i: number): number {
  const first = bytes[i];
  if (first === QUOTE) return skipString(bytes, i);
  if (first !== 0x7b && first !== 0x5b) {
    let k = i;
    while (k < bytes.length && !isSpace(bytes[k]) && bytes[k] !== 0x2c && bytes[k] !== 0x5d && bytes[k] !== 0x7d) k++;
    return k > i ? k : -1;
  }
  let depth = 0;
  for (let k = i; k < bytes.length; k++) {
    const b = bytes[k];
    if (b === QUOTE) {
      k = skipString(bytes, k) - 1;
      if (k < 0) return -1;
    } else if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d || b === 0x5d) {
      depth--;
      if (depth === 0) return k + 1;
    }
  }
  return -1;
}

export function skipSpace(bytes: Uint8Array, i: number): number {
  while (isSpace(bytes[i])) i++;
  return i;
}

interface Elements {
  elements: Array<[number, number]>;
  /** The offset of the array's `]`. */
  close: number;
}

/** The elements of the array opened at `open`, each scanned to its end. */
function splitElements(bytes: Buffer, open: number): Elements | undefined {
  const elements: Array<[number, number]> = [];
  let i = skipSpace(bytes, open + 1);
  if (bytes[i] === 0x5d) return { elements, close: i };
  for (;;) {
    const end = skipValue(bytes, i); // after a comma there must be a value: `[1,]` fails here
    if (end < 0) return undefined;
    elements.push([i, end]);
    i = skipSpace(bytes, end);
    if (bytes[i] === 0x5d) return { elements, close: i };
    if (bytes[i] !== 0x2c) return undefined;
    i = skipSpace(bytes, i + 1);
  }
}

/** Finds `"ports": [` at the top level of the object and splits the array's elements. */
export function splitPortIndex(bytes: Buffer): PortIndexParts | undefined {
  const ports = portsValue(bytes, 0);
  if (ports === undefined || bytes[ports] !== 0x5b) return undefined; // not an array: the slow path decides
  const found = splitElements(bytes, ports);
  if (!found || !endsDocument(bytes, found.close)) return undefined;
  const skeleton = `${bytes.toString('utf8', 0, ports)}[]${bytes.toString('utf8', found.close + 1)}`;
  return { skeleton, elements: found.elements };
}

/**
 * Where the value of the top-level object's `ports` member starts, the object opening at or
 * after `i`; undefined when there is no such member or the bytes are not such an object (or
 * end before the member is found).
 */
export function portsValue(bytes: Buffer, i: number): number | undefined {
  i = skipSpace(bytes, i);
  if (bytes[i] !== 0x7b) return undefined;
  const member = nextMember(bytes, i + 1);
  return member?.ports ? member.at : undefined;
}

/**
 * Whether the ports array closing at `close` is followed by the rest of the object, with no
 * other `ports` member, and nothing after it but white space.
 */
export function endsDocument(bytes: Buffer, close: number): boolean {
  const next = afterMember(bytes, close + 1);
  if (next < 0) return false;
  const rest = nextMember(bytes, next);
  return rest !== undefined && !rest.ports && skipSpace(bytes, rest.at + 1) === bytes.length; // a repeated key: the slow path decides
}

/** After a member's value: where the next member or the object's end is looked for, or -1. */
function afterMember(bytes: Buffer, i: number): number {
  i = skipSpace(bytes, i);
  if (bytes[i] === 0x2c) return i + 1;
  return bytes[i] === 0x7d ? i : -1;
}

/**
 * From `i` (after the object's `{`, or after a member), the next member named `ports` (where its
 * value starts), else the object's end (its `}`), the other members' values skipped.
 */
function nextMember(bytes: Buffer, i: number): { ports: boolean; at: number } | undefined {
  for (;;) {
    i = skipSpace(bytes, i);
    if (bytes[i] === 0x7d) return { ports: false, at: i };
    if (bytes[i] !== QUOTE) return undefined;
    const keyEnd = skipString(bytes, i);
    if (keyEnd < 0) return undefined;
    const isPorts = keyEnd - i === PORTS_KEY.length && bytes.subarray(i, keyEnd).equals(PORTS_KEY);
    i = skipSpace(bytes, keyEnd);
    if (bytes[i] !== 0x3a) return undefined;
    i = skipSpace(bytes, i + 1);
    if (isPorts) return { ports: true, at: i };
    i = skipValue(bytes, i);
    if (i < 0) return undefined;
    i = afterMember(bytes, i);
    if (i < 0) return undefined;
  }
}
