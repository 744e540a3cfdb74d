import { derivePorts, type PortList } from '../derive/ports.js';
import type { ProblemLog } from '../problems/problem-log.js';
import type { Read } from '../read/read-json-file.js';
import { isPortSyntaxError, readPortIndex, readWholePortIndex } from '../read/read-port-index.js';
import { validatePortIndex, type RecordSink, type ValidatedPorts } from '../validate/validate-portindex.js';
import type { CatalogueFiles } from './build.js';

/**
 * Reads, validates and derives the ports. The parsed document and the records are local to
 * this call, so only the published resources outlive it (peak memory at 40,000 ports).
 */
export async function preparePorts(files: CatalogueFiles, log: ProblemLog, strict: boolean, onRecord?: RecordSink): Promise<PortList | undefined> {
  const validated = await validatePortFile(files, onRecord);
  if (!validated.ok) {
    log.addAll(validated.problems);
    return undefined;
  }
  const { records, problems } = validated.value;
  log.addAll(problems);
  const derived = log.errors === 0 ? derivePorts(records, files.portIndexName) : undefined;
  if (derived) log.addAll(derived.warnings);
  if (strict) log.promoteWarnings();
  return derived ? derived.ports : undefined;
}

/** Port by port when it can; the whole document when a port's text turns out not to be JSON. */
async function validatePortFile(files: CatalogueFiles, onRecord: RecordSink | undefined): Promise<Read<ValidatedPorts>> {
  const streamed = await readPortIndex(files.portIndexPath, files.portIndexName);
  if (!streamed.ok) return streamed;
  try {
    return { ok: true, value: validatePortIndex(streamed.value.document, files.portIndexName, streamed.value.entries, onRecord) };
  } catch (cause) {
    if (!isPortSyntaxError(cause)) throw cause;
  }
  const whole = await readWholePortIndex(files.portIndexPath, files.portIndexName);
  return whole.ok ? { ok: true, value: validatePortIndex(whole.value.document, files.portIndexName, undefined, onRecord) } : whole;
}
