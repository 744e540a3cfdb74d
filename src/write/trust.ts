import { lstatSync, readdirSync, rmSync, type Stats } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE } from '../routes/site-files.js';
import type { Entry, Marker } from './marker.js';
import { leavesTree, parentOf, pathUnder } from './tree-paths.js';

/** A file of a previous tree that still holds what its marker says, and its size. */
export interface Held extends Entry {
  size: number;
}

/**
 * Every file a previous tree's marker lists: what it holds, or null when it cannot be trusted
 * to hold what the marker says; undefined for a file it does not list.
 */
export interface TreeFiles {
  get(relative: string): Held | null | undefined;
  keys(): Iterable<string>;
}

/**
 * A tree an earlier build wrote, checked against its marker as its files are asked for (a
 * rebuild asks the live tree only about the few files the spare cannot give). A file is trusted
 * only when every directory on the way is a real directory (a link planted in its place is never
 * followed) and it is a plain file not changed since the marker was written, the last act of
 * its build: neither its modification time, which `cp -p`, `rsync -a` or `tar x` set back, nor
 * its change time, which no tool sets, is later. A hard link made or removed changes the change
 * time too, and a build makes and removes them between the live tree and the spare: so a file
 * of the spare is also trusted when it is the very file (device and inode) of a trusted live
 * file the two markers give the same hash.
 */
export class CheckedTree implements TreeFiles {
  private readonly real = new Map<string, boolean>();
  private readonly held = new Map<string, Held | null>();
  /** The entries the marker knows in each directory; made only when a directory is to be pruned. */
  private children: Map<string, Set<string>> | undefined;

  /**
   * `prune`: the tree is about to be updated in place (the spare), so every file is checked
   * now, and a directory changed since its build loses every entry the marker does not know
   * (files dropped in by hand, planted links).
   */
  constructor(
    private readonly root: string,
    private readonly marker: Marker,
    private readonly prune: boolean,
    /** The live tree, when this is the spare (see above). */
    private readonly live?: CheckedTree,
  ) {
    if (!prune) return;
    this.isRealDirectory('');
    for (const relative of marker.files.keys()) this.get(relative);
  }

  keys(): Iterable<string> {
    return this.marker.files.keys();
  }

  get(relative: string): Held | null | undefined {
    const held = this.held.get(relative);
    return held !== undefined ? held : this.decide(relative, this.statOf(relative));
  }

  /** Decides on `relative` from `stats`, read once by whoever asked (see holdsSame). */
  private decide(relative: string, stats: Stats | undefined): Held | null | undefined {
    const entry = this.marker.files.get(relative);
    if (!entry) return undefined;
    const written = this.marker.writtenMs;
    const trusted = stats?.isFile() && stats.mtimeMs <= written && (stats.ctimeMs <= written || this.live?.holdsSame(relative, entry.hash, stats) === true);
    const held = trusted ? { hash: entry.hash, key: entry.key, size: stats!.size } : null;
    this.held.set(relative, held);
    return held;
  }

  /** Whether this tree trusts `relative` to hold `hash` and it is the very file `stats` describes. */
  private holdsSame(relative: string, hash: string, stats: Stats): boolean {
    const own = this.statOf(relative);
    if (own?.ino !== stats.ino || own.dev !== stats.dev) return false;
    const held = this.held.get(relative);
    return (held !== undefined ? held : this.decide(relative, own))?.hash === hash;
  }

  /** The file at `relative`, when every directory on the way is a real one. */
  private statOf(relative: string): Stats | undefined {
    return this.isRealDirectory(parentOf(relative)) ? lstatSync(pathUnder(this.root, relative), { throwIfNoEntry: false }) : undefined;
  }

  private isRealDirectory(dir: string): boolean {
    let known = this.real.get(dir);
    if (known !== undefined) return known;
    known = dir === '' || this.isRealDirectory(parentOf(dir));
    if (known) {
      const stats = lstatSync(pathUnder(this.root, dir), { throwIfNoEntry: false });
      // The top may be reached through a link (an --out that is one); nothing below it may.
      known = stats !== undefined && (stats.isDirectory() || (dir === '' && stats.isSymbolicLink()));
      if (known && this.prune && stats!.mtimeMs > this.marker.writtenMs) pruneUnknown(this.root, dir, (this.children ??= childrenOf(this.marker.files.keys())));
    }
    this.real.set(dir, known);
    return known;
  }
}

/** Removes the entries of `dir` the marker does not know (never following a link). */
function pruneUnknown(root: string, dir: string, children: Map<string, Set<string>>): void {
  if (dir !== '' && leavesTree(dir)) throw new Error(`refusing to prune outside the tree: ${JSON.stringify(dir)}`);
  const known = children.get(dir);
  for (const name of readdirSync(pathUnder(root, dir))) {
    if (known?.has(name) || (dir === '' && name === MARKER_FILE)) continue;
    rmSync(path.join(pathUnder(root, dir), name), { recursive: true, force: true });
  }
}

/** Directory → names of its entries (files and directories), from the marker's paths. */
function childrenOf(files: Iterable<string>): Map<string, Set<string>> {
  const children = new Map<string, Set<string>>();
  for (const file of files) {
    for (let child = file; child !== ''; ) {
      const dir = parentOf(child);
      const names = children.get(dir) ?? new Set<string>();
      const name = child.slice(dir === '' ? 0 : dir.length + 1);
      if (names.has(name)) break; // the rest of the way up is known already
      names.add(name);
      children.set(dir, names);
      child = dir;
    }
  }
  return children;
}
