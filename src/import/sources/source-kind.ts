/**
 * What a kind of source of `ports-gen import` is (ImportSource), and what reading one gives:
 * told apart by content, its entries found on this thread, then checked in ranges on one
 * thread or two (see parallel-check), which name no kind. The kinds are listed in source-kinds.
 */
import type { Problem } from '../../core/problems/problem.js';
import type { IndexPort } from '../../derive/merge-ports.js';

/** An import's source: its keys other than `ports` (portindex2json's `info`), and its ports as JSON texts. */
export interface Source {
  head: Record<string, unknown>;
  ports: IndexPort[];
}

/** A source read: what it holds without problems, and the problems, in the source's order. */
export interface SourceRead extends Source {
  problems: Problem[];
  /**
   * Those of `problems` that concern one entry's description alone (its list, its conversion,
   * its values), not how the source is laid out: `--keep-going` leaves such a port out of the
   * import rather than failing it.
   */
  entryProblems: ReadonlySet<Problem>;
}

/**
 * Where a source's entries are: their bytes, and for each its start and end in them; a native
 * entry also has its name and the line of its `<name> <length>` line (a JSON one has neither).
 * Plain data and shared memory: the second thread is sent them.
 */
export interface EntrySpans {
  body: Buffer;
  names: string[];
  lines: number[];
  starts: number[];
  ends: number[];
}

/** A range of a source's entries checked: plain data, sent from the second thread. */
export interface CheckedEntries {
  /** The entries without problems, in their order. */
  ports: IndexPort[];
  /** The entries' problems, in their order (a native one names the line of its `<name> <length>` line). */
  problems: Problem[];
  /** An entry could not be read on its own (a JSON port's text that is not JSON): the kind's `join` reads the source again. */
  unparsable?: boolean;
}

/** A kind of source. `Found`: what finding its entries gives, and its `join` takes back. */
export interface ImportSource<Found extends EntrySpans = EntrySpans> {
  /** The kind's name, which tells the second thread how to check (see import-worker). */
  kind: string;
  /** Whether the source's bytes are of this kind, told by content. */
  sniff(bytes: Uint8Array): boolean;
  /**
   * Where the entries are in `bytes` (in shared memory when two threads check them), or the
   * source read already another way (its layout's problems, say). Cheap: on this thread.
   */
  find(bytes: Uint8Array, file: string): { entries: Found } | { read: SourceRead };
  /** Entries `from` to `to` (not included) read and checked; pure, on either thread. */
  check(spans: EntrySpans, from: number, to: number, file: string): CheckedEntries;
  /** The checked ranges, in their order, with what finding the entries gave: the source read. */
  join(found: Found, chunks: CheckedEntries[], file: string): SourceRead;
}

/**
 * A source being checked, on a second thread too when it is large (see parallel-check), while
 * this thread does other work: `finish` checks what is left here and gives the result, `stop`
 * ends the checking early (an interrupt; safe to call more than once).
 */
export interface SourceCheck {
  finish(): Promise<SourceRead>;
  stop(): Promise<void>;
}
