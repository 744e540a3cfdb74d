import type { ThreadError } from '../../core/problems/thread-error.js';
import type { FileSurvey } from '../../catalogue/file-identity.js';
import type { Changes } from '../changes.js';
import type { Totals } from '../executor.js';
import type { SigningKey } from '../../sign/key-files.js';
import type { FilesInfo } from '../trees/marker.js';
import type { PagesOutcome, PagesRequest } from '../files-ahead.js';

/** What the build is to make after its plan (see SiteWriter.plan). */
export interface PlanAnswer {
  /** The files whose bytes are wanted: every other file is in place already. */
  render: string[];
  /** A previous tree's files info, when the files made under the pages key asked for are all in place. */
  filesInfo: FilesInfo | undefined;
}

/** Messages between the build (main thread) and its writer thread. */
export interface WorkerSetup {
  /** The staging tree: the claimed spare when `updating`, else a new, empty tree. */
  staging: string;
  /** The live output, whose unchanged files are linked. */
  out: string;
  updating: boolean;
  /** Each JSON file gets compressed siblings (see precompress). */
  precompress: boolean;
  /** The files to sign, and the secret key to sign them with (see sign/key-files). */
  signing?: { key: SigningKey; files: string[] };
  /**
   * Where the build makes files outside its tree (the files pages made ahead, a streamed
   * assembly): a directory in the trash, made when first used, removed however the build ends.
   */
  scratch: string;
}

export type ToWorker =
  /** The build's trees and options: the first message of every writer thread (see writer-thread). */
  | { type: 'setup'; setup: WorkerSetup }
  /** A file to survey (see file-identity), at once: the build waits for its count. */
  | { type: 'survey'; path: string }
  /**
   * Read the live and spare trees' markers and check their files (see trust.ts), for the code of
   * `fingerprint`, or for the running code when it is not given (see code-fingerprint).
   */
  | { type: 'load'; fingerprint: string | undefined }
  /** Make the files pages ahead once the trees are loaded (see files-ahead): answered by `paged` when done, out of turn. */
  | { type: 'page-files'; request: PagesRequest }
  /** Files the build wants, with their keys, in turn: checked as they come, planned once all are (see SiteWriter.want). */
  | { type: 'want'; paths: string[]; keys: Array<string | undefined> }
  /** A file assembled from wanted files once they are placed (see SiteWriter.assemble). */
  | { type: 'assemble'; path: string; parts: string[]; lengths: string | undefined }
  /** Every file is listed: the answer says what to make (see SiteWriter.plan). */
  | { type: 'plan'; pagesKey: string }
  /**
   * The texts of files as made under their keys, from this build's tree (files placed by the
   * plan) or the live tree (see SiteWriter.readTexts).
   */
  | { type: 'read-texts'; files: Array<[relative: string, key: string]> }
  /** Several files' bytes end to end in `data`, with their paths and lengths. */
  | { type: 'batch'; paths: string[]; lengths: number[]; data: ArrayBuffer }
  | { type: 'finish'; filesInfo: FilesInfo | undefined };

export type FromWorker =
  | { type: 'surveyed'; survey: FileSurvey }
  | { type: 'planned'; answer: PlanAnswer }
  /** Each file's text, or null when no tree holds it as made under its key. */
  | { type: 'texts'; texts: Array<string | null> }
  /** A batch is written; its buffer comes back for the next batch. */
  | { type: 'done'; buffer: ArrayBuffer }
  | { type: 'finished'; totals: Totals & Changes }
  /** The files pages made ahead, or found in place (see files-ahead): sent when done, not in turn with the answers above. */
  | { type: 'paged'; outcome: PagesOutcome }
  /** Anything that failed, with what the main thread needs to report it (see ThreadError). */
  | { type: 'failed'; error: ThreadError };
