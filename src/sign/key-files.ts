/**
 * Signify key files on disk: made by `ports-gen keygen`, read by `build --sign-key` and
 * `verify`. A file that cannot be used is a refusal naming it (exit 2); the machine's own faults
 * (no permission, a full disk) are left to the CLI's one-line report.
 */
import { lstatSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/problems/usage-error.js';
import { readBoundedFile } from './read-bounded-file.js';
import { generateKeyPair, parsePublicKey, parseSecretKey, SignifyError, SIGNIFY_FILE_MOST, type PublicKey, type SecretKey } from './signify.js';

/** Where `keygen <prefix>` writes: `<prefix>.pub` and `<prefix>.sec`. */
function keyFiles(prefix: string, cwd: string): { publicFile: string; secretFile: string } {
  const base = path.resolve(cwd, prefix);
  return { publicFile: `${base}.pub`, secretFile: `${base}.sec` };
}

/**
 * Writes a new key pair at `prefix`: the secret key readable by its owner alone (0600), neither
 * file written over (a lost secret key cannot be made again). Both or neither: a public key that
 * cannot be written takes its secret key with it.
 */
export function writeKeyPair(prefix: string, cwd: string): { publicFile: string; secretFile: string } {
  const files = keyFiles(prefix, cwd);
  const parent = path.dirname(files.secretFile);
  if (!statSync(parent, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${path.relative(cwd, parent) || parent}: no such directory for the keys; make it first`);
  for (const file of [files.secretFile, files.publicFile]) {
    if (lstatSync(file, { throwIfNoEntry: false })) throw new UsageError(`${path.relative(cwd, file) || file} exists: ports-gen never writes over a key; choose another prefix`);
  }
  const { publicFile, secretFile } = generateKeyPair();
  writeFileSync(files.secretFile, secretFile, { flag: 'wx', mode: 0o600 });
  try {
    writeFileSync(files.publicFile, publicFile, { flag: 'wx', mode: 0o644 });
  } catch (cause) {
    rmSync(files.secretFile, { force: true });
    throw cause;
  }
  return files;
}

export function readPublicKey(file: string, cwd: string): PublicKey {
  return parsed(file, cwd, 'public key', parsePublicKey);
}

export function readSecretKey(file: string, cwd: string): SecretKey {
  return parsed(file, cwd, 'secret key', parseSecretKey);
}

/** A secret key to sign a build's files with: its text, checked here, for the writer thread to read. */
export interface SigningKey {
  text: string;
  /** The public key's file name, as signify names it in a signature's comment: `<name>.sec` signs for `<name>.pub`. */
  publicName: string;
}

export function readSigningKey(file: string, cwd: string): SigningKey {
  const text = parsed(file, cwd, 'secret key', (source) => (parseSecretKey(source), source));
  return { text, publicName: `${path.basename(file).replace(/\.sec$/, '')}.pub` };
}

function parsed<T>(file: string, cwd: string, what: string, parse: (text: string) => T): T {
  const shown = path.relative(cwd, path.resolve(cwd, file)) || file;
  const text = readSmall(path.resolve(cwd, file), shown, what);
  try {
    return parse(text);
  } catch (cause) {
    if (cause instanceof SignifyError) throw new UsageError(`${shown}: ${cause.message}`);
    throw cause;
  }
}

/** A key file's text; a refusal naming `shown` when there is none, or it cannot be one. */
function readSmall(file: string, shown: string, what: string): string {
  const bytes = readBoundedFile(file, shown, `a signify ${what}`, SIGNIFY_FILE_MOST);
  if (bytes === undefined) throw new UsageError(`${shown}: no such file (the ${what} to use)`);
  return bytes.toString('utf8');
}
