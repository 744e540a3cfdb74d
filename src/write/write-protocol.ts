import type { ThreadError } from '../problems/thread-error.js';
import type { FileSurvey } from '../read/file-identity.js';
import type { Totals } from './executor.js';
import type { FilesInfo } from './marker.js';

/** Messages between the build (main thread) and its writer thread. */
export interface WorkerSetup {
  /** The staging tree: the claimed spare when `updating`, else a new, empty tree. */
  staging: string;
  /** The live output, whose unchanged files are linked. */
  out: string;
  updating: boolean;
}

export type ToWorker =
  /** A file to survey (see file-identity), at once: the build waits for its count. */
  | { type: 'survey'; path: string }
  /** Read the live and spare trees' markers and check their files (see trust.ts). */
  | { type: 'load' }
  /** Every file the build wants, with its key (see SiteWriter.plan for the answer). */
  | { type: 'plan'; paths: string[]; keys: Array<string | null>; fingerprint: string; pagesKey: string }
  /** Several files' bytes end to end in `data`, with their paths and lengths. */
  | { type: 'batch'; paths: string[]; lengths: number[]; data: ArrayBuffer }
  | { type: 'finish'; fingerprint: string; filesInfo: FilesInfo | undefined };

export type FromWorker =
  | { type: 'surveyed'; survey: FileSurvey }
  /** `filesInfo`: a previous tree's, when it holds every keyed file, made under the pages key asked for. */
  | { type: 'planned'; filesInfo: FilesInfo | undefined }
  /** A batch is written; its buffer comes back for the next batch. */
  | { type: 'done'; buffer: ArrayBuffer }
  | { type: 'finished'; totals: Totals }
  /** Anything that failed, with what the main thread needs to report it (see ThreadError). */
  | { type: 'failed'; error: ThreadError };
