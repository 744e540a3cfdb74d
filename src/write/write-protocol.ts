import type { FilesInfo } from './manifest.js';
import type { TreeTotals } from './tree-writer.js';

/** Messages between the build and its writer thread. */
export interface WorkerSetup {
  /** The tree to write into: a new staging tree, or the claimed spare when `updating`. */
  root: string;
  /** The live output, whose manifest and unchanged files are reused. */
  out: string;
  updating: boolean;
}

/** Several files in one message: their paths, byte lengths, and their bytes end to end. */
export interface Batch {
  paths: string[];
  lengths: number[];
  data: ArrayBuffer;
}

export type ToWorker =
  | { type: 'batch'; batch: Batch }
  /** Directories to make ahead of their files; no reply. */
  | { type: 'directories'; paths: string[] }
  /** Files carried over from the live tree without their bytes (unchanged files pages). */
  | { type: 'carry'; paths: string[] }
  /** A file to digest (see file-identity) between the writes: its answer comes when done. */
  | { type: 'digest'; id: number; path: string }
  | { type: 'commit'; filesInfo: FilesInfo | undefined }
  | { type: 'release' };

export type FromWorker =
  /** A batch is written; its buffer comes back for the next batch. */
  | { type: 'done'; buffer?: ArrayBuffer }
  | ({ type: 'committed' } & TreeTotals)
  | { type: 'released' }
  | { type: 'digested'; id: number; digest: string }
  | { type: 'digest-failed'; id: number; message: string }
  | { type: 'failed'; message: string };
