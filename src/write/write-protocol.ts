import type { FileSurvey } from '../read/file-identity.js';
import type { FilesInfo } from './manifest.js';
import type { TreeTotals } from './tree-writer.js';

/**
 * What the build compares with the live tree, which only the writer thread reads (its marker
 * is some 4 MB at 40,000 ports): what its pages were made from and whether they are all
 * intact, and the key of its port files' prints.
 */
export interface LiveTree {
  filesInfo: FilesInfo | undefined;
  pagesIntact: boolean;
  printsKey: string;
}

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
  /** Each port file's print (see derive/port-prints), kept in the marker; '' for other files. */
  prints: string[];
  /** Each file's hash for the manifest, when the main thread made them (see SiteWriter.flush). */
  hashes?: string[];
  lengths: number[];
  data: ArrayBuffer;
}

export type ToWorker =
  | { type: 'batch'; batch: Batch }
  /**
   * Files the main thread wrote itself into a new tree, while the writer was behind (see
   * SiteWriter.flush): recorded in the manifest, with their hashes and sizes; no reply.
   */
  | { type: 'written'; paths: string[]; prints: string[]; hashes: string[]; lengths: number[] }
  /** Directories to make ahead of their files; no reply. */
  | { type: 'directories'; paths: string[] }
  /**
   * Files carried over from the live tree without their bytes: unchanged files pages, and port
   * files whose print (`prints`, in the order of `paths`) is the one the live tree's file was
   * made with. Answered with the files not carried (another print, or a live file changed
   * since its build).
   */
  | { type: 'carry'; paths: string[]; prints?: string[] }
  /** A file to survey (see file-identity), at once: its answer comes when done. */
  | { type: 'survey'; id: number; path: string }
  /** What the live tree was made from (see LiveTree): answered once the writer has read it. */
  | { type: 'describe-live' }
  | { type: 'commit'; filesInfo: FilesInfo | undefined; printsKey: string }
  | { type: 'release' };

export type FromWorker =
  /** A batch is written; its buffer comes back for the next batch. */
  | { type: 'done'; buffer?: ArrayBuffer }
  | { type: 'carried'; refused: string[] }
  | { type: 'live'; live: LiveTree | undefined }
  | ({ type: 'committed' } & TreeTotals)
  | { type: 'released' }
  | { type: 'surveyed'; id: number; survey: FileSurvey }
  | { type: 'survey-failed'; id: number; message: string }
  | { type: 'failed'; message: string };
