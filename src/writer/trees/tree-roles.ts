import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hasMarkerFile } from './marker.js';

/**
 * The trees of a build and their moves. The *live* tree is what `--out` shows: by default
 * `--out` is a symbolic link to `.<out>.ports-gen/live-<id>`, and publishing a new tree is one
 * rename of a new link over it, so a reader finds the old tree or the new one, never none, and
 * a kill at any instant leaves one of them. With `link: false`, `--out` is the tree itself,
 * replaced by two renames (a reader can find it missing between them). The *spare* is the tree
 * the previous build replaced, kept in `.<out>.ports-gen/spare`: it shares every unchanged file
 * with the live tree through hard links, so it costs the disk only what changed. A build writes
 * into a *staging* tree, `.<out>.ports-gen/new-<id>` (the same file system as `--out`, so renames
 * are atomic): the claimed spare, updated in place, or a new tree.
 */

/** ports-gen's own state beside `--out`, never published: the trees, identity.json, the ledgers. */
export function stateDirectory(out: string): string {
  const resolved = path.resolve(out);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.ports-gen`);
}

function sparePath(out: string): string {
  return path.join(stateDirectory(out), 'spare');
}

/** The entries of the state directory by role: `<role>-<id>`. */
const ROLE = /^(new|live|old|link|trash)-[0-9a-f]+$/;
/** Staging trees of earlier versions, beside `--out`: `.<out>.ports-gen-<role>-<pid>-<id>`. */
const BESIDE = /^\.(.+)\.ports-gen-(new|old)-\d+-[0-9a-f]+$/;

function inState(out: string, role: 'new' | 'live' | 'old' | 'link'): string {
  return path.join(stateDirectory(out), `${role}-${randomBytes(6).toString('hex')}`);
}

/**
 * Moves a tree that is not to be used to the trash, in the state directory `state`. It is
 * deleted only once the build has decided which files of the live tree it trusts, before the
 * new tree's marker is written (see emptyTrash): a tree shares files with the live tree, and
 * deleting a link to a file changes the file's change time, which would make the live tree's
 * files look edited (see trust.ts).
 */
export function moveToTrash(tree: string, state: string): void {
  mkdirSync(state, { recursive: true });
  renameSync(tree, trashPath(state));
}

/** A new name in the trash of the state directory `state`: what is there when a build starts or finishes is deleted. */
export function trashPath(state: string): string {
  return path.join(state, `trash-${randomBytes(6).toString('hex')}`);
}

/** Deletes the trees in the trash of the state directory `state`. */
export function emptyTrash(state: string): void {
  for (const entry of entriesOf(state)) {
    if (entry.startsWith('trash-')) rmSync(path.join(state, entry), { recursive: true, force: true });
  }
}

export function stagingPath(out: string): string {
  return inState(out, 'new');
}

/** The text of `--out`'s link to a live tree: relative, so the pair can be moved together. */
function linkText(out: string, tree: string): string {
  return path.join(path.basename(stateDirectory(out)), path.basename(tree));
}

/** The live tree `--out` links to, when it is such a link; undefined for anything else. */
export function linkedTree(out: string): string | undefined {
  let text: string;
  try {
    text = readlinkSync(out);
  } catch {
    return undefined; // absent, or not a link
  }
  const tree = path.resolve(path.dirname(path.resolve(out)), text);
  return path.dirname(tree) === stateDirectory(out) && /^live-[0-9a-f]+$/.test(path.basename(tree)) ? tree : undefined;
}

/** Where the live tree is read: the tree `--out` links to, or `--out` itself. */
export function liveTree(out: string): string {
  return linkedTree(out) ?? path.resolve(out);
}

const IGNORE_ALL = [
  '# ports-gen keeps its trees here: the published one (live-*, which the output links to),',
  '# the previous one (spare/), which the next build updates instead of writing every file,',
  '# what it knows of builds.ndjson (identity.json) and of each tree\'s files (ledger-*.json).',
  '# Unchanged files are hard links between the trees: this costs the disk only what changed.',
  '# Nothing here is published but through the output link; only spare/, identity.json and',
  '# the ledgers are safe to delete.',
  '*',
  '',
].join('\n');

export function makeStateDirectory(out: string): void {
  mkdirSync(stateDirectory(out), { recursive: true });
  writeFileSync(path.join(stateDirectory(out), '.gitignore'), IGNORE_ALL);
}

/**
 * The staging tree of a build that holds the lock: what killed builds left recovered, and their
 * trash emptied before anything is written (builds killed one after another would pile trees up;
 * deleting them changes the change time of the live files they shared links with, which the
 * build then checks by their bytes, see trust.ts: the cost falls on the build after a kill
 * alone); then the spare claimed, or a new tree made. `updating`: it is the claimed spare.
 */
export function startStaging(out: string): { staging: string; updating: boolean } {
  recoverStaging(out);
  emptyTrash(stateDirectory(out));
  makeStateDirectory(out);
  const staging = stagingPath(out);
  const updating = claimSpare(out, staging);
  if (!updating) mkdirSync(staging);
  return { staging, updating };
}

/**
 * Moves the spare to `staging` for this build to update, when it is a real directory with a
 * marker file; anything else found there is removed. Whether the spare was claimed.
 */
function claimSpare(out: string, staging: string): boolean {
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
  rmSync(old, { recursive: true, force: true }); // a link goes, its target stays
}

/**
 * A pause between the moves of `publish`, for tests that check what a reader sees meanwhile
 * (PORTS_GEN_TEST_PAUSE_MS); none otherwise.
 */
function pauseForTests(): void {
  const ms = Number(process.env.PORTS_GEN_TEST_PAUSE_MS ?? 0);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Publishes the complete tree `staging` at `out`; the tree it replaces becomes the spare.
 * With `link`, the tree is renamed to `live-<id>` and a link to it is renamed over `out`: one
 * step, unless `out` is a directory (a first build with links over a site written without):
 * that is moved aside first, as without `link`.
 */
export function publish(staging: string, out: string, link: boolean): void {
  const resolved = path.resolve(out);
  const before = linkedTree(resolved);
  let tree = staging;
  let entry = staging;
  if (link) {
    tree = inState(out, 'live');
    renameSync(staging, tree);
    entry = inState(out, 'link');
    symlinkSync(linkText(out, tree), entry);
    pauseForTests();
  }
  // Seen, not followed: a link whose tree is gone is replaced like any other.
  const present = lstatSync(resolved, { throwIfNoEntry: false });
  if (!present || (link && present.isSymbolicLink())) {
    renameSync(entry, resolved);
  } else {
    const old = inState(out, 'old');
    renameSync(resolved, old);
    pauseForTests();
    try {
      renameSync(entry, resolved);
    } catch (cause) {
      renameSync(old, resolved);
      throw cause;
    }
    keepAsSpare(old, out);
  }
  if (before) keepAsSpare(before, out);
}

/**
 * Cleans up after a build that was killed. In the state directory: a half-written `new` tree is
 * moved to the trash (a claimed spare too: its state is unknown), a `link` not yet renamed is
 * removed; an `old`
 * tree is put back when `--out` is missing (killed between two renames), else kept as the
 * spare; a `live` tree `--out` does not link to (complete, but not published, or no longer) is
 * kept as the spare. Earlier versions' staging trees beside `--out` are treated the same way.
 * Called only under the build lock (see BuildLock), so every staging tree found is a leftover,
 * whatever process made it.
 */
export function recoverStaging(out: string): void {
  const resolved = path.resolve(out);
  const current = linkedTree(resolved);
  const leftovers: Array<{ role: string; tree: string }> = [];
  for (const entry of entriesOf(stateDirectory(out))) {
    const match = ROLE.exec(entry);
    if (match) leftovers.push({ role: match[1]!, tree: path.join(stateDirectory(out), entry) });
  }
  for (const entry of entriesOf(path.dirname(resolved))) {
    const match = BESIDE.exec(entry);
    if (match && match[1] === path.basename(resolved)) leftovers.push({ role: match[2]!, tree: path.join(path.dirname(resolved), entry) });
  }
  for (const { role, tree } of leftovers) {
    if (role === 'new') moveToTrash(tree, stateDirectory(out));
    else if (role === 'link') rmSync(tree, { force: true });
    else if (role === 'trash') continue;
    else if (role === 'old' && lstatSync(resolved, { throwIfNoEntry: false }) === undefined) renameSync(tree, resolved);
    else if (tree !== current) keepAsSpare(tree, out);
  }
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
