import { lstatSync, type Stats } from 'node:fs';
import { parentOf, pathUnder } from './tree-paths.js';

/**
 * The lstat of each file of a tree and of the directory it is in, taken by whichever of two
 * threads is free. The writer checks every file of the spare against its marker (see
 * CheckedTree) while the main thread reads the catalogue; the main thread, done reading and
 * waiting for the plan, takes chunks of the files too, so that the check's system calls run on
 * both cores. Shared memory, not messages: the writer takes none while it checks.
 */
export interface StatsJob {
  root: string;
  /** The files, relative to `root`, in the order the writer checks them. */
  files: string[];
  /** The results, then the claims (see SharedStats). */
  buffer: SharedArrayBuffer;
}

/** What a file's or a directory's lstat tells the check (see CheckedTree.decide). */
export type FileStats = Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs' | 'isFile'>;
export type DirectoryStats = Pick<Stats, 'mtimeMs' | 'isDirectory'>;

/** Files a thread claims at once: few enough that the two threads end together. */
const CHUNK = 256;
/** Per file: its kind and five numbers (see FileStats), then its directory's kind and mtimeMs. */
const SLOTS = 8;
/** A kind: not looked at (the writer looks itself), not there, a plain file or directory, something else. */
const UNSEEN = 0;
const ABSENT = 1;
const PLAIN = 2;
const OTHER = 3;

/** A job for the files of `root`. */
export function statsJob(root: string, files: string[]): StatsJob {
  const chunks = Math.ceil(files.length / CHUNK);
  return { root, files, buffer: new SharedArrayBuffer(8 * SLOTS * files.length + 4 * (1 + chunks)) };
}

/**
 * Claims chunks of the job's files until none is left, and takes their lstat and their
 * directories'. Never throws: a file it cannot look at is left to the writer, which reports it.
 */
export function helpWith(job: StatsJob): void {
  const stats = new SharedStats(job);
  for (let chunk = stats.claim(); chunk >= 0; chunk = stats.claim()) stats.take(chunk);
}

/** The two threads' view of a job. */
export class SharedStats {
  private readonly results: Float64Array;
  /** The next chunk to claim, then, per chunk, 1 once the thread that claimed it has taken it. */
  private readonly claims: Int32Array;
  private readonly chunks: number;

  constructor(readonly job: StatsJob) {
    this.chunks = Math.ceil(job.files.length / CHUNK);
    this.results = new Float64Array(job.buffer, 0, SLOTS * job.files.length);
    this.claims = new Int32Array(job.buffer, 8 * SLOTS * job.files.length, 1 + this.chunks);
  }

  /** A chunk no thread has claimed, now this one's; -1 when none is left. */
  claim(): number {
    const chunk = Atomics.add(this.claims, 0, 1);
    return chunk < this.chunks ? chunk : -1;
  }

  /** The files of `chunk`, by index: from `start` up to `end`. */
  range(chunk: number): { start: number; end: number } {
    return { start: chunk * CHUNK, end: Math.min((chunk + 1) * CHUNK, this.job.files.length) };
  }

  /** Every chunk, in order. */
  all(): number[] {
    return Array.from({ length: this.chunks }, (_, chunk) => chunk);
  }

  /** Takes the lstat of the files of `chunk` (claimed by this thread) and of their directories. */
  take(chunk: number): void {
    const { start, end } = this.range(chunk);
    let dir: string | undefined;
    let dirKind = UNSEEN;
    let dirTime = 0;
    try {
      for (let i = start; i < end; i++) {
        const relative = this.job.files[i]!;
        const parent = parentOf(relative);
        if (parent !== dir) {
          dir = parent;
          const stats = lstatOf(pathUnder(this.job.root, parent));
          dirKind = stats === undefined ? UNSEEN : stats === null ? ABSENT : stats.isDirectory() ? PLAIN : OTHER;
          dirTime = stats?.mtimeMs ?? 0;
        }
        const file = lstatOf(pathUnder(this.job.root, relative));
        const at = SLOTS * i;
        if (file) {
          this.results[at + 1] = file.dev;
          this.results[at + 2] = file.ino;
          this.results[at + 3] = file.size;
          this.results[at + 4] = file.mtimeMs;
          this.results[at + 5] = file.ctimeMs;
        }
        this.results[at + 6] = dirKind;
        this.results[at + 7] = dirTime;
        this.results[at] = file === undefined ? UNSEEN : file === null ? ABSENT : file.isFile() ? PLAIN : OTHER;
      }
    } finally {
      Atomics.store(this.claims, 1 + chunk, 1);
      Atomics.notify(this.claims, 1 + chunk);
    }
  }

  /** Waits until the thread that claimed `chunk` has taken it. */
  await(chunk: number): void {
    while (Atomics.load(this.claims, 1 + chunk) === 0) Atomics.wait(this.claims, 1 + chunk, 0);
  }

  /**
   * File `i` as taken: its stats (null when it is not there), and its directory's (null when
   * not there); undefined for either when it was not looked at (the writer looks itself).
   */
  at(i: number): { file: FileStats | null | undefined; dir: DirectoryStats | null | undefined } {
    const at = SLOTS * i;
    const r = this.results;
    const kind = r[at];
    const file = kind === UNSEEN ? undefined : kind === ABSENT ? null : new TakenFile(kind === PLAIN, r[at + 1]!, r[at + 2]!, r[at + 3]!, r[at + 4]!, r[at + 5]!);
    const dirKind = r[at + 6];
    const dir = dirKind === UNSEEN ? undefined : dirKind === ABSENT ? null : new TakenDirectory(dirKind === PLAIN, r[at + 7]!);
    return { file, dir };
  }
}

/** The lstat of `file`: null when it is not there, undefined when it cannot be looked at. */
function lstatOf(file: string): Stats | null | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return undefined;
  }
}

/** A file as taken: a plain file or something else (a link is not followed: lstat). */
class TakenFile implements FileStats {
  constructor(
    private readonly plain: boolean,
    readonly dev: number,
    readonly ino: number,
    readonly size: number,
    readonly mtimeMs: number,
    readonly ctimeMs: number,
  ) {}

  isFile(): boolean {
    return this.plain;
  }
}

/** A directory as taken: a plain directory or something else. */
class TakenDirectory implements DirectoryStats {
  constructor(
    private readonly plain: boolean,
    readonly mtimeMs: number,
  ) {}

  isDirectory(): boolean {
    return this.plain;
  }
}
