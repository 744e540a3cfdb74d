/** `ports-gen keygen` and `ports-gen verify`: what each does and says (see sign/). */
import path from 'node:path';
import { writeKeyPair } from '../sign/key-files.js';
import { verifyFile } from '../sign/verify-file.js';

/** Writes a key pair at `prefix`; what to tell the user. */
export function keygenCommand(prefix: string, cwd: string): string {
  const { publicFile, secretFile } = writeKeyPair(prefix, cwd);
  const shown = (file: string) => path.relative(cwd, file) || file;
  return `Wrote ${shown(publicFile)} (publish it) and ${shown(secretFile)} (keep it secret: build --sign-key ${shown(secretFile)}).\n`;
}

/** Checks `file` against its signature; what to say, and whether it failed. */
export function verifyCommand(file: string, publicKey: string, cwd: string, signature?: string): { failure: boolean; said: string } {
  const verified = verifyFile(file, publicKey, cwd, signature);
  if (verified.failure !== undefined) return { failure: true, said: `ports-gen: verification failed: ${verified.failure}\n` };
  return { failure: false, said: `${verified.file}: signature verified (${verified.signature})\n` };
}
