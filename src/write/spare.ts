import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileIdentity } from '../read/file-identity.js';
import { hasMarkerFile } from './manifest.js';

/**
 * The spare: the tree a build replaced, kept beside `--out` (in `.<out>.ports-gen/spare`)
 * instead of being deleted. It shares every unchanged file with the live tree through hard
 * links, so it costs the disk only what changed. The next build claims it and updates it in
 * place, touching only the files whose bytes changed, then swaps it in: a rebuild does work in
 * proportion to the change, and the swap of the whole tree stays one rename.
 */

/** ports-gen's own state beside `--out`, never published: the spare and identity.json. */
export function stateDirectory(out: string): string {
  const resolved = path.resolve(out);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.ports-gen`);
}

function sparePath(out: string): string {
  return path.join(stateDirectory(out), 'spare');
}

const IGNORE_ALL = [
  '# ports-gen keeps the previous build here (spare/), so the next build updates it instead',
  '# of writing every file, and what it knows of builds.ndjson (identity.json). Unchanged',
  '# files are hard links into the site: this costs the disk only what changed. Safe to',
  '# delete; nothing here is published.',
  '*',
  '',
].join('\n');

/**
 * Moves the spare to `root` for this build to update, when it is a real directory with a
 * marker file; anything else found there is removed. (A marker that turns out unreadable
 * makes the writer start the claimed tree afresh.) The rename is also the claim:
 * two builds cannot both take it.
 */
export function claimSpare(out: string, root: string): boolean {
  const spare = sparePath(out);
  const stats = lstatSync(spare, { throwIfNoEntry: false });
  if (!stats) return false;
  if (stats.isDirectory() && hasMarkerFile(spare)) {
    try {
      renameSync(spare, root);
      return true;
    } catch {
      return false;
    }
  }
  rmSync(spare, { recursive: true, force: true });
  return false;
}

function makeStateDirectory(out: string): void {
  mkdirSync(stateDirectory(out), { recursive: true });
  writeFileSync(path.join(stateDirectory(out), '.gitignore'), IGNORE_ALL);
}

/**
 * Keeps a replaced tree as the spare: only a real directory written by ports-gen. The spare
 * only saves time, so when it cannot be kept the tree is deleted, as it would be without it.
 */
export function keepAsSpare(old: string, out: string): void {
  const stats = lstatSync(old, { throwIfNoEntry: false });
  if (!stats) return;
  try {
    if (stats.isDirectory() && hasMarkerFile(old)) {
      const spare = sparePath(out);
      makeStateDirectory(out);
      rmSync(spare, { recursive: true, force: true });
      renameSync(old, spare);
      return;
    }
  } catch {
    // fall through: delete it
  }
  rmSync(old, { recursive: true, force: true }); // a link (an --out that was one) goes, its target stays
}

/**
 * The identity of a catalogue file as last seen, kept with the spare rather than in the site:
 * its fingerprint (inode, times) is of this machine, and the site's bytes stay the same
 * wherever it is built.
 */
const IDENTITY_FILE = 'identity.json';

export function recalledIdentity(out: string, source: string): FileIdentity | undefined {
  try {
    const recalled = JSON.parse(readFileSync(path.join(stateDirectory(out), IDENTITY_FILE), 'utf8')) as Partial<{ path: string } & FileIdentity>;
    const { digest, records, fingerprint } = recalled;
    if (recalled.path !== path.resolve(source) || typeof digest !== 'string' || typeof fingerprint !== 'string') return undefined;
    if (typeof records !== 'number' || !Number.isSafeInteger(records) || records < 0) return undefined; // or one recorded before counts were
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
