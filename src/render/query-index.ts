import type { MaintainerResource } from '../derive/maintainers.js';
import type { PortList, QueryFacts } from '../derive/ports.js';
import { QUERY_INDEX_VERSION, type PlaceLists, type QueryIndexFile } from '../routes/query/index-format.js';
import { contentHash } from '../core/content-hash.js';
import { toJsonText } from './json-text.js';
import type { ListingFiles } from './listing-files.js';


interface QueryIndexInput {
  baseUrl: string;
  pageSize: number;
  /** Every port, in catalogue order. */
  ports: Iterable<QueryFacts>;
  /** The category list's names, in its order. */
  categories: readonly string[];
  /** The maintainer list, in its order. */
  maintainers: readonly MaintainerResource[];
}

/** Each text's place in `strings`, a new one appended (first seen, first placed: the same site gives the same bytes). */
class StringTable {
  readonly strings: string[] = [];
  private readonly places = new Map<string, number>();

  placeOf(text: string): number {
    let place = this.places.get(text);
    if (place === undefined) this.places.set(text, (place = this.strings.push(text) - 1));
    return place;
  }
}

/**
 * The query index of a site (routes/query/index-format.ts): per port its name, categories,
 * maintainers' handles (a maintainer without one has nothing to be searched or filtered by)
 * and variants; the category list's names; the maintainer list's names, handles and counts.
 */
export function queryIndexFile(input: QueryIndexInput): QueryIndexFile {
  const table = new StringTable();
  const place = (text: string) => table.placeOf(text);
  const lists = (): PlaceLists => ({ lengths: [], places: [] });
  const ports: QueryIndexFile['ports'] = { names: [], categories: lists(), handles: lists(), variants: lists() };
  const add = (list: PlaceLists, texts: readonly string[]) => {
    list.lengths.push(texts.length);
    for (const text of texts) list.places.push(place(text));
  };
  for (const port of input.ports) {
    ports.names.push(port.name);
    add(ports.categories, port.categories);
    add(ports.handles, port.maintainers.filter((m) => m.github !== '').map((m) => m.github));
    add(ports.variants, port.variants);
  }
  return {
    version: QUERY_INDEX_VERSION,
    baseUrl: input.baseUrl,
    pageSize: input.pageSize,
    strings: table.strings,
    ports,
    categories: input.categories.map(place),
    maintainers: {
      names: input.maintainers.map((m) => place(m.name)),
      handles: input.maintainers.map((m) => place(m.github)),
      portsCounts: input.maintainers.map((m) => m.ports_count),
    },
  };
}

/**
 * The query index's key: it follows from the ports' cores (which hold every field it takes, see
 * coreHashOf), the base URL and the page size; undefined when the cores key is not known.
 */
export function queryIndexKey(cores: string | undefined, baseUrl: string, pageSize: number): string | undefined {
  return cores === undefined ? undefined : contentHash(JSON.stringify(['query-index', QUERY_INDEX_VERSION, cores, baseUrl, pageSize]));
}

/** The query index's text: its lists are flat arrays of numbers, so the index as one object holds little of its own. */
export function queryIndexBody(input: QueryIndexInput): string {
  return toJsonText(queryIndexFile(input));
}

/** The input from derived ports: what each port's record and the listings already hold, no port's text read again. */
export function queryIndexInput(list: PortList, listed: ListingFiles['listed'], baseUrl: string, pageSize: number): QueryIndexInput {
  function* ports(): Iterable<QueryFacts> {
    for (let i = 0; i < list.length; i++) yield list.queryFactsAt(i);
  }
  return {
    baseUrl,
    pageSize,
    ports: ports(),
    categories: listed.categories,
    maintainers: listed.maintainers,
  };
}
