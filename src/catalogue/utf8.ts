import { isUtf8 } from 'node:buffer';

export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

interface Utf8Fault {
  /** Zero-based byte offset of the first byte that is not valid UTF-8. */
  offset: number;
  /** One-based line and byte column of that byte. */
  line: number;
  column: number;
}

/**
 * Finds the first invalid UTF-8 sequence, or returns undefined. The fast native check runs
 * first; the byte walk that locates the fault runs only for bad input (docs/catalogue-format.md: never
 * replace silently, say where).
 */
export function findInvalidUtf8(bytes: Uint8Array): Utf8Fault | undefined {
  if (isUtf8(bytes)) return undefined;
  const offset = firstInvalidOffset(bytes);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

function firstInvalidOffset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}

/** Length of the well-formed sequence at i (RFC 3629 table), or 0 when it is ill-formed. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => {
    const c = bytes[i + k];
    return c !== undefined && c >= lo && c <= hi;
  };
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b >= 0xf1 && b <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (b === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}
