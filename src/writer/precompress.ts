import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * `build --precompress`: each JSON file gets its bytes gzipped and Brotli-compressed beside it,
 * `<file>.gz` and `<file>.br`, as nginx's `gzip_static` and `brotli_static` look for them.
 * Levels for speed at the scale of a full tree: the highest levels gain little size for many
 * times the time (docs/benchmark.md).
 */
const ENCODERS = {
  gz: (bytes: Uint8Array) => gzipSync(bytes, { level: 6 }),
  br: (bytes: Uint8Array) =>
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
} as const;

export type Encoding = keyof typeof ENCODERS;
const ENCODINGS = Object.keys(ENCODERS) as Encoding[];

/** The compressed siblings of a file: every JSON file has them, nothing else does. */
export function siblingsOf(relative: string): string[] {
  return relative.endsWith('.json') ? ENCODINGS.map((encoding) => `${relative}.${encoding}`) : [];
}

/** The file a sibling is made from, and how. */
export function sourceOf(sibling: string): { source: string; encoding: Encoding } {
  const encoding = sibling.slice(sibling.lastIndexOf('.') + 1) as Encoding;
  return { source: sibling.slice(0, -(encoding.length + 1)), encoding };
}

export function encode(bytes: Uint8Array, encoding: Encoding): Uint8Array {
  return ENCODERS[encoding](bytes);
}

/**
 * A sibling's key: the content hash of its source and the encoding. The same source bytes give
 * the same compressed bytes under the same code, so a sibling is kept exactly when its source's
 * bytes are unchanged.
 */
export function siblingKey(sourceHash: string, encoding: Encoding): string {
  return `${encoding}:${sourceHash}`;
}
