/** Parts gathered into a buffer of this size, handed on when it is full. */
const CHUNK = 1 << 20;

/**
 * Text and bytes made a part at a time (a catalogue's lines, a cache's records), handed to
 * `sink` as the bytes of their UTF-8 text in chunks of about a megabyte, through one reused
 * buffer: the whole is never one text or one buffer in memory. A chunk is valid only until
 * `sink` returns.
 */
export function eachChunk(parts: Iterable<string | Uint8Array>, sink: (chunk: Uint8Array) => void): void {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  const flush = () => {
    if (used > 0) sink(buffer.subarray(0, used));
    used = 0;
  };
  for (const part of parts) {
    const length = typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    if (used + length > CHUNK) flush();
    if (length > CHUNK) {
      sink(typeof part === 'string' ? Buffer.from(part) : part);
    } else if (typeof part === 'string') {
      used += buffer.write(part, used);
    } else {
      buffer.set(part, used);
      used += length;
    }
  }
  flush();
}
