import xxhash from 'xxhash-wasm';

const { h64Raw } = await xxhash();

/** XXH64 of the text's UTF-8 bytes as the site's content hashes write it: 16 hex digits. */
export function xxh64(data: string | Uint8Array): string {
  return h64Raw(typeof data === 'string' ? Buffer.from(data, 'utf8') : data).toString(16).padStart(16, '0');
}
