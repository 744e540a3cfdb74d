import crypto from 'node:crypto';

type OneShot = (algorithm: string, data: string | Uint8Array, encoding: 'base64url') => string;

/** `crypto.hash` (Node >= 20.12) hashes in one call; older Node 20 builds a Hash object each time. */
const oneShot = (crypto as { hash?: OneShot }).hash;

/**
 * SHA-1 of `data` (a string as UTF-8), base64url. Called once per file and once per port: the
 * one-shot form takes about half the time of `createHash` for 40,000 texts of some 700 bytes.
 */
export function sha1(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha1', data, 'base64url') : crypto.createHash('sha1').update(data).digest('base64url');
}
