import type { IndexPort } from '../derive/merge-ports.js';
import type { Problem } from '../problems/problem.js';

/** An import's source: its keys other than `ports` (portindex2json's `info`), and its ports as JSON texts. */
export interface Source {
  head: Record<string, unknown>;
  ports: IndexPort[];
}

/** A source read: what it holds without problems, and the problems, in the source's order. */
export interface SourceRead extends Source {
  problems: Problem[];
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
