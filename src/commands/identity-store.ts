import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileIdentity } from '../read/file-identity.js';
import { makeStateDirectory, stateDirectory } from '../write/tree-roles.js';

/**
 * The identity of a catalogue file as last seen (see read/file-identity), kept in the state
 * directory beside `--out` rather than in the site: its fingerprint (inode, times) belongs to
 * the file system it was taken on, and the site's bytes stay the same wherever it is built.
 */
const IDENTITY_FILE = 'identity.json';

export function recalledIdentity(out: string, source: string): FileIdentity | undefined {
  try {
    const recalled = JSON.parse(readFileSync(path.join(stateDirectory(out), IDENTITY_FILE), 'utf8')) as Partial<{ path: string } & FileIdentity>;
    const { digest, records, fingerprint } = recalled;
    if (recalled.path !== path.resolve(source) || typeof digest !== 'string' || typeof fingerprint !== 'string') return undefined;
    if (typeof records !== 'number' || !Number.isSafeInteger(records) || records < 0) return undefined;
    return { digest, records, fingerprint };
  } catch {
    return undefined;
  }
}

/** Written whole or not at all; only an identity with a fingerprint is worth keeping. */
export function recordIdentity(out: string, source: string, identity: FileIdentity): void {
  if (identity.fingerprint === null) return;
  makeStateDirectory(out);
  const file = path.join(stateDirectory(out), IDENTITY_FILE);
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ path: path.resolve(source), ...identity }));
  renameSync(temporary, file);
}
