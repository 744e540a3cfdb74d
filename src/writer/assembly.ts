/**
 * A file assembled from other files of the tree, end to end as a JSON array: `[`, the parts'
 * bytes with a comma between, `]` (the bulk dump of every port, see routes/site-files). Written
 * as a stream, a buffer at a time, so that its tens of megabytes are never in memory at once.
 *
 * Each assembled file leaves its *index* in the state directory, `assembly-<its hash>.json`: the
 * parts it was made of, each with its hash and where its bytes are. The next assembly of the same
 * parts takes every run of unchanged parts (same place, same path, same hash) from the previous
 * file in one read, instead of opening each part: a one-port rebuild copies the dump's bytes
 * around the one part that changed.
 */
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { contentDigest } from '../core/content-hash.js';
import { writeAll } from '../core/fs.js';
import { pathUnder } from './trees/tree-paths.js';
import { readSameFile, type Checked } from './trees/trust.js';

/** What an assembled file was made of: its parts in order, each part's hash, and each part's start and length in it. */
interface AssemblyIndex {
  parts: string[];
  hashes: string[];
  starts: number[];
  lengths: number[];
}

/** A part of the new file: where its bytes are now, and their hash. */
export interface AssemblyPart {
  path: string;
  hash: string;
}

/** The previous file of the same path, as checked in the live tree: its runs of unchanged parts are copied. */
interface PreviousAssembly {
  file: string;
  checked: Checked;
}

const CHUNK = 1 << 20;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function indexName(hash: string): string {
  return `assembly-${hash}.json`;
}

/**
 * Writes the assembly of `parts` (files of the tree at `root`) into the new file `target` (see
 * writeNew: never through what is there), taking what it can from `previous`; leaves its index in
 * `state`. Gives the file's stats as written and its content hash.
 */
export function writeAssembly(target: string, root: string, parts: readonly AssemblyPart[], state: string, previous?: PreviousAssembly): { stats: Stats; hash: string } {
  const old = previous && readIndex(state, previous.checked.hash);
  const oldPlaces = old && new Map(old.parts.map((part, j) => [part, j]));
  const fd = openSync(target, 'wx');
  try {
    const out = new AssemblyWriter(fd);
    const index: AssemblyIndex = { parts: [], hashes: [], starts: [], lengths: [] };
    /** Parts of the previous file to be copied in one read: its bytes `from`-`to`, its parts up to `last`, placed from `at`. */
    let run: { from: number; to: number; last: number; at: number } | undefined;
    const copyRun = () => {
      if (run) copyRange(previous!, run.from, run.to, out);
      run = undefined;
    };
    out.write(OPEN);
    parts.forEach((part, i) => {
      const j = oldPlaces?.get(part.path);
      const reused = j !== undefined && old!.hashes[j] === part.hash ? j : undefined;
      if (reused !== undefined && run?.last === reused - 1) {
        // The next part of the previous file: the run takes it with the comma before it.
        run.to = old!.starts[reused]! + old!.lengths[reused]!;
        run.last = reused;
        index.starts.push(run.at + old!.starts[reused]! - run.from);
      } else {
        copyRun();
        if (i > 0) out.write(COMMA);
        index.starts.push(out.offset);
        if (reused !== undefined) run = { from: old!.starts[reused]!, to: old!.starts[reused]! + old!.lengths[reused]!, last: reused, at: out.offset };
        else out.write(readFileSync(pathUnder(root, part.path)));
      }
      index.parts.push(part.path);
      index.hashes.push(part.hash);
      index.lengths.push(reused !== undefined ? old!.lengths[reused]! : out.offset - index.starts[i]!);
    });
    copyRun();
    out.write(CLOSE);
    out.flush();
    const hash = out.digest.digest();
    const stats = fstatSync(fd);
    keepOnlyIndex(state, hash, index);
    return { stats, hash };
  } catch (cause) {
    const error = cause as NodeJS.ErrnoException;
    error.path ??= target;
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * An assembly written as its parts are placed, when they come in its order (the first build of
 * a tree writes the port files so, see build/write-ports): then no part is read back. It
 * lives in `temporary` until `finish` renames it into place; a part that comes out of turn, or
 * not as a write, drops it, and the assembly is written from the parts after all.
 */
export class AssemblyStream {
  private readonly members: ReadonlySet<string>;
  private next = 0;
  private readonly fd: number;
  private readonly out: AssemblyWriter;
  private readonly index: AssemblyIndex = { parts: [], hashes: [], starts: [], lengths: [] };
  private dropped = false;

  constructor(
    readonly parts: readonly string[],
    private readonly temporary: string,
  ) {
    this.members = new Set(parts);
    this.fd = openSync(temporary, 'wx');
    this.out = new AssemblyWriter(this.fd);
    this.out.write(OPEN);
  }

  /** A file placed with new `bytes`: taken when it is the next part. */
  written(relative: string, bytes: Uint8Array, hash: string): void {
    if (this.dropped || !this.members.has(relative)) return;
    if (this.parts[this.next] !== relative) return this.drop();
    if (this.next > 0) this.out.write(COMMA);
    this.index.parts.push(relative);
    this.index.hashes.push(hash);
    this.index.starts.push(this.out.offset);
    this.index.lengths.push(bytes.length);
    this.out.write(bytes);
    this.next++;
  }

  /** A file placed otherwise (kept, linked): a part of it breaks the order. */
  placed(relative: string): void {
    if (!this.dropped && this.members.has(relative)) this.drop();
  }

  /** Whether every part came, in order, with these hashes. */
  complete(hashes: readonly string[]): boolean {
    return !this.dropped && this.next === this.parts.length && this.index.hashes.every((hash, i) => hash === hashes[i]);
  }

  /** The assembly, closed and renamed to `target`; its index left in `state`. */
  finish(target: string, state: string): { stats: Stats; hash: string } {
    this.out.write(CLOSE);
    this.out.flush();
    const hash = this.out.digest.digest();
    const stats = fstatSync(this.fd);
    closeSync(this.fd);
    renameSync(this.temporary, target);
    keepOnlyIndex(state, hash, this.index);
    return { stats, hash };
  }

  drop(): void {
    if (this.dropped) return;
    this.dropped = true;
    closeSync(this.fd);
    rmSync(this.temporary, { force: true });
  }
}

/** Bytes written a megabyte at a time, hashed as they go. */
class AssemblyWriter {
  readonly digest = contentDigest();
  offset = 0;
  private readonly buffer = Buffer.allocUnsafe(CHUNK);
  private filled = 0;

  constructor(private readonly fd: number) {}

  write(bytes: Uint8Array): void {
    if (this.filled + bytes.length > CHUNK) this.flush();
    if (bytes.length >= CHUNK) {
      this.put(bytes);
    } else {
      this.buffer.set(bytes, this.filled);
      this.filled += bytes.length;
    }
    this.offset += bytes.length;
  }

  flush(): void {
    this.put(this.buffer.subarray(0, this.filled));
    this.filled = 0;
  }

  private put(bytes: Uint8Array): void {
    this.digest.update(bytes);
    writeAll(this.fd, bytes, null);
  }
}

/** Copies bytes `from`-`to` of the previous file, read as it was checked (see readSameFile). */
function copyRange(previous: PreviousAssembly, from: number, to: number, out: AssemblyWriter): void {
  const copied = readSameFile(previous.file, previous.checked, (fd, size) => {
    if (to > size) return false;
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, to - from));
    for (let at = from; at < to; ) {
      const read = readSync(fd, chunk, 0, Math.min(chunk.length, to - at), at);
      if (read === 0) return false;
      out.write(chunk.subarray(0, read));
      at += read;
    }
    return true;
  });
  if (copied !== true) throw Object.assign(new Error(`${previous.file} was replaced while the build used it`), { code: 'ECHANGED', syscall: 'read', path: previous.file });
}

/** The index of the assembled file whose hash is `hash`, when the state directory has a whole one. */
function readIndex(state: string, hash: string): AssemblyIndex | undefined {
  try {
    const index = JSON.parse(readFileSync(path.join(state, indexName(hash)), 'utf8')) as AssemblyIndex;
    const { parts, hashes, starts, lengths } = index;
    const whole = [parts, hashes, starts, lengths].every((list) => Array.isArray(list) && list.length === parts.length);
    return whole ? index : undefined;
  } catch {
    return undefined; // none, or not whole: every part is read from its file
  }
}

/** Writes the new file's index and removes every other (the previous file's is used once). */
function keepOnlyIndex(state: string, hash: string, index: AssemblyIndex): void {
  const name = indexName(hash);
  for (const entry of readdirSync(state)) if (entry.startsWith('assembly-') && entry !== name) rmSync(path.join(state, entry), { force: true });
  writeFileSync(path.join(state, name), JSON.stringify(index));
}
