import { derivePorts, type PortList, type WholeRecords } from '../derive/ports.js';
import type { ProblemLog } from '../problems/problem-log.js';
import type { Read } from '../read/read-json-file.js';
import { isPortSyntaxError, readPortIndex, readWholePortIndex } from '../read/read-port-index.js';
import { toPortRecord, type PortCore, type PortRecord } from '../validate/port-record.js';
import type { PortSource } from '../validate/port-schema.js';
import { validatePortIndex, type PortEntries, type RecordSink, type ValidatedPorts } from '../validate/validate-portindex.js';
import type { CatalogueFiles } from './build.js';

/**
 * Reads, validates and derives the ports. The parsed ports are local to this call, so only
 * the records the published resources are made from outlive it (peak memory at 40,000 ports).
 *
 * `cores` says that few port files are likely to be rendered (a rebuild whose live tree will
 * most likely have prints to compare with, see ports-phase): each port is then kept as its
 * core alone (see PortCore), with the document's text, and a whole record is made again from
 * the port's text only for a file that is rendered. 40,000 whole records kept through the
 * derivation cost a rebuild some 16 MB of peak RSS and 0.1 s (README, Performance).
 */
export function preparePorts(
  files: CatalogueFiles,
  log: ProblemLog,
  strict: boolean,
  onRecord?: RecordSink,
  cores = false,
): PortList | undefined {
  const validated = validatePortFile(files, onRecord, cores);
  if (!validated.ok) {
    log.addAll(validated.problems);
    return undefined;
  }
  const { records, problems, entries } = validated.value;
  log.addAll(problems);
  const derived =
    log.errors > 0
      ? undefined
      : entries
        ? derivePorts(records, files.portIndexName, new RecordsFromText(records, entries))
        : derivePorts(records as PortRecord[], files.portIndexName);
  if (derived) log.addAll(derived.warnings);
  if (strict) log.promoteWarnings();
  return derived ? derived.ports : undefined;
}

/**
 * Port by port when it can; split again exactly when a port's text is not JSON but its end was
 * guessed from the layout; the whole document when a port's text is not JSON all the same.
 */
function validatePortFile(files: CatalogueFiles, onRecord: RecordSink | undefined, cores: boolean): Read<ValidatedPorts> {
  for (const exact of [false, true]) {
    const streamed = readPortIndex(files.portIndexPath, files.portIndexName, exact);
    if (!streamed.ok) return streamed;
    try {
      return { ok: true, value: validatePortIndex(streamed.value.document, files.portIndexName, streamed.value.entries, onRecord, cores) };
    } catch (cause) {
      if (!isPortSyntaxError(cause)) throw cause;
    }
    if (!streamed.value.byLayout) break;
  }
  const whole = readWholePortIndex(files.portIndexPath, files.portIndexName);
  return whole.ok ? { ok: true, value: validatePortIndex(whole.value.document, files.portIndexName, undefined, onRecord) } : whole;
}

/**
 * Whole records made again from the ports' texts, for the files a rebuild renders. The text is
 * the one validated in this build (kept, not read again), so it makes the same valid port.
 */
class RecordsFromText implements WholeRecords {
  constructor(
    private readonly cores: readonly PortCore[],
    private readonly entries: PortEntries,
  ) {}

  at(index: number): PortRecord {
    const core = this.cores[index]!;
    return toPortRecord(this.entries.take(core.index) as PortSource, core.index, core.sourcePrint, this.entries.escapeFree?.(core.index));
  }
}
