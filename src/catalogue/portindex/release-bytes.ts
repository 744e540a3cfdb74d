/**
 * Frees a large buffer's memory now rather than at the heap's next full collection, which may
 * come only after the build's peak: its ArrayBuffer is detached, moved into a clone that nothing
 * holds and that V8's next minor collection frees. Every view of it is empty afterwards. Shared
 * memory is left alone, and so is any buffer below RELEASE_FROM, so that Node's pool of small
 * buffers, which others share, is never detached.
 */
export function releaseBytes(bytes: Uint8Array): void {
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < RELEASE_FROM) return;
  structuredClone(buffer, { transfer: [buffer] });
}

const RELEASE_FROM = 1 << 20;
