import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MARKER_FILE } from '../../routes/site-files.js';
import { leavesTree } from './tree-paths.js';

/**
 * What a build recorded of one file: the content hash of its bytes (see content-hash), and the
 * key it was made under when it had one (a port file's print, a files page's pages key), so
 * that a later build can keep the file without making its bytes again. '' for no key.
 */
export interface Entry {
  hash: string;
  key: string;
  /** The file's identity as its build placed it, from the tree's ledger when it has one (see file-ledger). */
  identity?: string;
}

/** What the files pages were made from (their key) and what they hold, for the summary. */
export interface FilesInfo {
  key: string;
  pages: number;
  builds: number;
  paths: number;
}

/** The marker file at the top of every tree a build wrote: the tree's manifest. */
export interface Marker {
  /** The code that made the tree (see code-fingerprint): keys are compared only under the same code. */
  fingerprint: string;
  filesInfo: FilesInfo | undefined;
  files: MarkerFiles;
  /**
   * When the marker was written, the last act of its build: a directory changed after it (a
   * file planted by hand) loses what the marker does not know when the tree is updated.
   */
  writtenMs: number;
}

/**
 * The files a marker lists, kept as its text gives them: one flat list (path, hash, key by
 * turns) sorted by path, a file found by halving it; and each file's identity from the tree's
 * ledger at the same index. A rebuild reads a marker of tens of thousands of files: an object
 * and a map entry for each cost it more than reading the text.
 */
export class MarkerFiles {
  /** By index, as the tree's ledger lists them (see loadLedger); none without one. */
  private identities: unknown[] = [];
  /** By index, 1 where the live tree lists the same path and hash (see share); none for the live tree itself. */
  private sameAsLive: Uint8Array | undefined;

  /** `list`: flat, its paths sorted and each listed once (see readMarker). */
  constructor(private readonly list: string[]) {}

  get size(): number {
    return this.list.length / 3;
  }

  path(i: number): string {
    return this.list[3 * i]!;
  }

  hash(i: number): string {
    return this.list[3 * i + 1]!;
  }

  key(i: number): string {
    return this.list[3 * i + 2]!;
  }

  /** The identity file `i` had when its build placed it; undefined when the ledger does not say. */
  identity(i: number): string | undefined {
    const identity = this.identities[i];
    return typeof identity === 'string' ? identity : undefined;
  }

  /** The identities of the files in the listing's order, from the tree's ledger; ignored unless one for each. */
  setIdentities(identities: unknown[]): void {
    if (identities.length === this.size) this.identities = identities;
  }

  /** Whether the live tree lists file `i` with the same hash (see share, called on the live tree's files). */
  listedLive(i: number): boolean {
    return this.sameAsLive?.[i] === 1;
  }

  /**
   * Takes `other`'s strings wherever the two list the same text, leaving its own to the
   * collector: the live tree and the spare list the same files but for a few, and a rebuild
   * holds both (with pages, some 330,000 strings twice). Both lists are sorted: one walk, which
   * also tells `other` (the spare) which of its files the live tree lists alike.
   */
  share(other: MarkerFiles): void {
    const [mine, theirs] = [this.list, other.list];
    other.sameAsLive = new Uint8Array(other.size);
    for (let i = 0, j = 0; i < mine.length && j < theirs.length; ) {
      if (theirs[j]! < mine[i]!) j += 3;
      else if (theirs[j] !== mine[i]) i += 3;
      else {
        for (let k = 0; k < 3; k++) if (mine[i + k] === theirs[j + k]) mine[i + k] = theirs[j + k]!;
        if (mine[i + 1] === theirs[j + 1]) other.sameAsLive[j / 3] = 1;
        const identity = other.identities[j / 3];
        if (identity !== undefined && this.identities[i / 3] === identity) this.identities[i / 3] = identity;
        i += 3;
        j += 3;
      }
    }
  }

  /** The index of `relative`; -1 when the tree does not have it. */
  indexOf(relative: string): number {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.path(middle);
      if (at === relative) return middle;
      if (at < relative) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The paths, in order. */
  paths(): string[] {
    const paths = new Array<string>(this.size);
    for (let i = 0; i < paths.length; i++) paths[i] = this.path(i);
    return paths;
  }
}

/**
 * `files` is flat (path, hash, key by turns): at 42,000 files it parses in a third of the time
 * an object with one key per file takes.
 */
interface MarkerText {
  generator: 'ports-gen';
  fingerprint: string;
  filesInfo: FilesInfo | null;
  files: string[];
}

/** Whether `dir` has a marker file, without reading it: enough to keep or claim it as the spare. */
export function hasMarkerFile(dir: string): boolean {
  return lstatSync(path.join(dir, MARKER_FILE), { throwIfNoEntry: false })?.isFile() === true;
}

/** The marker of the tree at `dir`; undefined when there is none or it cannot be trusted. */
export function readMarker(dir: string): Marker | undefined {
  const file = path.join(dir, MARKER_FILE);
  try {
    const stats = lstatSync(file);
    if (!stats.isFile()) return undefined;
    const source = readFileSync(file, 'utf8');
    const text = JSON.parse(source) as Partial<MarkerText>;
    const list = text.files;
    if (text.generator !== 'ports-gen' || typeof text.fingerprint !== 'string' || !Array.isArray(list) || list.length % 3 !== 0) return undefined;
    for (let i = 0; i < list.length; i += 3) {
      const [relative, hash, key] = [list[i], list[i + 1], list[i + 2]];
      // A path that could leave the tree is never trusted: what the spare holds beyond its paths is removed.
      if (typeof relative !== 'string' || typeof hash !== 'string' || typeof key !== 'string' || leavesTree(relative)) return undefined;
      // Sorted and each once, as renderMarker writes them: a marker found otherwise was not written by a build.
      if (i > 0 && !((list[i - 3] as string) < relative)) return undefined;
    }
    return { fingerprint: text.fingerprint, filesInfo: text.filesInfo ?? undefined, files: new MarkerFiles(list as string[]), writtenMs: stats.mtimeMs };
  } catch {
    return undefined;
  }
}

/** Files rendered at a time: a part of the marker's text of some 150 KB. */
const PART_FILES = 1000;

/**
 * The marker's text in parts, files in path order (`paths`, sorted, when the caller has them):
 * the same catalogue and code give the same marker. Written part by part, a large tree's
 * marker is never one text, nor its bytes, beside everything else the writer holds.
 */
export function* markerParts(fingerprint: string, files: ReadonlyMap<string, Entry>, filesInfo: FilesInfo | undefined, paths: readonly string[] = [...files.keys()].sort()): Generator<string> {
  const head: Omit<MarkerText, 'files'> = { generator: 'ports-gen', fingerprint, filesInfo: filesInfo ?? null };
  yield `${JSON.stringify(head).slice(0, -1)},"files":[`;
  for (let start = 0; start < paths.length; start += PART_FILES) {
    const list: string[] = [];
    for (const relative of paths.slice(start, start + PART_FILES)) {
      const { hash, key } = files.get(relative)!;
      list.push(relative, hash, key);
    }
    yield `${start > 0 ? ',' : ''}${JSON.stringify(list).slice(1, -1)}`;
  }
  yield ']}\n';
}

/** The marker's text whole (see markerParts). */
export function renderMarker(...args: Parameters<typeof markerParts>): string {
  return [...markerParts(...args)].join('');
}
