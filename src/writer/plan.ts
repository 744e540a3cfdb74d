/**
 * Every decision of the writer, as pure functions of plain data: `plan` turns the files a build
 * wants and what the trees on disk hold (as the reading step found them, see trust.ts) into
 * the operations that make the new tree; `placeMade` and `placeLate` decide what the plan could
 * not before the build made bytes: where made bytes go, and where a compressed sibling comes from. The executor carries the operations out and decides
 * nothing.
 */
import { contentDigest, contentHash } from '../core/content-hash.js';
import type { FilesInfo } from './trees/marker.js';
import { siblingsOf, sourceOf, type Encoding } from './precompress.js';
import type { Checked, Held, TreeFiles } from './trees/trust.js';
import { unwanted } from './unwanted.js';

/**
 * Every file a build wants, by path, with the key its bytes are made under when one is known
 * before they are made (a port's print, the pages key); undefined: only its bytes will tell.
 */
type Wanted = ReadonlyMap<string, string | undefined>;

/** A tree an earlier build wrote, as read from disk: its files as checked, and its marker's record. */
interface TreeOnDisk {
  files: TreeFiles;
  /** The code that made it (see code-fingerprint): its keys count only for the same code. */
  fingerprint: string;
  filesInfo: FilesInfo | undefined;
}

/** The claimed spare, as read: also what stands in it that its marker does not list (see trust.ts). */
interface SpareOnDisk extends TreeOnDisk {
  strangers: readonly string[];
}

/** What the trees on disk hold. */
export interface OnDisk {
  live?: TreeOnDisk;
  /** The claimed spare; null when one was claimed but has no marker it can trust; none for a new tree. */
  spare?: SpareOnDisk | null;
}

export interface PlanInput {
  wanted: Wanted;
  /** Files made of other wanted files, end to end (see assembly.ts), by path: their parts in order. */
  assemblies?: ReadonlyMap<string, readonly string[]>;
  /** Files that get a signify signature beside them, `<file>.sig` (see sign/signify). */
  signed?: readonly string[];
  /** Assembled files whose parts' lengths are published, by path: the file of the lengths (see writer-session). */
  partLengths?: ReadonlyMap<string, string>;
  onDisk: OnDisk;
  /** The code this build runs (see code-fingerprint). */
  fingerprint: string;
  /** The key the files pages are made under (see build/build). */
  pagesKey: string;
  /** Each JSON file gets compressed siblings (see precompress). */
  precompress: boolean;
}

export type Operation =
  /** The claimed spare cannot be trusted: set aside whole, and the tree made afresh. */
  | { op: 'restart' }
  /** Something of the spare that the new tree must not have: a file not wanted, a directory nothing wanted is in, a stranger. */
  | { op: 'remove'; path: string }
  /** The spare holds the file already: recorded as it is. */
  | { op: 'keep'; path: string; held: Checked }
  /** The live tree holds it: a hard link to `source`, so it keeps its inode and time. */
  | { op: 'link'; path: string; source: Checked; held: Held }
  /** Its bytes must be made by the build, then placed (see placeMade). */
  | { op: 'make'; path: string }
  /** New bytes, written as a new file. */
  | { op: 'write'; path: string; bytes: Uint8Array; held: Held }
  /** New bytes made ahead into the file `from`, moved into place (see files-ahead). */
  | { op: 'move'; path: string; from: string; held: Held }
  /**
   * A file assembled from wanted files once they are placed (see assembly.ts, placeAssembly):
   * under `key`, the hashes of its parts; what it can take from `previous`, the live tree's
   * file of that path, is copied from there. Planned without them, which only the parts' bytes tell.
   */
  | { op: 'assemble'; path: string; parts: readonly string[]; key?: string; previous?: Checked }
  /** The signature of `source`, made once its source is placed (see placeLate). */
  | { op: 'sign'; path: string; source: string }
  /** The lengths of the parts of the assembled file `source`, made once it is placed (see placeLate). */
  | { op: 'lengths'; path: string; source: string }
  /** A compressed sibling of `source`, placed once its source is (see placeLate). */
  | { op: 'sibling'; path: string; source: string; encoding: Encoding }
  /** The marker, written last: the tree is whole. */
  | { op: 'marker' };

interface Plan {
  /** In the order they are carried out; `make` and `sibling` wait for bytes, `marker` comes last. */
  operations: Operation[];
  /** The files whose bytes the build must make, in the order wanted. */
  make: string[];
  /** A previous tree's files info, when every file made under the pages key is in place already. */
  filesInfo: FilesInfo | undefined;
}

/** The previous trees whose keys count, by this build's code. */
interface Sources {
  live?: TreeFiles;
  spare?: TreeFiles;
  liveKeys: boolean;
  spareKeys: boolean;
}

/** The plan of a build: see Operation for what each step does, and the tests for the rules. */
export function plan(input: PlanInput): Plan {
  const { wanted, onDisk } = input;
  const assemblies = input.assemblies ?? new Map<string, readonly string[]>();
  const spare = onDisk.spare ?? undefined;
  const sources = sourcesOf(onDisk, input.fingerprint);
  const operations: Operation[] = onDisk.spare === null ? [{ op: 'restart' }] : [];
  if (spare) {
    for (const path of spare.strangers) operations.push({ op: 'remove', path });
    const lengths = [...(input.partLengths?.values() ?? [])];
    const made = new Set([...(input.signed ?? []).map(signatureOf), ...assemblies.keys(), ...lengths]);
    const has = (path: string) => wanted.has(path) || made.has(path);
    const isWanted = input.precompress ? (path: string) => has(path) || has(sourceOf(path).source) : has;
    for (const path of unwanted(spare.files.keys(), isWanted, [...wanted.keys(), ...assemblies.keys(), ...lengths])) operations.push({ op: 'remove', path });
  }
  const make: string[] = [];
  const siblings: Operation[] = [];
  const late: Array<Extract<Operation, { op: 'assemble' | 'lengths' | 'sign' }>> = [];
  const withSiblings = (path: string) => {
    if (input.precompress) for (const sibling of siblingsOf(path)) siblings.push({ op: 'sibling', path: sibling, ...sourceOf(sibling) });
  };
  for (const [path, key] of wanted) {
    const operation = placeWanted(path, key, sources);
    operations.push(operation);
    if (operation.op === 'make') make.push(path);
    withSiblings(path);
  }
  for (const [path, parts] of assemblies) late.push({ op: 'assemble', path, parts });
  for (const [source, path] of input.partLengths ?? []) late.push({ op: 'lengths', path, source });
  for (const { path } of late) withSiblings(path);
  for (const source of input.signed ?? []) late.push({ op: 'sign', path: signatureOf(source), source });
  operations.push(...late, ...siblings, { op: 'marker' });
  const pages = [...wanted.keys()].filter((path) => wanted.get(path) === input.pagesKey);
  return { operations, make, filesInfo: pagesInPlace(pages, input.pagesKey, onDisk, input.fingerprint) };
}

/**
 * A previous tree's files info, when the trees on disk hold every files page wanted under `key`
 * as the plan keeps or links it: the build need not page builds.ndjson. The writer asks this
 * before the plan (see files-ahead), the plan after; both from the same trees, so they agree.
 */
export function pagesInPlace(pages: readonly string[], key: string, onDisk: OnDisk, fingerprint: string): FilesInfo | undefined {
  const sources = sourcesOf(onDisk, fingerprint);
  if (pages.some((path) => placeWanted(path, key, sources).op === 'make')) return undefined;
  return pagesInfo(onDisk, fingerprint, key);
}

/**
 * A file wanted under `key`: kept when the spare holds it so and the live tree holds the same
 * bytes (see keepsTime), linked when the live tree holds it so, else made.
 */
function placeWanted(path: string, key: string | undefined, sources: Sources): Operation {
  if (key === undefined) return { op: 'make', path };
  const spare = sources.spareKeys ? sources.spare?.get(path) : undefined;
  if (spare?.key === key && keepsTime(spare, sources.live !== undefined)) return { op: 'keep', path, held: spare };
  const live = sources.liveKeys ? sources.live?.get(path) : undefined;
  if (live?.key === key) return { op: 'link', path, source: live, held: live };
  return { op: 'make', path };
}

/** Where a file's signature goes: beside it, as signify's `-x` default has it. */
function signatureOf(source: string): string {
  return `${source}.sig`;
}

/**
 * An assembled file, once its parts are placed with `hashes`: kept or linked when a previous tree
 * holds it under the key of those hashes (so it is written again only when a part's bytes
 * changed), else assembled, with the live tree's file to copy unchanged parts from.
 */
export function placeAssembly(assembly: Extract<Operation, { op: 'assemble' }>, hashes: readonly string[], input: Pick<PlanInput, 'onDisk' | 'fingerprint'>): Operation {
  const digest = contentDigest();
  assembly.parts.forEach((part, i) => digest.update(Buffer.from(`${part} ${hashes[i]}\n`)));
  const key = `assembly:${digest.digest()}`;
  const operation = placeLate(assembly.path, key, input);
  if (operation.op !== 'make') return operation;
  return { ...assembly, key, previous: input.onDisk.live?.files.get(assembly.path) ?? undefined };
}

/**
 * Bytes the build made for `path` under `key`: kept when the spare holds the same bytes and the
 * live tree does too (see keepsTime), linked when the live tree does, written otherwise. Either
 * way a file unchanged since the live tree keeps its inode and its time.
 */
export function placeMade(path: string, bytes: Uint8Array, key: string, onDisk: OnDisk): Operation {
  const held: Held = { hash: contentHash(bytes), key, size: bytes.length };
  return placeHeld(path, held, onDisk) ?? { op: 'write', path, bytes, held };
}

/**
 * As placeMade, for bytes made ahead into the file `from` (see files-ahead): kept or linked as
 * placeMade would, else the file moved into place.
 */
export function placeMadeAhead(path: string, from: string, held: Held, onDisk: OnDisk): Operation {
  return placeHeld(path, held, onDisk) ?? { op: 'move', path, from, held };
}

/** Made bytes `held` kept or linked by placeMade's rules; undefined when they must be placed anew. */
function placeHeld(path: string, held: Held, onDisk: OnDisk): Operation | undefined {
  const spare = onDisk.spare?.files.get(path);
  if (holds(spare, held) && keepsTime(spare!, onDisk.live !== undefined)) return { op: 'keep', path, held: { hash: held.hash, key: held.key, size: held.size, identity: spare!.identity, dev: spare!.dev, ino: spare!.ino } };
  const live = onDisk.live?.files.get(path);
  if (holds(live, held)) return { op: 'link', path, source: live!, held };
  return undefined;
}

/**
 * Whether the spare's file may stand in the new tree: only when the live tree lists the same
 * bytes at its path (the file is then the live one, linked into the spare when that was built)
 * or there is no live tree. A file that goes back to the bytes of the build before the live
 * one is written anew: kept, it would bring back that build's older time, and `Last-Modified`
 * would go backwards.
 */
function keepsTime(spare: Checked, hasLive: boolean): boolean {
  return !hasLive || spare.listedLive === true;
}

function holds(found: Held | null | undefined, held: Held): boolean {
  return found !== undefined && found !== null && found.hash === held.hash && found.size === held.size;
}

/**
 * A file wanted under `key` once the plan is made: a compressed sibling, whose key is known only
 * when its source is placed (see siblingKey). Kept or linked as `plan` would, else to be made.
 */
export function placeLate(path: string, key: string, input: Pick<PlanInput, 'onDisk' | 'fingerprint'>): Operation {
  return placeWanted(path, key, sourcesOf(input.onDisk, input.fingerprint));
}

function sourcesOf(onDisk: OnDisk, fingerprint: string): Sources {
  return {
    live: onDisk.live?.files,
    spare: onDisk.spare?.files,
    liveKeys: onDisk.live?.fingerprint === fingerprint,
    spareKeys: onDisk.spare?.fingerprint === fingerprint,
  };
}

/** A previous tree's files info, when its pages were made under `key` by the same code. */
function pagesInfo(onDisk: OnDisk, fingerprint: string, key: string): FilesInfo | undefined {
  for (const tree of [onDisk.live, onDisk.spare]) {
    if (tree && tree.fingerprint === fingerprint && tree.filesInfo?.key === key) return tree.filesInfo;
  }
  return undefined;
}
