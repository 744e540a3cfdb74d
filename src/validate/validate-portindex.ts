import { error, type Problem } from '../problems/problem.js';
import { toPortCore, toPortRecord, type PortCore } from './port-record.js';
import { compiledPortSchema, portIndexSchema } from './port-schema.js';
import { below, problemsFromZod } from './zod-problems.js';

export interface ValidatedPorts {
  /** Whole records (PortRecord), or only their cores when `entries` is given. */
  records: PortCore[];
  problems: Problem[];
  /** When only the cores were kept: the ports' texts, to make a whole record from again. */
  entries?: PortEntries;
}

/**
 * The ports of a document, taken one at a time: each is released once it is converted. Entries
 * handed to validatePortIndex keep the ports' texts, so a port can be taken again.
 */
export interface PortEntries {
  count: number;
  take: (index: number) => unknown;
  /** Whether the port's text has no backslash, so that no string in it can be ill-formed. */
  escapeFree?: (index: number) => boolean;
  /** A digest of the port's text (see PortCore.sourcePrint). */
  print?: (index: number) => string;
}

/** Told of each valid record as soon as it is made (the build starts on its directory). */
export type RecordSink = (record: PortCore) => void;

/**
 * Schema per record (all records, all problems), then the catalogue-wide rules. With `cores`,
 * ports taken from `entries` (whose texts are kept, so that a port can be taken again) are kept
 * as their cores only (see PortCore); a document without entries gives whole records.
 */
export function validatePortIndex(document: unknown, file: string, entries?: PortEntries, onRecord?: RecordSink, cores = false): ValidatedPorts {
  const top = portIndexSchema.safeParse(document);
  if (!top.success) return { records: [], problems: problemsFromZod(top.error, document, file, (path) => path || 'document') };
  const kept = cores ? entries : undefined;
  const validated = validatePorts(entries ?? takeFrom(top.data.ports, (document as { ports: unknown[] }).ports), file, onRecord, kept !== undefined);
  return kept ? { ...validated, entries: kept } : validated;
}

/** Entries from a parsed document; each is dropped from both arrays as it is taken. */
function takeFrom(raw: unknown[], source: unknown[]): PortEntries {
  return {
    count: raw.length,
    take: (index) => {
      const entry = raw[index];
      raw[index] = source[index] = undefined;
      return entry;
    },
  };
}

function validatePorts(entries: PortEntries, file: string, onRecord: RecordSink | undefined, cores: boolean): ValidatedPorts {
  const problems: Problem[] = [];
  const records: PortCore[] = [];
  const named: NamedPort[] = [];
  if (entries.count === 0) problems.push(error('no-ports', file, 'ports', 'expected at least one port, found an empty array'));
  for (let index = 0; index < entries.count; index++) {
    const entry = entries.take(index);
    const name = nameOf(entry);
    if (name !== undefined) named.push({ index, name });
    const escapeFree = entries.escapeFree?.(index) ?? false;
    const schema = compiledPortSchema(escapeFree);
    // The schema has no transforms or defaults, so a valid port is its own output: `validate`
    // checks it without making Zod's copy. Only a port that fails is parsed, for its problems.
    if (schema.validate(entry)) {
      const print = entries.print?.(index);
      const record = cores ? toPortCore(entry, index, print) : toPortRecord(entry, index, print, escapeFree);
      records.push(record);
      onRecord?.(record);
    } else {
      const parsed = schema.safeParse(entry);
      problems.push(...problemsFromZod(parsed.error!, entry, file, (path) => below(`ports[${index}]`, path), name));
    }
  }
  // Names are checked for clashes even on ports with other problems, so one run reports both.
  problems.push(...checkUniqueNames(named, file));
  return { records, problems };
}

interface NamedPort {
  index: number;
  name: string;
}

function nameOf(raw: unknown): string | undefined {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * SPEC 1.1: the live service looks ports up case-insensitively, so `Foo` and `foo` would be
 * one URL and one output directory; refuse rather than let one overwrite the other.
 */
export function checkUniqueNames(records: readonly NamedPort[], file: string): Problem[] {
  const firstByKey = new Map<string, NamedPort>();
  const problems: Problem[] = [];
  for (const record of records) {
    const key = record.name.toLowerCase();
    const first = firstByKey.get(key);
    if (!first) {
      firstByKey.set(key, record);
      continue;
    }
    const same = first.name === record.name ? 'the same name' : `a name that differs only in letter case`;
    const problem = error(
      'duplicate-name',
      file,
      `ports[${record.index}].name`,
      `expected a unique port name, found ${JSON.stringify(record.name)}: ${same} as ports[${first.index}] (${JSON.stringify(first.name)})`,
    );
    problem.port = record.name;
    problems.push(problem);
  }
  return problems;
}
