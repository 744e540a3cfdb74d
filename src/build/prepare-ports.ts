import { derivePorts, type PortList } from '../derive/ports.js';
import type { Problem } from '../core/problems/problem.js';
import type { ProblemLog } from '../core/problems/problem-log.js';
import type { Read } from '../catalogue/read-json-file.js';
import { readPortByPort, type PortIndexReads } from '../catalogue/portindex/read-port-by-port.js';
import { readPortIndex, readWholePortIndex, type PortIndexDocument } from '../catalogue/portindex/read-port-index.js';
import type { PortRecord } from '../catalogue/records/port-record.js';
import type { RecordCache } from '../catalogue/records/record-cache.js';
import { validatePortIndex, type ValidatedPorts } from '../catalogue/records/validate-portindex.js';
import type { CatalogueFiles } from './catalogue-files.js';

export interface PreparedPorts {
  list: PortList;
  /** The validated records the list was derived from. */
  records: readonly PortRecord[];
  /** How many of them were taken from `known` (see validatePortIndex). */
  reused: number;
  /** The derivation's warnings (in the log too). */
  warnings: Problem[];
}

/** The document as read already, and its ports' text hashes when they were counted. */
export interface FirstRead {
  read: PortIndexDocument;
  textHashes: string[];
}

/**
 * Reads, validates and derives the ports; a port whose text has a record in `known` is not
 * read again (see record-cache). The parsed ports are local to this call, so only the records
 * the published resources are made from outlive it.
 */
export function preparePorts(files: CatalogueFiles, log: ProblemLog, strict: boolean, known?: RecordCache, first?: FirstRead): PreparedPorts | undefined {
  const validated = validatePortFile(files, known, first);
  if (!validated.ok) {
    log.addAll(validated.problems);
    return undefined;
  }
  const { records, problems, ownOf, reused } = validated.value;
  const failed = problems.some((problem) => problem.severity === 'error');
  const derived = failed ? undefined : derivePorts(records, files.portIndexName, ownOf);
  // Every warning in the order of its port, as a rebuild that recalls them has them (see relink).
  const warnings = !derived ? [] : problems.length === 0 ? derived.warnings : byPort(records, [...problems, ...derived.warnings]);
  log.addAll(derived ? warnings : problems);
  if (strict) log.promoteWarnings();
  return derived && { list: derived.ports, records, reused, warnings };
}

/** Warnings, each port's in their order, in the order of their ports (those of no port first). */
function byPort(records: readonly PortRecord[], warnings: readonly Problem[]): Problem[] {
  if (warnings.length < 2) return [...warnings];
  const at = new Map(records.map((record) => [record.name, record.index]));
  const place = (problem: Problem) => (problem.port === undefined ? -1 : at.get(problem.port) ?? -1);
  return warnings.map((problem, i) => ({ problem, i, place: place(problem) })).sort((a, b) => a.place - b.place || a.i - b.i).map(({ problem }) => problem);
}

/**
 * The document read for the ports to be taken port by port, before they are: undefined when it
 * cannot be (preparePorts then reads it again, and says why).
 */
export function firstRead(files: CatalogueFiles): FirstRead | undefined {
  const read = readPortIndex(files.portIndexPath, files.portIndexName);
  return read.ok && read.value.entries ? { read: read.value, textHashes: [] } : undefined;
}

/** Port by port (see readPortByPort), the first read taken as read already. */
function validatePortFile(files: CatalogueFiles, known: RecordCache | undefined, first: FirstRead | undefined): Read<ValidatedPorts> {
  const { portIndexPath: path, portIndexName: file } = files;
  const reads: PortIndexReads = {
    split: () => (first ? { ok: true, value: counted(first) } : readPortIndex(path, file)),
    whole: () => readWholePortIndex(path, file),
  };
  return readPortByPort(reads, ({ document, entries }) => validatePortIndex(document, file, entries, known));
}

/** The first read, its text hashes taken as counted. */
function counted({ read, textHashes }: FirstRead): PortIndexDocument {
  const { entries } = read;
  if (!entries?.textHash || textHashes.length !== entries.count) return read;
  return { ...read, entries: { ...entries, textHash: (index) => textHashes[index]! } };
}
