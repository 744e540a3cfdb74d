import type { MaintainerResource } from '../derive/maintainers.js';
import type { PortList, QueryFacts } from '../derive/ports.js';
import { QUERY_INDEX_VERSION, type QueryIndexFile } from '../routes/query/index-format.js';
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
  const ports: QueryIndexFile['ports'] = { names: [], categories: [], handles: [], variants: [] };
  for (const port of input.ports) {
    ports.names.push(port.name);
    ports.categories.push(port.categories.map(place));
    ports.handles.push(port.maintainers.filter((m) => m.github !== '').map((m) => place(m.github)));
    ports.variants.push(port.variants.map(place));
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

/**
 * The query index's text: the bytes `toJsonText(queryIndexFile(input))` gives, each port's
 * lists written as text as the port is taken. Built as one object, the index's many small
 * arrays would all live until it is written, and be promoted with it into the heap's old
 * generation at the build's peak.
 */
export function queryIndexBody(input: QueryIndexInput): string {
  const table = new StringTable();
  const names: string[] = [];
  const lists = { categories: [] as string[], handles: [] as string[], variants: [] as string[] };
  for (const port of input.ports) {
    names.push(toJsonText(port.name));
    // In queryIndexFile's order of first use: the strings' places are the same.
    lists.categories.push(placesText(port.categories, table));
    lists.handles.push(placesText(port.maintainers.filter((m) => m.github !== '').map((m) => m.github), table));
    lists.variants.push(placesText(port.variants, table));
  }
  const categories = placesText(input.categories, table);
  const maintainerNames = placesText(input.maintainers.map((m) => m.name), table);
  const maintainerHandles = placesText(input.maintainers.map((m) => m.github), table);
  const ports = `{"names":[${names.join(',')}],"categories":[${lists.categories.join(',')}],"handles":[${lists.handles.join(',')}],"variants":[${lists.variants.join(',')}]}`;
  const maintainers = `{"names":${maintainerNames},"handles":${maintainerHandles},"portsCounts":[${input.maintainers.map((m) => m.ports_count).join(',')}]}`;
  const head = `{"version":${QUERY_INDEX_VERSION},"baseUrl":${toJsonText(input.baseUrl)},"pageSize":${input.pageSize}`;
  return `${head},"strings":[${table.strings.map((text) => toJsonText(text)).join(',')}],"ports":${ports},"categories":${categories},"maintainers":${maintainers}}`;
}

/** The texts' places in the table, as a JSON array. */
function placesText(texts: readonly string[], table: StringTable): string {
  if (texts.length === 0) return '[]';
  let text = `[${table.placeOf(texts[0]!)}`;
  for (let i = 1; i < texts.length; i++) text += `,${table.placeOf(texts[i]!)}`;
  return `${text}]`;
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
