import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, type Stats } from 'node:fs';
import { contentDigest } from '../../core/content-hash.js';
import { hashFile, statIdentity } from '../../core/fs.js';
import { MARKER_FILE } from '../../routes/site-files.js';
import type { Entry, Marker } from './marker.js';
import { parentOf, pathUnder } from './tree-paths.js';

/** A file of a previous tree that still holds what its marker says, and its size. */
export interface Held extends Entry {
  size: number;
}

/** A file of a previous tree as it was checked: what it holds, and which file it is. */
export interface Checked extends Held {
  /** Its identity when checked (see statIdentity). */
  identity: string;
  dev: number;
  ino: number;
  /** A file of the spare: whether the live tree's marker lists the same bytes at its path (see keepsTime in plan.ts). */
  listedLive?: boolean;
}

/**
 * Every file a previous tree's marker lists: what it holds, or null when it cannot be trusted
 * to hold what the marker says; undefined for a file it does not list.
 */
export interface TreeFiles {
  get(relative: string): Checked | null | undefined;
  keys(): Iterable<string>;
}

/**
 * A tree an earlier build wrote, checked against its marker as its files are asked for (a
 * rebuild asks the live tree only about the few files the spare cannot give). A file is trusted
 * only when every directory on the way is a real directory (a link planted in its place is never
 * followed), it is a plain file, and one of these holds:
 * - its identity is the one its build recorded in the tree's ledger (see file-ledger): an edit,
 *   even with its old modification time put back (`cp -p`, `rsync -a`, `tar x`) or under a clock
 *   stepped back, changes the change time;
 * - it is the very file (device and inode) of a trusted file of the live tree the two markers
 *   give the same hash: a hard link made or removed changes the change time too, and a build
 *   makes and removes them between the live tree and the spare after the spare's ledger was
 *   written;
 * - its bytes, read from the file checked (opened, not followed, and seen to be the same inode),
 *   hash to what the marker records: a tree copied whole, one whose ledger was lost.
 */
export class CheckedTree implements TreeFiles {
  private readonly real = new Map<string, boolean>();
  private readonly held = new Map<string, Checked | null>();
  /** The entries the marker knows in each directory; made only when a directory is to be read for strangers. */
  private children: Map<string, Set<string>> | undefined;

  /**
   * What stands in a directory changed since the tree's build that its marker does not list
   * (files dropped in by hand, planted links): found when the tree is `checkedWhole`, for the
   * plan to remove (see plan.ts).
   */
  readonly strangers: string[] = [];

  /**
   * `checkedWhole`: the tree is about to be updated in place (the spare), so every file is
   * checked now, and every directory changed since its build is read for strangers.
   */
  constructor(
    private readonly root: string,
    /** With the identities of its ledger, when it has one (see loadLedger). */
    private readonly marker: Marker,
    private readonly checkedWhole: boolean,
    /** The live tree, when this is the spare (see above). */
    private readonly live?: CheckedTree,
  ) {
    if (!checkedWhole) return;
    this.isRealDirectory('');
    const files = marker.files;
    for (let i = 0; i < files.size; i++) this.decide(i, this.statOf(files.path(i)));
  }

  keys(): Iterable<string> {
    return this.marker.files.paths();
  }

  get(relative: string): Checked | null | undefined {
    const held = this.held.get(relative);
    if (held !== undefined) return held;
    const i = this.marker.files.indexOf(relative);
    return i < 0 ? undefined : this.decide(i, this.statOf(relative));
  }

  /** Decides on file `i` of the marker from `stats`, read once by whoever asked (see holdsSame). */
  private decide(i: number, stats: Stats | undefined): Checked | null {
    const files = this.marker.files;
    const relative = files.path(i);
    const hash = files.hash(i);
    let held: Checked | null = null;
    if (stats?.isFile()) {
      const recorded = files.identity(i);
      let identity = statIdentity(stats);
      // The ledger's own text kept, and the one just made left to die young: tens of thousands.
      if (identity === recorded) identity = recorded;
      const trusted =
        identity === recorded ||
        this.live?.holdsSame(relative, hash, stats) === true ||
        hashesTo(pathUnder(this.root, relative), stats, hash);
      if (trusted) held = { hash, key: files.key(i), size: stats.size, identity, dev: stats.dev, ino: stats.ino, listedLive: files.listedLive(i) };
    }
    this.held.set(relative, held);
    return held;
  }

  /** Whether this tree trusts `relative` to hold `hash` and it is the very file `stats` describes. */
  private holdsSame(relative: string, hash: string, stats: Stats): boolean {
    const i = this.marker.files.indexOf(relative);
    if (i < 0) return false;
    const own = this.statOf(relative);
    if (own?.ino !== stats.ino || own.dev !== stats.dev) return false;
    const held = this.held.get(relative);
    return (held !== undefined ? held : this.decide(i, own))?.hash === hash;
  }

  /** The file at `relative`, when every directory on the way is a real one. */
  private statOf(relative: string): Stats | undefined {
    return this.isRealDirectory(parentOf(relative)) ? lstatSync(pathUnder(this.root, relative), { throwIfNoEntry: false }) : undefined;
  }

  /**
   * Whether `dir` is a real directory, as is every directory above it; a directory changed since
   * its build is read for strangers.
   */
  private isRealDirectory(dir: string): boolean {
    const settled = this.real.get(dir);
    if (settled !== undefined) return settled;
    let known = dir === '' || this.isRealDirectory(parentOf(dir));
    if (known) {
      const stats = lstatSync(pathUnder(this.root, dir), { throwIfNoEntry: false });
      // The top may be reached through a link (an --out that is one); nothing below it may.
      known = stats !== undefined && (stats.isDirectory() || (dir === '' && stats.isSymbolicLink()));
      if (known && this.checkedWhole && stats!.mtimeMs > this.marker.writtenMs) {
        this.strangers.push(...unknownIn(this.root, dir, (this.children ??= childrenOf(this.marker.files.paths()))));
      }
    }
    this.real.set(dir, known);
    return known;
  }
}

/**
 * Reads the file at `file` with `use`, when it is the plain file `id` names (device and inode):
 * opened without following a link or waiting on a FIFO, then seen to be that very file, so what
 * is read is what was checked. Undefined when it is another.
 */
export function readSameFile<T>(file: string, id: { dev: number; ino: number }, use: (fd: number, size: number) => T): T | undefined {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const opened = fstatSync(fd);
    return opened.isFile() && opened.dev === id.dev && opened.ino === id.ino ? use(fd, opened.size) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** Whether the file `stats` describes holds bytes that hash to `hash` (see readSameFile). */
function hashesTo(file: string, stats: Stats, hash: string): boolean {
  try {
    return readSameFile(file, stats, (fd, size) => hashFile(fd, contentDigest(), size).digest() === hash) === true;
  } catch {
    return false; // not there, a link, unreadable: not trusted
  }
}

/** The entries of `dir` the marker does not know, as paths in the tree. */
function unknownIn(root: string, dir: string, children: Map<string, Set<string>>): string[] {
  const known = children.get(dir);
  return readdirSync(pathUnder(root, dir))
    .filter((name) => !known?.has(name) && !(dir === '' && name === MARKER_FILE))
    .map((name) => (dir === '' ? name : `${dir}/${name}`));
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
