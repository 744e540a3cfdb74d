import { derivePorts, type PortList } from '../derive/ports.js';
import type { ProblemLog } from '../problems/problem-log.js';
import type { Read } from '../read/read-json-file.js';
import { isPortSyntaxError, readPortIndex, readWholePortIndex } from '../read/read-port-index.js';
import type { PortRecord } from '../validate/port-record.js';
import type { RecordCache } from '../validate/record-cache.js';
import { validatePortIndex, type ValidatedPorts } from '../validate/validate-portindex.js';
import type { CatalogueFiles } from './catalogue-files.js';

export interface PreparedPorts {
  list: PortList;
  /** The validated records the list was derived from. */
  records: readonly PortRecord[];
  /** How many of them were taken from `known` (see validatePortIndex). */
  reused: number;
}

/**
 * Reads, validates and derives the ports; a port whose text has a record in `known` is not
 * read again (see record-cache). The parsed ports are local to this call, so only the records
 * the published resources are made from outlive it.
 */
export function preparePorts(files: CatalogueFiles, log: ProblemLog, strict: boolean, known?: RecordCache): PreparedPorts | undefined {
  const validated = validatePortFile(files, known);
  if (!validated.ok) {
    log.addAll(validated.problems);
    return undefined;
  }
  const { records, problems, ownOf, reused } = validated.value;
  log.addAll(problems);
  const derived = log.errors > 0 ? undefined : derivePorts(records, files.portIndexName, ownOf);
  if (derived) log.addAll(derived.warnings);
  if (strict) log.promoteWarnings();
  return derived && { list: derived.ports, records, reused };
}

/**
 * Port by port when it can; split again exactly when a port's text is not JSON but its end was
 * guessed from the layout; the whole document when a port's text is not JSON all the same.
 */
function validatePortFile(files: CatalogueFiles, known: RecordCache | undefined): Read<ValidatedPorts> {
  for (const exact of [false, true]) {
    const streamed = readPortIndex(files.portIndexPath, files.portIndexName, exact);
    if (!streamed.ok) return streamed;
    const { document, entries, byLayout } = streamed.value;
    try {
      return { ok: true, value: validatePortIndex(document, files.portIndexName, entries, known) };
    } catch (cause) {
      if (!isPortSyntaxError(cause)) throw cause;
    }
    if (!byLayout) break;
  }
  const whole = readWholePortIndex(files.portIndexPath, files.portIndexName);
  return whole.ok ? { ok: true, value: validatePortIndex(whole.value.document, files.portIndexName) } : whole;
}
