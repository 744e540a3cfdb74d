/**
 * OpenBSD signify's files, as `signify -G -n`, `-S` and `-V` read and write them (MacPorts signs
 * its own files with it): Ed25519 keys and signatures, each file a comment line and a line of
 * base64. Pure: bytes in, bytes or a reason out; the keys' I/O is in key-files.ts.
 *
 * - public key: "Ed", key number (8 bytes), public key (32)
 * - secret key: "Ed", "BK", KDF rounds (4, big-endian), salt (16), checksum (8: the start of
 *   the secret key's SHA-512), key number (8), secret key (64: seed and public key); with 0
 *   rounds (`-n`) the secret key is stored as it is
 * - signature: "Ed", key number (8), signature (64), of the file's bytes
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

const COMMENT = 'untrusted comment: ';
const ALGORITHM = Buffer.from('Ed');
const KDF = Buffer.from('BK');
const KEY_NUMBER = 8;
const PUBLIC_BYTES = 2 + KEY_NUMBER + 32;
const SECRET_BYTES = 2 + 2 + 4 + 16 + 8 + KEY_NUMBER + 64;
const SIGNATURE_BYTES = 2 + KEY_NUMBER + 64;

/**
 * The most bytes of a key or signature file read: signify writes each under 300 bytes (a comment
 * line, a line of base64); this leaves room for a long comment, and anything larger is not one.
 */
export const SIGNIFY_FILE_MOST = 4096;

export interface PublicKey {
  keyNumber: Buffer;
  key: KeyObject;
}

export interface SecretKey {
  keyNumber: Buffer;
  key: KeyObject;
  /** The public key that goes with it. */
  publicKey: Buffer;
}

/** A file that is not what it should be: the reason, for a message that names the file. */
export class SignifyError extends Error {}

/** A new key pair, as `signify -G -n` writes it: the public and the (unencrypted) secret key files. */
export function generateKeyPair(): { publicFile: string; secretFile: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  const secret = Buffer.concat([seed, publicKey]);
  const keyNumber = randomBytes(KEY_NUMBER);
  const rounds = Buffer.alloc(4); // 0: no passphrase
  const checksum = createHash('sha512').update(secret).digest().subarray(0, 8);
  const secretData = Buffer.concat([ALGORITHM, KDF, rounds, randomBytes(16), checksum, keyNumber, secret]);
  return {
    publicFile: fileOf('signify public key', Buffer.concat([ALGORITHM, keyNumber, publicKey])),
    secretFile: fileOf('signify secret key', secretData),
  };
}

/** The signature file of `message`, as `signify -S` writes it; `publicName`: the public key's file name, for its comment. */
export function signatureFile(message: Uint8Array, secret: SecretKey, publicName: string): string {
  const signature = sign(null, message, secret.key);
  return fileOf(`verify with ${publicName}`, Buffer.concat([ALGORITHM, secret.keyNumber, signature]));
}

/** Whether `signature` (a signature file's text) is a signature of `message` by `key`; the reason when it is not. */
export function checkSignature(message: Uint8Array, signature: string, key: PublicKey): string | undefined {
  const data = dataOf(signature, SIGNATURE_BYTES, 'signature');
  if (!data.subarray(2, 2 + KEY_NUMBER).equals(key.keyNumber)) return 'it was signed with another key';
  return verify(null, message, key.key, data.subarray(2 + KEY_NUMBER)) ? undefined : 'the signature does not match the file: it was changed after it was signed';
}

export function parsePublicKey(text: string): PublicKey {
  const data = dataOf(text, PUBLIC_BYTES, 'public key');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: data.subarray(2 + KEY_NUMBER).toString('base64url') }, format: 'jwk' });
  return { keyNumber: Buffer.from(data.subarray(2, 2 + KEY_NUMBER)), key };
}

export function parseSecretKey(text: string): SecretKey {
  const data = dataOf(text, SECRET_BYTES, 'secret key');
  if (!data.subarray(2, 4).equals(KDF)) throw new SignifyError('its key derivation is not one signify makes');
  if (data.readUInt32BE(4) !== 0) throw new SignifyError('it is protected by a passphrase; make one without (ports-gen keygen, or signify -G -n)');
  const secret = data.subarray(SECRET_BYTES - 64);
  const checksum = data.subarray(24, 32);
  if (!createHash('sha512').update(secret).digest().subarray(0, 8).equals(checksum)) throw new SignifyError('its checksum does not match: the file is damaged');
  const [seed, publicKey] = [secret.subarray(0, 32), secret.subarray(32)];
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: seed.toString('base64url'), x: publicKey.toString('base64url') }, format: 'jwk' });
  // A secret key whose two halves do not belong together would sign what its public key refuses.
  const derived = Buffer.from(createPublicKey(key).export({ format: 'jwk' }).x!, 'base64url');
  if (!derived.equals(publicKey)) throw new SignifyError('its public half does not belong to its secret half: the file is damaged');
  return { keyNumber: Buffer.from(data.subarray(SECRET_BYTES - 64 - KEY_NUMBER, SECRET_BYTES - 64)), key, publicKey: Buffer.from(publicKey) };
}

function fileOf(comment: string, data: Buffer): string {
  return `${COMMENT}${comment}\n${data.toString('base64')}\n`;
}

/** The data of a signify file: its comment line, then base64 of `bytes` bytes starting "Ed", as signify reads them. */
function dataOf(text: string, bytes: number, what: string): Buffer {
  const lines = text.split('\n');
  if (!lines[0]!.startsWith(COMMENT)) throw new SignifyError(`it is not a signify ${what}: the first line must start with "${COMMENT}"`);
  if (lines.length < 3) throw new SignifyError(`it is cut short: no line of base64 after the comment, ended by a newline`);
  const encoded = lines[1]!;
  const data = Buffer.from(encoded, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || data.length !== bytes) throw new SignifyError(`it is not a signify ${what}: its second line must be the base64 of ${bytes} bytes`);
  if (!data.subarray(0, 2).equals(ALGORITHM)) throw new SignifyError(`it is not a signify ${what}: not an Ed25519 one`);
  return data;
}
