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
    list.places.push(...texts.map(place));
  };
  for (const port of input.ports) {
    ports.names.push(port.name);
    add(ports.categories, port.categories);
    add(ports.handles, handlesOf(port));
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

/** A port's maintainers' handles: one that has none has nothing to be searched or filtered by. */
function handlesOf(port: QueryFacts): string[] {
  return port.maintainers.filter((m) => m.github !== '').map((m) => m.github);
}

/**
 * The query index's key: it follows from the ports' cores (which hold every field it takes, see
 * coreHashOf), the base URL and the page size; undefined when the cores key is not known.
 */
export function queryIndexKey(cores: string | undefined, baseUrl: string, pageSize: number): string | undefined {
  return cores === undefined ? undefined : contentHash(JSON.stringify(['query-index', QUERY_INDEX_VERSION, cores, baseUrl, pageSize]));
}

/**
 * The query index's text: the bytes `toJsonText(queryIndexFile(input))` gives, with each
 * port's name written as text as the port is taken and its lists kept as numbers. Built as one
 * object, the index would hold every name's string and its text until it is written.
 */
export function queryIndexBody(input: QueryIndexInput): string {
  const table = new StringTable();
  const names: string[] = [];
  const lists = { categories: new PlacesText(), handles: new PlacesText(), variants: new PlacesText() };
  for (const port of input.ports) {
    names.push(toJsonText(port.name));
    // In queryIndexFile's order of first use: the strings' places are the same.
    lists.categories.add(port.categories, table);
    lists.handles.add(handlesOf(port), table);
    lists.variants.add(port.variants, table);
  }
  const places = (texts: readonly string[]) => `[${texts.map((text) => table.placeOf(text)).join(',')}]`;
  const categories = places(input.categories);
  const maintainerNames = places(input.maintainers.map((m) => m.name));
  const maintainerHandles = places(input.maintainers.map((m) => m.github));
  const ports = `{"names":[${names.join(',')}],"categories":${lists.categories.text()},"handles":${lists.handles.text()},"variants":${lists.variants.text()}}`;
  const maintainers = `{"names":${maintainerNames},"handles":${maintainerHandles},"portsCounts":[${input.maintainers.map((m) => m.ports_count).join(',')}]}`;
  const head = `{"version":${QUERY_INDEX_VERSION},"baseUrl":${toJsonText(input.baseUrl)},"pageSize":${input.pageSize}`;
  return `${head},"strings":[${table.strings.map((text) => toJsonText(text)).join(',')}],"ports":${ports},"categories":${categories},"maintainers":${maintainers}}`;
}

/** A per-port list as it is written: flat arrays of small whole numbers, which hold no object each. */
class PlacesText {
  private readonly lengths: number[] = [];
  private readonly places: number[] = [];

  add(texts: readonly string[], table: StringTable): void {
    this.lengths.push(texts.length);
    for (const text of texts) this.places.push(table.placeOf(text));
  }

  text(): string {
    return `{"lengths":[${this.lengths.join(',')}],"places":[${this.places.join(',')}]}`;
  }
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
