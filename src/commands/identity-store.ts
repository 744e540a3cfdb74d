import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Written whole or not at all; only an identity with a fingerprint is worth keeping. No
 * temporary is left: not after a failed write (a full disk), nor, from the next record on,
 * after a build killed between the write and the rename.
 */
export function recordIdentity(out: string, source: string, identity: FileIdentity): void {
  if (identity.fingerprint === null) return;
  makeStateDirectory(out);
  const directory = stateDirectory(out);
  const file = path.join(directory, IDENTITY_FILE);
  const temporary = `${file}.${process.pid}`;
  try {
    const { digest, records, fingerprint } = identity;
    writeFileSync(temporary, JSON.stringify({ path: path.resolve(source), digest, records, fingerprint }));
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
    for (const name of readdirSync(directory)) {
      if (name.startsWith(`${IDENTITY_FILE}.`)) rmSync(path.join(directory, name), { force: true });
    }
  }
}
