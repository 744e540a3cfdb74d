import type { IndexPort } from '../../derive/merge-ports.js';
import type { Problem } from '../../core/problems/problem.js';

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

/** A range of a source's entries checked (see native-entries, json-entries). */
export interface CheckedEntries {
  /** The entries without problems, in their order. */
  ports: IndexPort[];
  /** The entries' problems, in their order (a native one names the line of its `<name> <length>` line). */
  problems: Problem[];
  /** A JSON port's text was not JSON: the document is read again (see json-source). */
  unparsable?: boolean;
}

/**
 * A source being checked, on a second thread too when it is large (see shared-check), while
 * this thread does other work: `finish` checks what is left here and gives the result, `stop`
 * ends the checking early (an interrupt; safe to call more than once).
 */
export interface SourceCheck {
  finish(): Promise<SourceRead>;
  stop(): Promise<void>;
}
