import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE } from '../routes/site-files.js';
import { leavesTree, pathUnder } from './inside-tree.js';
import { NO_PRINTS, readMarker, type Marker } from './manifest.js';
import { directoriesOf, inPathOrder, parentOf } from './tree-paths.js';

/** The files of a tree in path order, as its marker lists them, and every directory that holds one. */
export interface TreeLayout {
  paths: string[];
  directories: Set<string>;
}

/**
 * A tree an earlier build wrote, and how far it can still be trusted to hold what its marker
 * says. Trust is checked, never assumed: every directory on the way must be a real directory
 * (a link planted in its place is never followed), and a file must be a plain file not changed
 * since the marker was written, the last act of that build.
 */
export class PreviousTree {
  private readonly dirs = new Map<string, boolean>();
  /** Each checked file's size, or -1 when it cannot be trusted. */
  private readonly sizes = new Map<string, number>();
  /** Each directory's entries as the marker knows them, for `prune`. */
  private children: Map<string, Set<string>> | undefined;
  private layout: TreeLayout | undefined;

  private constructor(
    readonly root: string,
    readonly marker: Marker,
    private readonly prune: boolean,
  ) {}

  /**
   * `prune`: the tree is about to be updated in place, so a directory changed since the build
   * loses every entry the marker does not know (files dropped in by hand, planted links).
   */
  static open(root: string, prune: boolean): PreviousTree | undefined {
    const marker = readMarker(root);
    // Prints are compared with the live tree's only: a tree to update need not keep them.
    if (marker && prune) marker.prints = NO_PRINTS;
    return marker ? new PreviousTree(root, marker, prune) : undefined;
  }

  hashOf(relative: string): string | undefined {
    return this.marker.manifest.get(relative);
  }

  pathOf(relative: string): string {
    return pathUnder(this.root, relative);
  }

  /**
   * The marker's files in path order and the directories that hold them, when `files` are
   * exactly the marker's files: as many, and each of them one of the marker's (`known` of them
   * are, as counted while they were recorded). What a build that changed no port's name needs
   * at its end (see TreeWriter.finish), known then without sorting 42,000 paths or walking
   * them again.
   */
  layoutFor(files: ReadonlyMap<string, unknown>, known: number): TreeLayout | undefined {
    return files.size === this.marker.manifest.size && known === files.size ? this.prepareLayout() : undefined;
  }

  /** Makes the layout ahead, while the writer thread waits for the build's files (see TreeWriter.checkAhead). */
  prepareLayout(): TreeLayout {
    // The marker lists its files in path order (renderMarker); one edited by hand is sorted here.
    return (this.layout ??= { paths: inPathOrder([...this.marker.manifest.keys()]), directories: directoriesOf(this.marker.manifest.keys()) });
  }

  /** Whether every directory from the top down to `dir` is a real directory. */
  isRealDirectory(dir: string): boolean {
    if (dir === '') return this.check('');
    const known = this.dirs.get(dir);
    if (known !== undefined) return known;
    return this.isRealDirectory(parentOf(dir)) && this.check(dir);
  }

  private check(dir: string): boolean {
    const known = this.dirs.get(dir);
    if (known !== undefined) return known;
    const stats = lstatSync(this.pathOf(dir), { throwIfNoEntry: false });
    // The top may be reached through a link (an --out that is a link); nothing below it may.
    const real = stats !== undefined && (stats.isDirectory() || (dir === '' && stats.isSymbolicLink()));
    this.dirs.set(dir, real);
    if (real && this.prune && stats.mtimeMs > this.marker.writtenMs) this.pruneUnknown(dir);
    return real;
  }

  /**
   * The size of `relative` when it still holds the bytes of `hash`: the marker says so, it is a
   * plain file reached through real directories, and it has not been modified since.
   */
  trustedSize(relative: string, hash: string): number | undefined {
    if (this.marker.manifest.get(relative) !== hash) return undefined;
    let size = this.sizes.get(relative);
    if (size === undefined) {
      const stats = this.isRealDirectory(parentOf(relative)) ? lstatSync(this.pathOf(relative), { throwIfNoEntry: false }) : undefined;
      size = stats?.isFile() && stats.mtimeMs <= this.marker.writtenMs ? stats.size : -1;
      this.sizes.set(relative, size);
    }
    return size < 0 ? undefined : size;
  }

  /**
   * Checks every file and directory of the tree now, so that later questions are answered from
   * memory. The writer thread does this while the main thread is still reading the catalogue.
   */
  checkAll(): void {
    for (const [relative, hash] of this.marker.manifest) this.trustedSize(relative, hash);
  }

  /** Removes the entries of `dir` the marker does not know (never following a link). */
  private pruneUnknown(dir: string): void {
    if (dir !== '' && leavesTree(dir)) throw new Error(`refusing to prune outside the tree: ${JSON.stringify(dir)}`);
    this.children ??= childrenOf(this.marker.manifest.keys());
    const known = this.children.get(dir);
    for (const name of readdirSync(this.pathOf(dir))) {
      if (known?.has(name) || (dir === '' && name === MARKER_FILE)) continue;
      rmSync(path.join(this.pathOf(dir), name), { recursive: true, force: true });
    }
  }
}

/** Directory → names of its entries (files and directories), from the manifest's paths. */
function childrenOf(files: Iterable<string>): Map<string, Set<string>> {
  const children = new Map<string, Set<string>>();
  for (const file of files) {
    let child = file;
    while (child !== '') {
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
