import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isStrings } from '../read/json-shape.js';
import { identityOf, markerStats } from './file-ledger.js';
import { FileListing, type FilesInfo, type Marker } from './marker.js';
import { leavesTree } from './tree-paths.js';

/**
 * A tree told by how it differs from the tree it replaced, as the build that made it saw both:
 * a rebuild finds the live tree as the spare (the tree the live one replaced) with this delta
 * applied, and reads no marker of tens of thousands of files for the few that changed. Kept in
 * the state directory as `delta-<identity of the tree's marker>.json`, as a ledger is (see
 * file-ledger): a delta is found only for the very marker it describes, and holds only for the
 * very base it was made against, whose marker's identity it records.
 */
export interface TreeDelta {
  /** The identity of the base tree's marker file (see identityOf). */
  base: string;
  /** The tree's own marker's fingerprint and files info. */
  fingerprint: string;
  filesInfo: FilesInfo | undefined;
  changes: Changes;
}

/** The files a tree differs from its base in. */
export interface Changes {
  /** Flat (path, hash, key, identity by turns), sorted by path: the files new or changed since the base. */
  files: string[];
  /** The base's files the tree no longer has, sorted. */
  removed: string[];
}

/** Most changes worth a delta, as a share of the tree's files: past it, the marker is read whole. */
const MOST_CHANGED = 1 / 8;

/**
 * How the files `paths` (sorted), placed as `placed` says, differ from `base`'s; undefined when
 * more than an eighth of them do. Both lists are sorted, so they are walked side by side.
 */
export function changesFrom(base: FileListing, paths: readonly string[], placed: ReadonlyMap<string, { hash: string; key: string; identity: string }>): Changes | undefined {
  const changes: Changes = { files: [], removed: [] };
  const tooMany = () => changes.files.length / 4 + changes.removed.length > paths.length * MOST_CHANGED;
  let b = 0;
  for (const relative of paths) {
    for (; b < base.size && base.path(b) < relative; b++) changes.removed.push(base.path(b));
    const { hash, key, identity } = placed.get(relative)!;
    const listed = b < base.size && base.path(b) === relative;
    if (!(listed && base.hash(b) === hash && base.key(b) === key)) changes.files.push(relative, hash, key, identity);
    if (listed) b++;
    if (tooMany()) return undefined; // a build that changed much: its delta would not be read
  }
  for (; b < base.size; b++) changes.removed.push(base.path(b));
  return tooMany() ? undefined : changes;
}

/**
 * The files of the tree `changes` were made from, as `base` and `changes` give them, without a
 * list made of them: the changed files' identities from the delta, none for the others, which
 * are then trusted by their bytes if ever asked about (a rebuild asks the live tree only about
 * the few files the spare cannot give). Undefined when the changes do not fit the base: a path
 * removed that it does not list, or one both removed and changed. `changes` must be sorted, as
 * deltaOf checks.
 */
export function applyChanges(base: FileListing, changes: Changes): FileListing | undefined {
  const { files, removed } = changes;
  const order = new Int32Array(base.size + files.length / 4);
  let size = 0;
  let c = 0; // the next changed file (in fours)
  let r = 0; // the next removed path
  for (let b = 0; b < base.size; b++) {
    const relative = base.path(b);
    for (; c < files.length && files[c]! < relative; c += 4) order[size++] = -1 - c / 4;
    if (c < files.length && files[c] === relative) {
      order[size++] = -1 - c / 4;
      c += 4;
    } else if (r < removed.length && removed[r] === relative) r++;
    else order[size++] = b;
  }
  for (; c < files.length; c += 4) order[size++] = -1 - c / 4;
  // Both lists sorted, as the base is: so is what they make, when every removed path was met.
  return r === removed.length ? new ChangedFiles(base, files, order.subarray(0, size)) : undefined;
}

/**
 * A base's files with changes applied (see applyChanges): entry `i` is the base's file
 * `order[i]`, or changed file `-1 - order[i]` when that is negative.
 */
class ChangedFiles extends FileListing {
  constructor(
    private readonly base: FileListing,
    /** Flat (path, hash, key, identity by turns), as Changes has them. */
    private readonly files: readonly string[],
    private readonly order: Int32Array,
  ) {
    super();
  }

  get size(): number {
    return this.order.length;
  }

  path(i: number): string {
    const at = this.changedAt(i);
    return at < 0 ? this.base.path(this.order[i]!) : this.files[at]!;
  }

  hash(i: number): string {
    const at = this.changedAt(i);
    return at < 0 ? this.base.hash(this.order[i]!) : this.files[at + 1]!;
  }

  key(i: number): string {
    const at = this.changedAt(i);
    return at < 0 ? this.base.key(this.order[i]!) : this.files[at + 2]!;
  }

  /** The ledger's, when it was recalled; else the delta's for a changed file, none for the base's. */
  override identity(i: number): string | undefined {
    const at = this.changedAt(i);
    return super.identity(i) ?? (at < 0 ? undefined : this.files[at + 3]);
  }

  /** Where entry `i` starts in `files`, or -1 when it is the base's. */
  private changedAt(i: number): number {
    const source = this.order[i]!;
    return source < 0 ? 4 * (-1 - source) : -1;
  }
}

const DELTA_PREFIX = 'delta-';

function deltaFile(state: string, identity: string): string {
  return path.join(state, `${DELTA_PREFIX}${identity}.json`);
}

/**
 * Writes the delta of the tree at `root`, whose marker was just written, against the tree at
 * `baseRoot` (the live tree, soon the spare); removes every other delta, which no later build can
 * use: the next one's live tree is this one, its spare this one's base.
 */
export function writeDelta(state: string, root: string, baseRoot: string, delta: Omit<TreeDelta, 'base'> | undefined): void {
  const identity = identityHere(root);
  const base = identityHere(baseRoot);
  let file: string | undefined;
  if (identity !== undefined && base !== undefined && delta) {
    const { fingerprint, filesInfo, changes } = delta;
    file = deltaFile(state, identity);
    writeFileSync(file, JSON.stringify({ base, fingerprint, filesInfo: filesInfo ?? null, files: changes.files, removed: changes.removed }));
  }
  for (const name of readdirSync(state)) {
    if (name.startsWith(DELTA_PREFIX) && path.join(state, name) !== file) rmSync(path.join(state, name), { force: true });
  }
}

/**
 * The marker of the tree at `root` as its delta tells it against `base`, the marker of the tree
 * at `baseRoot`; undefined when there is no delta for that marker and that base, or it is not
 * one a build wrote.
 */
export function readThroughDelta(state: string, root: string, baseRoot: string, base: Marker): Marker | undefined {
  const stats = markerStats(root);
  const baseIdentity = identityHere(baseRoot);
  if (!stats?.isFile() || baseIdentity === undefined) return undefined;
  let delta: unknown;
  try {
    delta = JSON.parse(readFileSync(deltaFile(state, identityOf(stats)), 'utf8'));
  } catch {
    return undefined; // none, or not whole
  }
  const read = deltaOf(delta);
  if (read?.base !== baseIdentity) return undefined;
  const files = applyChanges(base.files, read.changes);
  return files && { fingerprint: read.fingerprint, filesInfo: read.filesInfo, files, writtenMs: stats.mtimeMs };
}

/** The identity of the marker file of the tree at `root`; undefined when it has none. */
function identityHere(root: string): string | undefined {
  const stats = markerStats(root);
  return stats?.isFile() ? identityOf(stats) : undefined;
}

/** The delta `value` holds, when it has a delta's shape and its paths stay in the tree. */
function deltaOf(value: unknown): TreeDelta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { base, fingerprint, filesInfo, files, removed } = value as Record<string, unknown>;
  if (typeof base !== 'string' || typeof fingerprint !== 'string' || typeof filesInfo !== 'object') return undefined;
  if (!isStrings(files) || files.length % 4 !== 0 || !isStrings(removed)) return undefined;
  // Sorted and each once, as changesFrom writes them; no path that could leave the tree (the spare is pruned by its paths).
  for (let i = 0; i < files.length; i += 4) if (leavesTree(files[i]!) || (i > 0 && !(files[i - 4]! < files[i]!))) return undefined;
  for (let i = 0; i < removed.length; i++) if (leavesTree(removed[i]!) || (i > 0 && !(removed[i - 1]! < removed[i]!))) return undefined;
  return { base, fingerprint, filesInfo: (filesInfo as FilesInfo | null) ?? undefined, changes: { files, removed } };
}
