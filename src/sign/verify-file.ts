/** `ports-gen verify`: a file checked against its signify signature, by a public key. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPublicKey } from './key-files.js';
import { checkSignature, SignifyError } from './signify.js';

export interface Verified {
  /** Why the file does not verify; undefined when it does. */
  failure?: string;
  file: string;
  signature: string;
}

/**
 * Checks `file` against its signature (`signature`, or `<file>.sig` beside it) with the public
 * key in `publicFile`. A key that cannot be used is a refusal (see key-files); a file or a
 * signature that is missing, damaged or does not match is a failure, with the reason.
 */
export function verifyFile(file: string, publicFile: string, cwd: string, signature?: string): Verified {
  const key = readPublicKey(publicFile, cwd);
  const shown = { file: path.relative(cwd, path.resolve(cwd, file)) || file, signature: signature ?? `${file}.sig` };
  const message = readOrWhy(path.resolve(cwd, file), 'the file to check');
  if (typeof message === 'string') return { ...shown, failure: `${shown.file}: ${message}` };
  const text = readOrWhy(path.resolve(cwd, shown.signature), 'its signature');
  if (typeof text === 'string') return { ...shown, failure: `${shown.signature}: ${text}` };
  try {
    const failure = checkSignature(message, text.toString('utf8'), key);
    return failure === undefined ? shown : { ...shown, failure: `${shown.file}: ${failure}` };
  } catch (cause) {
    if (cause instanceof SignifyError) return { ...shown, failure: `${shown.signature}: ${cause.message}` };
    throw cause;
  }
}

/** A file's bytes, or why there are none to check. */
function readOrWhy(file: string, what: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `no such file (${what})`;
    if (code === 'EISDIR') return `a directory, not ${what}`;
    throw cause;
  }
}
