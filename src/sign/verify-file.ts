/** `ports-gen verify`: a file checked against its signify signature, by a public key. */
import path from 'node:path';
import { readPublicKey } from './key-files.js';
import { readBoundedFile } from './read-bounded-file.js';
import { checkSignature, SignifyError, SIGNIFY_FILE_MOST } from './signify.js';

/**
 * The largest file checked: an Ed25519 signature is checked over the file whole in memory (as
 * signify does); the files ports-gen signs (its dumps) are tens of megabytes, so one past a
 * gigabyte is the wrong file, refused before that memory is taken.
 */
const SIGNED_MOST = 1 << 30;

interface Verified {
  /** Why the file does not verify; undefined when it does. */
  failure?: string;
  file: string;
  signature: string;
}

/**
 * Checks `file` against its signature (`signature`, or `<file>.sig` beside it) with the public
 * key in `publicFile`. A key that cannot be used is a refusal (see key-files), and so is a file
 * or signature that cannot be one (see readBoundedFile); a file or a signature that is missing,
 * damaged or does not match is a failure, with the reason.
 */
export function verifyFile(file: string, publicFile: string, cwd: string, signature?: string): Verified {
  const key = readPublicKey(publicFile, cwd);
  const shown = { file: path.relative(cwd, path.resolve(cwd, file)) || file, signature: signature ?? `${file}.sig` };
  const message = readBoundedFile(path.resolve(cwd, file), shown.file, 'a file to verify', SIGNED_MOST);
  if (message === undefined) return { ...shown, failure: `${shown.file}: no such file (the file to check)` };
  const text = readBoundedFile(path.resolve(cwd, shown.signature), shown.signature, 'a signify signature', SIGNIFY_FILE_MOST);
  if (text === undefined) return { ...shown, failure: `${shown.signature}: no such file (its signature)` };
  try {
    const failure = checkSignature(message, text.toString('utf8'), key);
    return failure === undefined ? shown : { ...shown, failure: `${shown.file}: ${failure}` };
  } catch (cause) {
    if (cause instanceof SignifyError) return { ...shown, failure: `${shown.signature}: ${cause.message}` };
    throw cause;
  }
}
