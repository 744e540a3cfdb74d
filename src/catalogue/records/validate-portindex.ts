import { error, warning, type Location, type Problem } from '../../core/problems/problem.js';
import type { PortEntries } from '../portindex/read-port-index.js';
import { cachedPortRecord, keptOwn, nestedElements, toPortOwn, toPortRecord, type OwnOf, type PortRecord } from './port-record.js';
import { compiledPortSchema, portIndexSchema, type PortSource } from './port-schema.js';
import { MAX_NESTING, tooDeep } from './nesting.js';
import type { RecordCache } from './record-cache.js';
import { below, problemsFromZod } from './zod-problems.js';

export interface ValidatedPorts {
  records: PortRecord[];
  problems: Problem[];
  /** A record's own fields: kept in it, or read again from its text (see PortRecord.own). */
  ownOf: OwnOf;
  /** How many records were taken from the cache of an earlier build, their text not parsed. */
  reused: number;
}

/**
 * Schema per record (all records, all problems), then the catalogue-wide rules. The ports come
 * from `entries` (parsed one at a time, see read-port-index) or from the parsed document. A
 * port whose text hashes to a record of `known` (see record-cache) was validated by an earlier
 * build of the same code: its record is taken as it is, the text not parsed.
 */
export function validatePortIndex(document: unknown, file: string, entries?: PortEntries, known?: RecordCache): ValidatedPorts {
  const top = portIndexSchema.safeParse(document);
  if (!top.success) return { records: [], problems: problemsFromZod(top.error, document, file, (path) => (path ? { path } : {})), ownOf: keptOwn, reused: 0 };
  return validatePorts(entries ?? takeFrom(top.data.ports, (document as { ports: unknown[] }).ports), file, known);
}

/** The problem of a document whose `ports` is empty. */
export function noPorts(file: string): Problem {
  return error('no-ports', file, { path: 'ports' }, 'expected at least one port, found an empty array');
}

/** The problems of a document but its ports' own (its shape; `ports` an array). */
export function portIndexTopProblems(document: unknown, file: string): Problem[] {
  const top = portIndexSchema.safeParse(document);
  return top.success ? [] : problemsFromZod(top.error, document, file, (path) => (path ? { path } : {}));
}

/**
 * One port's problems with the build's schema, each located by `locate` from its JSON path in
 * the port; a port whose values nest deeper than any PortIndex's (which could not be written
 * again) is one too.
 */
export function portProblems(entry: unknown, file: string, locate: (path: string) => Location): Problem[] {
  const deep = tooDeep(entry);
  if (deep !== undefined) {
    const key = deep.split(/[.[]/)[0]!;
    const problem = error('invalid-value', file, locate(key), `expected values nested at most ${MAX_NESTING} levels deep (a PortIndex's nest at most 4), found one nested deeper`);
    const name = nameOf(entry);
    return [name === undefined ? problem : { ...problem, port: name }];
  }
  const schema = compiledPortSchema(false);
  if (schema.validate(entry)) return [];
  return problemsFromZod(schema.safeParse(entry).error!, entry, file, locate, nameOf(entry));
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

function validatePorts(entries: PortEntries, file: string, known: RecordCache | undefined): ValidatedPorts {
  const problems: Problem[] = [];
  const records: PortRecord[] = [];
  const named: NamedPort[] = [];
  const again = entries.again;
  const textHash = entries.textHash;
  let reused = 0;
  if (entries.count === 0) problems.push(noPorts(file));
  for (let index = 0; index < entries.count; index++) {
    const escapeFree = entries.escapeFree?.(index) ?? false;
    const hash = textHash?.(index);
    const core = hash === undefined ? undefined : known?.get(hash);
    if (core) {
      named.push({ index, name: core.name });
      records.push(cachedPortRecord(core, index, escapeFree, hash!));
      reused++;
      continue;
    }
    const entry = entries.take(index);
    const name = nameOf(entry);
    if (name !== undefined) named.push({ index, name });
    const schema = compiledPortSchema(escapeFree);
    // The schema has no transforms or defaults, so a valid port is its own output: `validate`
    // checks it without making Zod's copy. Only a port that fails is parsed, for its problems.
    if (schema.validate(entry)) {
      const record = toPortRecord(entry, index, escapeFree, hash, again === undefined);
      if (record.joinedLists) problems.push(...nestedListWarnings(entry, index, file));
      records.push(record);
    } else {
      const parsed = schema.safeParse(entry);
      problems.push(...problemsFromZod(parsed.error!, entry, file, (path) => ({ path: below(`ports[${index}]`, path) }), name));
    }
  }
  // Names are checked for clashes even on ports with other problems, so one run reports both.
  problems.push(...checkUniqueNames(named, file));
  // The same bytes that were validated: parsed again, they make the same valid port.
  const ownOf: OwnOf = again ? (record) => record.own ?? toPortOwn(again(record.index, record.textHash!) as PortSource) : keptOwn;
  return { records, problems, ownOf, reused };
}

/** docs/catalogue-format.md: an element of a list that is itself a list is read joined, with a warning. */
function nestedListWarnings(source: PortSource, index: number, file: string): Problem[] {
  return nestedElements(source).map(({ path, words }) => ({
    ...warning('nested-list', file, { path: below(`ports[${index}]`, path) }, `expected a string, found a list of ${words.length} (as early PortIndex files have): read as Tcl reads it, ${JSON.stringify(words.join(' '))}`),
    port: source.name,
  }));
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
 * docs/catalogue-format.md: the live service looks ports up case-insensitively, so `Foo` and `foo` would be
 * one URL and one output directory; refuse rather than let one overwrite the other.
 */
function checkUniqueNames(records: readonly NamedPort[], file: string): Problem[] {
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
      { path: `ports[${record.index}].name` },
      `expected a unique port name, found ${JSON.stringify(record.name)}: ${same} as ports[${first.index}] (${JSON.stringify(first.name)})`,
    );
    problem.port = record.name;
    problems.push(problem);
  }
  return problems;
}
