import { resolvePage } from '../page-number.js';
import { CATEGORIES_ROUTE, FILES_ROUTE, MAINTAINERS_ROUTE, PORTS_ROUTE } from '../route-table.js';
import { ERROR_BODIES } from '../site-files.js';
import { NULL_CHARACTERS, readMaintainerFilters, readPortFilters } from './filters.js';
import { pageLinks, type PageLinks } from './links.js';
import { readOrdering } from './ordering.js';
import { lastValue, parseQuery, MAX_FIELDS, type QueryPairs } from './query-string.js';
import type { QueryIndex } from './read-query-index.js';
import { searchKeys } from './search.js';
import { portKept, selectMaintainers, selectPorts } from './select.js';
import { searchTerms } from './terms.js';

/** A route that takes a query, as the engine is asked about it. */
export type QueryRoute =
  | { kind: 'ports' }
  | { kind: 'port'; name: string }
  | { kind: 'maintainers' }
  /** A list with no filters (its pages are files): a query only changes its links; `pages`: how many it has. */
  | { kind: 'relinked'; list: 'files' | 'category'; pages: number };

interface Envelope extends PageLinks {
  count: number;
}

/**
 * What to answer, decided: `static`, the file as without a query; an error and its body; a
 * page of the ports list (catalogue places) or of the maintainer list (its places); a page of a
 * list without filters, its file with these links; the port at a catalogue place.
 */
export type QueryDecision =
  | { kind: 'static' }
  | { kind: 'error'; status: 400 | 404; body: unknown }
  | { kind: 'ports'; envelope: Envelope; ports: number[] }
  | { kind: 'maintainers'; envelope: Envelope; maintainers: number[] }
  | { kind: 'relinked'; list: 'files' | 'category'; page: number; links: PageLinks }
  | { kind: 'port'; port: number };

/** Django refuses such a query before any view (TooManyFieldsSent), with a page of HTML; ours says it in JSON. */
export const TOO_MANY_FIELDS_BODY = { detail: `Too many query parameters: at most ${MAX_FIELDS}.` } as const;

const error = (status: 400 | 404, body: unknown): QueryDecision => ({ kind: 'error', status, body });

/** SPEC section 4b: a query of `page` and `format` alone (or none) is answered by the files. */
function onlyPaging(pairs: QueryPairs): boolean {
  return pairs.every(([key]) => key === 'page' || key === 'format');
}

/** Whether a request with this query is computed, on a route that takes one (SPEC section 4b, "What stays static"). */
export function isComputedQuery(rawQuery: string): boolean {
  const pairs = parseQuery(rawQuery);
  return pairs === 'too-many' || !onlyPaging(pairs);
}

/** A computed result: how many, and those between two places. */
interface Result {
  count: number;
  slice(from: number, to: number): number[];
}

/** DRF's paginator over a computed result: `count` after filtering, an empty result still a page 1. */
function paginate(result: Result, pairs: QueryPairs, listUrl: string, pageSize: number): { envelope: Envelope; page: number[] } | undefined {
  const pages = Math.max(1, Math.ceil(result.count / pageSize));
  const page = resolvePage(lastValue(pairs, 'page'), pages);
  if (page === undefined) return undefined;
  return { envelope: { count: result.count, ...pageLinks(listUrl, pairs, page, pages) }, page: result.slice((page - 1) * pageSize, page * pageSize) };
}

/** The search's terms, or the 400 of a NUL (an array: DRF checks the value outside any serializer). */
function searchOf(pairs: QueryPairs): string[] | QueryDecision {
  const value = lastValue(pairs, 'search') ?? '';
  return value.includes('\0') ? error(400, [NULL_CHARACTERS]) : searchKeys(searchTerms(value));
}

function decidePorts(index: QueryIndex, route: { kind: 'ports' } | { kind: 'port'; name: string }, pairs: QueryPairs): QueryDecision {
  // DRF's filter backends in the view's order: search, ordering, filters; the lookup or the page after.
  const keys = searchOf(pairs);
  if (!Array.isArray(keys)) return keys;
  const order = readOrdering(lastValue(pairs, 'ordering'));
  const read = readPortFilters(pairs, index.categoryNames);
  if (!read.ok) return error(400, read.errors);
  if (route.kind === 'port') {
    const port = index.ports.byLowerName.get(route.name.toLowerCase());
    return port !== undefined && portKept(index, port, read.filters, keys) ? { kind: 'port', port } : error(404, ERROR_BODIES['no-port']);
  }
  const paged = paginate(selectPorts(index, read.filters, keys, order), pairs, `${index.baseUrl}${PORTS_ROUTE.path}`, index.pageSize);
  return paged ? { kind: 'ports', envelope: paged.envelope, ports: paged.page } : error(404, ERROR_BODIES['invalid-page']);
}

function decideMaintainers(index: QueryIndex, pairs: QueryPairs): QueryDecision {
  const keys = searchOf(pairs);
  if (!Array.isArray(keys)) return keys;
  const read = readMaintainerFilters(pairs);
  if (!read.ok) return error(400, read.errors);
  const people = selectMaintainers(index, read.filters, keys);
  const paged = paginate({ count: people.length, slice: (from, to) => people.slice(from, to) }, pairs, `${index.baseUrl}${MAINTAINERS_ROUTE.path}`, index.pageSize);
  return paged ? { kind: 'maintainers', envelope: paged.envelope, maintainers: paged.page } : error(404, ERROR_BODIES['invalid-page']);
}

function decideRelinked(index: QueryIndex, route: { list: 'files' | 'category'; pages: number }, pairs: QueryPairs): QueryDecision {
  const page = resolvePage(lastValue(pairs, 'page'), route.pages);
  if (page === undefined) return error(404, ERROR_BODIES['invalid-page']);
  const path = route.list === 'files' ? FILES_ROUTE.path : CATEGORIES_ROUTE.path;
  return { kind: 'relinked', list: route.list, page, links: pageLinks(`${index.baseUrl}${path}`, pairs, page, route.pages) };
}

/**
 * The answer to a GET (or HEAD) of `route` with `rawQuery` (the request target after its `?`),
 * once the format is known to be JSON: pure, and in time linear in the query and the ports
 * still in the running (see searchPorts). OPTIONS runs no filter and never comes here.
 */
export function decideQuery(index: QueryIndex, route: QueryRoute, rawQuery: string): QueryDecision {
  const pairs = parseQuery(rawQuery);
  if (pairs === 'too-many') return error(400, TOO_MANY_FIELDS_BODY);
  if (onlyPaging(pairs)) return { kind: 'static' };
  if (route.kind === 'maintainers') return decideMaintainers(index, pairs);
  if (route.kind === 'relinked') return decideRelinked(index, route, pairs);
  return decidePorts(index, route, pairs);
}
