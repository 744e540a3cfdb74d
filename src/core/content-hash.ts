import xxhash from 'xxhash-wasm';

/**
 * Content hashes: XXH64 (xxhash-wasm), as 16 hex digits. A hash here only ever tells whether
 * bytes are those of one earlier version: a file against the file it replaces (the marker),
 * builds.ndjson against the one the pages were made from (its survey). Nothing relies on it to
 * resist a made collision (whoever writes the catalogue decides the site anyway), and a chance
 * collision of 64 bits does not happen; node:crypto's digests take three times as long.
 */
const { h64Raw, h64ToString, create64 } = await xxhash();

/**
 * Inputs longer than this are hashed in parts of this size: the hash copies its input into
 * WebAssembly memory, which grows to the largest input and never shrinks.
 */
const PART = 1 << 20;

/** The hash of bytes, or of a text's UTF-8 bytes (an ASCII text hashes as the bytes it came from). */
export function contentHash(data: Uint8Array | string): string {
  if (typeof data === 'string') return data.length * 3 > PART ? hashInParts(Buffer.from(data)) : h64ToString(data);
  return data.length > PART ? hashInParts(data) : hex(h64Raw(data));
}

function hashInParts(bytes: Uint8Array): string {
  const digest = contentDigest();
  digest.update(bytes);
  return digest.digest();
}

/** A content hash made from bytes given in parts, end to end: the same as contentHash of them all. */
export interface ContentDigest {
  update(bytes: Uint8Array): void;
  digest(): string;
}

export function contentDigest(): ContentDigest {
  const hasher = create64();
  return {
    update: (bytes) => {
      for (let start = 0; start < bytes.length; start += PART) hasher.update(bytes.subarray(start, start + PART));
    },
    digest: () => hex(hasher.digest()),
  };
}

function hex(value: bigint): string {
  return value.toString(16).padStart(16, '0');
}
