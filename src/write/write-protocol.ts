/** Messages between the build and its writer thread. */
export interface WorkerSetup {
  /** The staging tree to write into. */
  root: string;
  /** The live output, whose manifest and unchanged files are reused. */
  out: string;
}

/** Several files in one message: their paths, byte lengths, and their bytes end to end. */
export interface Batch {
  paths: string[];
  lengths: number[];
  data: ArrayBuffer;
}

export type ToWorker = { type: 'batch'; batch: Batch } | { type: 'commit' };

export type FromWorker =
  | { type: 'done' }
  | { type: 'committed'; written: number; reused: number; bytes: number }
  | { type: 'failed'; message: string };
