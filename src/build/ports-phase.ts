import type { ProblemLog } from '../core/problems/problem-log.js';
import { coreHashesOf } from '../catalogue/records/record-cache.js';
import type { CatalogueFiles } from './catalogue-files.js';
import { firstRead, preparePorts, type PreparedPorts } from './prepare-ports.js';
import { recalledPorts, type RecalledPorts } from './recall/recalled-ports.js';
import { loadRecords, saveRecords } from './state.js';

/** The ports of a build, as the plan takes them. */
export interface PortsPhase {
  /** Recalled from the last build's snapshot; the document's bytes are let go (see derivedAgain). */
  recalled?: RecalledPorts;
  /** Else read and derived in full; undefined when they have errors. */
  prepared?: PreparedPorts;
  /** Each record's core hash, when they are known (see recordCacheLines). */
  coreHashes?: string[];
  /** Whether the next build's records are written already, or need not be. */
  recordsKept: boolean;
}

interface PortsOptions {
  baseUrl: string;
  pageSize: number;
  strict: boolean;
  pages: boolean;
}

/**
 * A rebuild whose ports kept their cores takes what it derived from the last build's snapshot
 * (see recalled-ports); else the ports are read in full, from the same bytes. A function of its
 * own: the document it reads is not held by the build's frame, whose locals live across its
 * awaits, once the ports are derived.
 */
export function readPorts(out: string, fingerprint: string, files: CatalogueFiles, log: ProblemLog, options: PortsOptions): PortsPhase {
  const first = log.errors === 0 ? firstRead(files) : undefined;
  const recalled = first && recalledPorts(out, fingerprint, first, { file: files.portIndexName, ...options });
  if (recalled) {
    // The document's bytes, freed now rather than at a full collection after the build's peak.
    first.read.entries!.release?.();
    // As preparePorts does: the run's own warnings (a missing builds.ndjson) fail a strict build.
    if (options.strict) log.promoteWarnings();
    return { recalled, recordsKept: true };
  }
  const cached = loadRecords(out, fingerprint);
  const prepared = preparePorts(files, log, options.strict, cached, first);
  first?.read.entries!.release?.();
  if (!prepared) return { recordsKept: true };
  // The next build's records: at once when most lines are copied from the last cache, which
  // then goes; in a first build, while the writer plans (see the build).
  if (prepared.reused === prepared.list.length && cached?.size === prepared.list.length) {
    return { prepared, coreHashes: coreHashesOf(prepared.records, cached), recordsKept: true };
  }
  if (cached) return { prepared, coreHashes: saveRecords(out, fingerprint, prepared.records, cached), recordsKept: true };
  return { prepared, recordsKept: false };
}
