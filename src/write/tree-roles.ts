import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hasMarkerFile } from './marker.js';

/**
 * The three trees of a build and their moves. The *live* tree is `--out`, what is published.
 * The *spare* is the tree the previous build replaced, kept in `.<out>.ports-gen/spare`: it
 * shares every unchanged file with the live tree through hard links, so it costs the disk
 * only what changed. A build writes into a *staging* tree beside `--out` (the same file
 * system, so renames are atomic): the claimed spare, updated in place, or a new tree. When the
 * build is complete, staging is swapped in and the replaced live tree becomes the spare.
 */

/** ports-gen's own state beside `--out`, never published: the spare and identity.json. */
export function stateDirectory(out: string): string {
  const resolved = path.resolve(out);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.ports-gen`);
}

function sparePath(out: string): string {
  return path.join(stateDirectory(out), 'spare');
}

/** Staging names: the `--out` they belong to, their role, and a part of their own (pid, random). */
const STAGE = /^\.(.+)\.ports-gen-(new|old)-\d+-[0-9a-f]+$/;

export function stagingPath(out: string, role: 'new' | 'old'): string {
  const resolved = path.resolve(out);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.ports-gen-${role}-${process.pid}-${randomBytes(4).toString('hex')}`);
}

const IGNORE_ALL = [
  '# ports-gen keeps the previous build here (spare/), so the next build updates it instead',
  '# of writing every file, and what it knows of builds.ndjson (identity.json). Unchanged',
  '# files are hard links into the site: this costs the disk only what changed. Safe to',
  '# delete; nothing here is published.',
  '*',
  '',
].join('\n');

export function makeStateDirectory(out: string): void {
  mkdirSync(stateDirectory(out), { recursive: true });
  writeFileSync(path.join(stateDirectory(out), '.gitignore'), IGNORE_ALL);
}

/**
 * Moves the spare to `staging` for this build to update, when it is a real directory with a
 * marker file; anything else found there is removed. The rename is also the claim: two builds
 * cannot both take it. Whether the spare was claimed.
 */
export function claimSpare(out: string, staging: string): boolean {
  const spare = sparePath(out);
  const stats = lstatSync(spare, { throwIfNoEntry: false });
  if (!stats) return false;
  if (stats.isDirectory() && hasMarkerFile(spare)) {
    renameSync(spare, staging);
    return true;
  }
  rmSync(spare, { recursive: true, force: true });
  return false;
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
      makeStateDirectory(out);
      rmSync(sparePath(out), { recursive: true, force: true });
      renameSync(old, sparePath(out));
      return;
    }
  } catch {
    // fall through: delete it
  }
  rmSync(old, { recursive: true, force: true }); // a link (an --out that was one) goes, its target stays
}

/** Puts `staging` in place of `out`; the replaced tree, if any, becomes the spare. */
export function swapIn(staging: string, out: string): void {
  const resolved = path.resolve(out);
  if (!existsSync(resolved)) {
    renameSync(staging, resolved);
    return;
  }
  const old = stagingPath(out, 'old');
  renameSync(resolved, old);
  try {
    renameSync(staging, resolved);
  } catch (cause) {
    renameSync(old, resolved);
    throw cause;
  }
  keepAsSpare(old, out);
}

/**
 * Cleans up after a build that was killed: a half-written `new` tree is removed (a claimed
 * spare too: its state is unknown); an `old` tree left by a swap is put back when `--out` is
 * missing (killed between the two renames), or else kept as the spare. Called only under the
 * build lock (see BuildLock), so every staging tree found is a leftover, whatever its process
 * id says (an id of another PID namespace means nothing here).
 */
export function recoverStaging(out: string): void {
  const resolved = path.resolve(out);
  const dir = path.dirname(resolved);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = STAGE.exec(entry);
    if (!match || match[1] !== path.basename(resolved)) continue;
    const leftover = path.join(dir, entry);
    if (match[2] === 'new') rmSync(leftover, { recursive: true, force: true });
    else if (!existsSync(resolved)) renameSync(leftover, resolved);
    else keepAsSpare(leftover, resolved);
  }
}
