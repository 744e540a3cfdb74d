import { compareCodePoints } from '../python-text.js';
import { foldCase } from './fold-case.js';
import { QUERY_INDEX_VERSION, type QueryIndexFile } from './index-format.js';

/** Per port, places in the strings: port i's are `refs[starts[i]]` up to `refs[starts[i + 1]]`. */
export interface RefLists {
  starts: Int32Array;
  refs: Int32Array;
}

/** The query index as the engine reads it: every string folded once (see foldCase), lookups made. */
export interface QueryIndex {
  baseUrl: string;
  pageSize: number;
  strings: readonly string[];
  foldedStrings: readonly string[];
  stringIds: ReadonlyMap<string, number>;
  ports: {
    names: readonly string[];
    foldedNames: readonly string[];
    /** By lower case (the port route; the `name` filter, with the name compared). */
    byLowerName: ReadonlyMap<string, number>;
    /** Catalogue places in name order (code points). */
    nameOrder: Int32Array;
    categories: RefLists;
    handles: RefLists;
    variants: RefLists;
    /** All three together, port by port: what the search's first pass looks through (see searchPorts). */
    searched: RefLists;
  };
  categoryNames: ReadonlySet<string>;
  maintainers: {
    names: readonly string[];
    handles: readonly string[];
    foldedNames: readonly string[];
    foldedHandles: readonly string[];
    portsCounts: readonly number[];
  };
}

type QueryIndexRead = { ok: true; index: QueryIndex } | { ok: false; where: string; message: string };

class Invalid extends Error {
  constructor(
    readonly where: string,
    readonly reason: string,
  ) {
    super(`${where}: ${reason}`);
  }
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Invalid(where, 'not an object');
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string, length?: number): unknown[] {
  if (!Array.isArray(value)) throw new Invalid(where, 'not an array');
  if (length !== undefined && value.length !== length) throw new Invalid(where, `has ${value.length} entries, not ${length}`);
  return value;
}

function strings(value: unknown, where: string): string[] {
  const items = list(value, where);
  items.forEach((item, i) => {
    if (typeof item !== 'string') throw new Invalid(`${where}[${i}]`, 'not a string');
  });
  return items as string[];
}

/** Whole numbers from 0 up to (not including) `limit`. */
function counts(value: unknown, where: string, limit: number, length?: number): number[] {
  const items = list(value, where, length);
  items.forEach((item, i) => {
    if (!Number.isInteger(item) || (item as number) < 0 || (item as number) >= limit) throw new Invalid(`${where}[${i}]`, `not a whole number below ${limit}`);
  });
  return items as number[];
}

/** A per-port list of the file (its lengths and places), the places checked to be in the strings. */
function refLists(value: unknown, where: string, ports: number, strings: number): RefLists {
  const file = record(value, where);
  const lengths = counts(file.lengths, `${where}.lengths`, 2 ** 31, ports);
  const starts = new Int32Array(ports + 1);
  let total = 0;
  for (let i = 0; i < ports; i++) starts[i + 1] = total += lengths[i]!;
  return { starts, refs: Int32Array.from(counts(file.places, `${where}.places`, strings, total)) };
}

/** Catalogue places in name order: by code point, which `<` is when no name has a surrogate. */
function nameOrder(names: readonly string[]): Int32Array {
  const places = Array.from(names.keys());
  const surrogates = names.some((name) => /[\ud800-\udfff]/.test(name));
  const byUnits = (a: number, b: number) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0);
  return Int32Array.from(places.sort(surrogates ? (a, b) => compareCodePoints(names[a]!, names[b]!) : byUnits));
}

/** Each port's refs of every list, one list after the other. */
function joined(lists: readonly RefLists[], ports: number): RefLists {
  const starts = new Int32Array(ports + 1);
  const refs = new Int32Array(lists.reduce((sum, { refs }) => sum + refs.length, 0));
  let at = 0;
  for (let port = 0; port < ports; port++) {
    for (const list of lists) for (let k = list.starts[port]!; k < list.starts[port + 1]!; k++) refs[at++] = list.refs[k]!;
    starts[port + 1] = at;
  }
  return { starts, refs };
}

function read(file: Record<string, unknown>): QueryIndex {
  if (file.version !== QUERY_INDEX_VERSION) throw new Invalid('version', `not ${QUERY_INDEX_VERSION}`);
  if (typeof file.baseUrl !== 'string') throw new Invalid('baseUrl', 'not a string');
  const pageSize = counts([file.pageSize], 'pageSize', 2 ** 31)[0]!;
  if (pageSize === 0) throw new Invalid('pageSize', 'not a whole number above 0');
  const table = strings(file.strings, 'strings');
  const ports = record(file.ports, 'ports');
  const names = strings(ports.names, 'ports.names');
  const byLowerName = new Map<string, number>();
  for (let i = 0; i < names.length; i++) byLowerName.set(names[i]!.toLowerCase(), i);
  if (byLowerName.size !== names.length) throw new Invalid('ports.names', 'two ports have one name in some letter case');
  const maintainers = record(file.maintainers, 'maintainers');
  const people = counts(maintainers.names, 'maintainers.names', table.length).length;
  const foldedStrings = table.map(foldCase);
  const pick = (field: string) => counts(maintainers[field], `maintainers.${field}`, table.length, people);
  const [personNames, personHandles] = [pick('names'), pick('handles')];
  const lists = (field: string) => refLists(ports[field], `ports.${field}`, names.length, table.length);
  const [categories, handles, variants] = [lists('categories'), lists('handles'), lists('variants')];
  return {
    baseUrl: file.baseUrl,
    pageSize,
    strings: table,
    foldedStrings,
    stringIds: new Map(table.map((text, i) => [text, i])),
    ports: {
      names,
      foldedNames: names.map(foldCase),
      byLowerName,
      nameOrder: nameOrder(names),
      categories,
      handles,
      variants,
      searched: joined([handles, variants, categories], names.length),
    },
    categoryNames: new Set(counts(file.categories, 'categories', table.length).map((id) => table[id]!)),
    maintainers: {
      names: personNames.map((id) => table[id]!),
      handles: personHandles.map((id) => table[id]!),
      foldedNames: personNames.map((id) => foldedStrings[id]!),
      foldedHandles: personHandles.map((id) => foldedStrings[id]!),
      portsCounts: counts(maintainers.portsCounts, 'maintainers.portsCounts', 2 ** 31, people),
    },
  };
}

/** The index in `text` (the file's), checked whole: a site's index that does not read is never half used. */
export function readQueryIndex(text: string): QueryIndexRead {
  try {
    return { ok: true, index: read(record(JSON.parse(text), '(the index)')) };
  } catch (cause) {
    if (cause instanceof Invalid) return { ok: false, where: cause.where, message: cause.reason };
    if (cause instanceof SyntaxError) return { ok: false, where: '(the index)', message: `not JSON: ${cause.message}` };
    throw cause;
  }
}

/** The index made in memory from its file's value (tests, and a build that has it at hand). */
export function queryIndexOf(file: QueryIndexFile): QueryIndex {
  return read(file as unknown as Record<string, unknown>);
}
