import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, type Stats } from 'node:fs';
import path from 'node:path';
import { statIdentity, writeAll } from '../core/fs.js';
import { MARKER_FILE } from '../routes/site-files.js';
import { AssemblyStream, writeAssembly } from './assembly.js';
import { markerParts, type FilesInfo } from './trees/marker.js';
import type { Operation } from './plan.js';
import { parentOf, pathUnder } from './trees/tree-paths.js';
import { moveToTrash } from './trees/tree-roles.js';
import { readSameFile, type Checked, type Held } from './trees/trust.js';

export interface Totals {
  /** Files in the tree, and how many of them were written (not kept, not linked). */
  files: number;
  written: number;
  /** Files whose bytes were made by this build (see Plan.make). */
  rendered: number;
  bytes: number;
}

/** A file as placed in the new tree: what it holds, and its identity there (see file-ledger). */
interface Placed extends Held {
  identity: string;
}

/**
 * Carries out the operations of a plan (see plan.ts) in the staging tree `root` with plain
 * synchronous calls, deciding nothing. When `root` is the claimed spare, every directory on the
 * way to a file is checked to be real (a planted link is removed, never followed), and whatever
 * stands where a file goes is unlinked first: the spare shares its inodes with the live tree, so
 * a file is never written through.
 */
export class Executor {
  /** Every file placed so far: the marker and the ledger record them. */
  readonly placed = new Map<string, Placed>();
  /**
   * The live tree's files linked into this one, with the identity their inode has since: a
   * link changes a file's change time, so the live tree's ledger no longer knows them (see
   * refreshLedger).
   */
  readonly relinked = new Map<string, string>();
  /** The placed files' paths in the marker's order, once it is written (see marker): the ledger's order too. */
  markerOrder: readonly string[] = [];
  private readonly made = new Set<string>();
  /** The assembly being written as its parts are (see expect). */
  private stream: AssemblyStream | undefined;
  readonly totals: Totals = { files: 0, written: 0, rendered: 0, bytes: 0 };

  constructor(
    private readonly root: string,
    private readonly liveRoot: string,
    /** Whether `root` is the claimed spare, updated in place (until a `restart`). */
    private updating: boolean,
    /** Where a `restart` sets the spare aside (see moveToTrash). */
    private readonly state: string,
    /** Where an assembly is streamed before it is placed (see WorkerSetup.scratch). */
    private readonly scratch: string,
  ) {}

  /** One operation of a plan; `make` and `sibling` are the writer session's, `marker` is `finish`; `assemble` once its parts are placed. */
  carry(operation: Operation): void {
    switch (operation.op) {
      case 'restart':
        moveToTrash(this.root, this.state);
        mkdirSync(this.root);
        this.updating = false;
        return;
      case 'remove':
        return rmSync(this.pathOf(operation.path), { recursive: true, force: true });
      case 'keep':
        this.stream?.placed(operation.path);
        return this.record(operation.path, operation.held);
      case 'link':
        this.stream?.placed(operation.path);
        return this.link(operation.path, operation.source, operation.held);
      case 'write': {
        const written = writeNew(this.prepare(operation.path), operation.bytes);
        this.stream?.written(operation.path, operation.bytes, operation.held.hash);
        this.totals.written++;
        return this.record(operation.path, placedAs(operation.held, statIdentity(written)));
      }
      case 'move': {
        const target = this.prepare(operation.path);
        renameSync(operation.from, target);
        this.stream?.placed(operation.path);
        this.totals.written++;
        return this.record(operation.path, placedAs(operation.held, statIdentity(lstatSync(target))));
      }
      case 'assemble': {
        const parts = operation.parts.map((part) => ({ path: part, hash: this.placed.get(part)?.hash ?? unplaced(part) }));
        const previous = operation.previous && { file: pathUnder(this.liveRoot, operation.path), checked: operation.previous };
        const streamed = this.stream?.parts === operation.parts && this.stream.complete(parts.map((part) => part.hash));
        if (!streamed) this.stream?.drop();
        const target = this.prepare(operation.path);
        const { stats, hash } = streamed ? this.stream!.finish(target, this.state) : writeAssembly(target, this.root, parts, this.state, previous);
        this.stream = undefined;
        this.totals.written++;
        return this.record(operation.path, { hash, key: operation.key ?? '', size: stats.size, identity: statIdentity(stats) });
      }
      default:
        throw new Error(`the executor was given ${operation.op}`);
    }
  }

  /**
   * An assembly the plan asks for, written as its parts are when they come in its order (see
   * AssemblyStream): in a new tree, whose parts are all written, not kept or linked.
   */
  expect(assembly: Extract<Operation, { op: 'assemble' }>): void {
    if (this.updating || this.stream) return;
    mkdirSync(this.scratch, { recursive: true });
    this.stream = new AssemblyStream(assembly.parts, path.join(this.scratch, `assembly-${assembly.path.replaceAll('/', '-')}`));
  }

  /** The assembly is not to be written after all (a previous tree holds it). */
  dropStream(): void {
    this.stream?.drop();
    this.stream = undefined;
  }

  /**
   * The directories of files of a new tree, made while the main thread is still listing files,
   * not when their bytes arrive with the writing at its busiest. Only in a new tree: every
   * wanted file is in it in the end, so each of these directories is too.
   */
  makeDirectories(paths: readonly string[]): void {
    if (!this.updating) for (const relative of paths) this.ensureDirectory(parentOf(relative));
  }

  /** Writes the marker, the last act of a build: every file is in place. */
  finish(fingerprint: string, filesInfo: FilesInfo | undefined): Totals {
    const marker = pathUnder(this.root, MARKER_FILE);
    rmSync(marker, { force: true });
    this.markerOrder = [...this.placed.keys()].sort();
    writeNew(marker, markerParts(fingerprint, this.placed, filesInfo, this.markerOrder));
    this.totals.files = this.placed.size;
    for (const held of this.placed.values()) this.totals.bytes += held.size;
    return this.totals;
  }

  /**
   * Links the live tree's file `source`, as it was checked, at `relative`. A link is made by
   * path, so the file linked is then seen to be the one checked (its inode), not one put in its
   * place since: that fails the build.
   */
  private link(relative: string, source: Checked, held: Held): void {
    const target = this.prepare(relative);
    const from = pathUnder(this.liveRoot, relative);
    let linked = true;
    try {
      linkSync(from, target);
    } catch {
      // No link across file systems, or on one without links: the same bytes, copied.
      writeNew(target, readSameFile(from, source, (fd) => readFileSync(fd)) ?? replaced(from));
      this.totals.written++;
      linked = false;
    }
    const placed = lstatSync(target);
    if (linked && (placed.ino !== source.ino || placed.dev !== source.dev)) replaced(from);
    const identity = statIdentity(placed);
    if (linked) this.relinked.set(relative, identity);
    this.record(relative, placedAs(held, identity));
  }

  private record(relative: string, placed: Placed): void {
    this.placed.set(relative, placed);
  }

  /** The target's directories made, and whatever the spare had at the target removed. */
  private prepare(relative: string): string {
    this.ensureDirectory(parentOf(relative));
    const target = this.pathOf(relative);
    if (this.updating) rmSync(target, { recursive: true, force: true });
    return target;
  }

  private ensureDirectory(dir: string): void {
    if (dir === '' || this.made.has(dir)) return;
    if (!this.updating) {
      mkdirSync(this.pathOf(dir), { recursive: true });
    } else {
      this.ensureDirectory(parentOf(dir));
      if (lstatSync(this.pathOf(dir), { throwIfNoEntry: false })?.isDirectory() !== true) {
        rmSync(this.pathOf(dir), { recursive: true, force: true });
        mkdirSync(this.pathOf(dir));
      }
    }
    this.made.add(dir);
  }

  private pathOf(relative: string): string {
    return pathUnder(this.root, relative);
  }
}

/**
 * Writes a new file (`wx`: never through something already there), of bytes, a text or a text in
 * parts, and gives its stats as the open file has them once written: the same identity a later
 * `lstat` sees, without looking up its path again. A failed write names its file: Node gives the
 * path of a failed open, not of a failed write (a full disk).
 */
export function writeNew(file: string, data: Uint8Array | string | Iterable<string>): Stats {
  const parts = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
  try {
    const fd = openSync(file, 'wx');
    try {
      for (const part of parts) writeAll(fd, typeof part === 'string' ? Buffer.from(part) : part, null);
      return fstatSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (cause) {
    const error = cause as NodeJS.ErrnoException;
    error.path ??= file;
    throw error;
  }
}

/**
 * A placed file's record, as a literal of its own: tens of thousands of them share one shape,
 * where a spread (`{ ...held, identity }`) gave each a hidden class of its own, some 250 bytes more.
 */
function placedAs(held: Held, identity: string): Placed {
  return { hash: held.hash, key: held.key, size: held.size, identity };
}

/** A part of an assembled file that no operation placed: a bug of the plan, not a fault. */
function unplaced(part: string): never {
  throw new Error(`${part} is a part of an assembled file, but was not placed`);
}

/** A file of the live tree replaced while the build used it (by hand: builds take the lock): a fault, not a bug. */
function replaced(file: string): never {
  throw Object.assign(new Error(`${file} was replaced while the build used it`), { code: 'ECHANGED', syscall: 'link', path: file });
}
