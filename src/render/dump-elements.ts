/**
 * The elements of `dump/ports.json` as the writer assembles it (`[`, the port files end to end
 * joined by `,`, `]`): where each starts and ends in its bytes, found by one pass that follows
 * strings and nesting. A host that answers queries from the dump (the Netlify function, which
 * would otherwise fetch each port's file) decodes only the ports it sends. The pass reads bytes,
 * not a decoded text: every byte it looks for is ASCII, and no byte of a longer UTF-8 character
 * is, so decoding the whole dump first would only cost time and twice its memory.
 */
export function dumpElements(bytes: Uint8Array): Int32Array | undefined {
  if (bytes[0] !== OPEN_ARRAY) return undefined;
  const bounds: number[] = [];
  let depth = 0;
  let start = 1;
  for (let i = 1; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      i = stringEnd(bytes, i + 1);
      if (i < 0) return undefined;
    } else if (c === 0x7b || c === OPEN_ARRAY) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) {
        // The array's end: the last element, if any, ends here.
        if (i > start) bounds.push(start, i);
        return onlySpaceAfter(bytes, i + 1) ? Int32Array.from(bounds) : undefined;
      }
      depth--;
    } else if (c === 0x2c && depth === 0) {
      bounds.push(start, i);
      start = i + 1;
    }
  }
  return undefined;
}

/**
 * The elements' bounds from the lengths the writer publishes beside the dump (DUMP_PORTS_LENGTHS),
 * checked against the dump's `size`: no scan, and no need to read the dump whole. Undefined
 * when they are not a list of lengths that fills exactly that many bytes.
 */
export function lengthBounds(lengths: unknown, size: number): Int32Array | undefined {
  if (!Array.isArray(lengths)) return undefined;
  const bounds = new Int32Array(2 * lengths.length);
  let start = 1;
  for (let i = 0; i < lengths.length; i++) {
    const length: unknown = lengths[i];
    if (!Number.isInteger(length) || (length as number) <= 0 || start + (length as number) > size) return undefined;
    bounds[2 * i] = start;
    bounds[2 * i + 1] = start += length as number;
    start++;
  }
  // `[`, each element and the comma or `]` after it: `[]` when there is none.
  return size === Math.max(start, 2) ? bounds : undefined;
}

const QUOTE = 0x22;
const OPEN_ARRAY = 0x5b;
const BACKSLASH = 0x5c;

/**
 * Where the string that starts at `from` ends (its closing quote), or -1. Most of a dump's
 * bytes are in strings, so the quotes are looked up natively; a quote closes the string when
 * an even number of backslashes stands before it (each pair is one escaped backslash).
 */
function stringEnd(bytes: Uint8Array, from: number): number {
  for (let quote = bytes.indexOf(QUOTE, from); quote >= 0; quote = bytes.indexOf(QUOTE, quote + 1)) {
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && bytes[quote - backslashes - 1] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/** Whether nothing but JSON's white space follows `from`. */
function onlySpaceAfter(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) {
    const c = bytes[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}
