import {
  ALLOWED_METHODS,
  API_PREFIX,
  INSTANCE_ROUTES,
  JSON_FORMATS,
  methodNotAllowedBody,
  optionsBody,
  PREFLIGHT_CORS_HEADERS,
  PREFLIGHT_HEADERS,
  ROUTES,
  type InstanceList,
  type Route,
} from './route-table.js';
import { BROWSER_ROUTES, browserHeaders, DATA_ROUTES, dataHeaders, pageHeaders } from './file-routes.js';
import { ERROR_BODIES, listPageFile, NOT_FOUND_PAGE, OPENAPI_FILE, rootFile, type ErrorKind, type ListName } from './site-files.js';
import { decodePath, slashedLocation } from './append-slash.js';
import { pageDecision, type PageIndex } from './page-answer.js';
import { resolvePage } from './page-number.js';
import { decideQuery, isComputedQuery, type QueryDecision } from './query/decide-query.js';
import { queryRouteOf } from './query/query-route.js';
import type { QueryIndex } from './query/read-query-index.js';

/** What a host knows of a built site (serve from its tree, the Netlify function from the index the build publishes). */
export interface SiteIndex {
  /** Each instance route's names as the site spells them, keyed as its lookup compares them (see RouteParam.anyCase). */
  names: Readonly<Record<InstanceList, ReadonlyMap<string, string>>>;
  /** The pages of each list. */
  pages: Readonly<Record<ListName, number>>;
  /** The pages for people, for a site built with them (it has the 404 page); undefined otherwise. */
  sitePages?: PageIndex | undefined;
  /** The query index, where the host computes queries (SPEC 4b); undefined where it cannot. */
  queries?: QueryIndex | undefined;
  /** Why a query cannot be computed here, when `queries` is undefined: the host cannot, or the site has no index. */
  noQueries?: 'no-queries' | 'no-query-index';
}

/** A computed answer whose body the host makes from files of the site (see render/query-body). */
export type ComputedDecision = Extract<QueryDecision, { kind: 'ports' | 'maintainers' | 'relinked' }>;

/** An instance route's names keyed as its lookup compares them. */
export function namesFor(route: Route, names: Iterable<string>): Map<string, string> {
  const anyCase = route.param?.anyCase ?? false;
  const keyed = new Map<string, string>();
  for (const name of names) keyed.set(anyCase ? name.toLowerCase() : name, name);
  return keyed;
}

/** What to answer when a file is missing: a route's error, or (`page`) the 404 page. */
type Miss = ErrorKind | 'page';

export type Answer =
  /**
   * `missing`: what to answer should the file be gone when it is opened (a rebuild);
   * `headers`: the file's own, for the browser's files and the pages (the API's otherwise).
   * A 404 with a file is the 404 page.
   */
  | { status: 200 | 404; file: string; missing: Miss; headers?: Record<string, string> }
  | { status: number; body: unknown }
  /** `headers`: a page's redirect has its own (the API's otherwise). */
  | { status: 301; location: string; headers?: Record<string, string> }
  /** A CORS preflight: no body, these headers alone. */
  | { status: 200; preflight: Record<string, string> }
  /** A query's page (a GET or HEAD): the host reads the files the decision names and makes its body. */
  | { status: 200; computed: ComputedDecision };

/** What a request says of CORS: its `Origin` and `Access-Control-Request-Method` headers. */
interface CorsRequest {
  origin?: string | undefined;
  requestMethod?: string | undefined;
}

/** An instance route's path as a pattern, its `:name` one segment as its router matches it. */
function instancePattern(route: Route): { route: Route; pattern: RegExp } {
  const [before, after] = route.path.split(':name');
  return { route, pattern: new RegExp(`^${before}(${route.param!.segment})${after}$`) };
}

/**
 * A query's answer (SPEC 4b) on a route that takes one, after the format, the method and
 * OPTIONS, before any lookup (a 400 comes before an unknown port's 404); undefined when the
 * query leaves the answer to the files. A host that cannot compute says so: a query is never
 * answered with the unfiltered list.
 */
function computedAnswer(route: Route, name: string | undefined, rawQuery: string, site: SiteIndex): Answer | undefined {
  if (!site.queries) return isComputedQuery(rawQuery) ? { status: 501, body: ERROR_BODIES[site.noQueries ?? 'no-queries'] } : undefined;
  const decision = decideQuery(site.queries, queryRouteOf(route, name, site.pages)!, rawQuery);
  switch (decision.kind) {
    case 'static':
      return undefined;
    case 'error':
      return { status: decision.status, body: decision.body };
    case 'port':
      return { status: 200, file: route.param!.file(site.queries.ports.names[decision.port]!), missing: route.missing };
    default:
      return { status: 200, computed: decision };
  }
}

/** The 404 page; should it be gone when opened, the API's Not found. */
const NOT_FOUND_PAGE_ANSWER: Answer = { status: 404, file: NOT_FOUND_PAGE, missing: 'not-found', headers: pageHeaders(NOT_FOUND_PAGE) };

/** What to answer for a file gone when it is opened (a rebuild without pages, or a link planted in the tree). */
export function missingAnswer(miss: Miss): Answer {
  return miss === 'page' ? NOT_FOUND_PAGE_ANSWER : { status: 404, body: ERROR_BODIES[miss] };
}

/** The instance routes, their segments matched as the live service's router matches them. */
const INSTANCES = INSTANCE_ROUTES.map(instancePattern);

const FIXED: ReadonlyMap<string, Route> = new Map(ROUTES.filter((route) => route.kind !== 'instance').map((route) => [route.path, route]));

function matchRoute(path: string): { route: Route; name?: string } | undefined {
  const fixed = FIXED.get(path);
  if (fixed) return { route: fixed };
  for (const { route, pattern } of INSTANCES) {
    const match = pattern.exec(path);
    if (match) return { route, name: match[1]! };
  }
  return undefined;
}

/** Django's QueryDict.get: the last value of a repeated key. */
function lastValue(query: URLSearchParams, key: string): string | undefined {
  return query.getAll(key).at(-1);
}

/**
 * docs/api.md as one pure decision, in the order Django and DRF take them: URL resolution (with
 * APPEND_SLASH), content negotiation (`format`), the method, then the lookup. The request's
 * path is only ever compared with the index, never joined to a file-system path.
 */
export function answer(method: string, rawTarget: string, site: SiteIndex, cors: CorsRequest = {}): Answer {
  // django-cors-headers comes first among the live service's middleware: before any route.
  if (method === 'OPTIONS' && cors.requestMethod !== undefined) {
    return { status: 200, preflight: cors.origin !== undefined ? { ...PREFLIGHT_HEADERS, ...PREFLIGHT_CORS_HEADERS } : { ...PREFLIGHT_HEADERS } };
  }
  const queryAt = rawTarget.indexOf('?');
  const rawPath = queryAt === -1 ? rawTarget : rawTarget.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : rawTarget.slice(queryAt + 1);
  const path = decodePath(rawPath);
  // Outside /api/, a site with pages answers what it does not know with its 404 page.
  const pages = site.sitePages && !(path ?? rawPath).startsWith(API_PREFIX) ? site.sitePages : undefined;
  if (path === undefined || path.includes('\0')) return pages ? NOT_FOUND_PAGE_ANSWER : { status: 404, body: ERROR_BODIES['not-found'] };

  const missing: Miss = pages ? 'page' : 'not-found';
  const browser = BROWSER_ROUTES.find((route) => route.path === path);
  if (browser && (method === 'GET' || method === 'HEAD')) return { status: 200, file: browser.file, missing, headers: browserHeaders(browser.contentType) };
  const data = DATA_ROUTES.find((route) => route.path === path);
  if (data && (method === 'GET' || method === 'HEAD')) return { status: 200, file: data.file, missing, headers: dataHeaders(data.contentType) };
  if (pages) {
    const page = pageDecision(method, path, pages);
    if (page.status === 301) return { status: 301, location: slashedLocation(path, rawQuery), headers: pageHeaders(page.file) };
    return page.status === 200 ? { status: 200, file: page.file, missing, headers: pageHeaders(page.file) } : NOT_FOUND_PAGE_ANSWER;
  }

  const match = matchRoute(path);
  if (!match) {
    if (!path.endsWith('/') && matchRoute(`${path}/`)) {
      return { status: 301, location: slashedLocation(path, rawQuery) };
    }
    return { status: 404, body: ERROR_BODIES['not-found'] };
  }

  const query = new URLSearchParams(rawQuery);
  const format = lastValue(query, 'format');
  if (format && !(JSON_FORMATS as readonly string[]).includes(format)) return { status: 404, body: ERROR_BODIES['not-found'] };

  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) return { status: 405, body: methodNotAllowedBody(method) };
  if (method === 'OPTIONS') return { status: 200, body: optionsBody(match.route) };

  const { route, name } = match;
  const computed = route.query && computedAnswer(route, name, rawQuery, site);
  if (computed) return computed;
  const found = (file: string): Answer => ({ status: 200, file, missing: route.missing });
  const miss = (): Answer => ({ status: 404, body: ERROR_BODIES[route.missing] });
  if (route.kind === 'root') return found(rootFile(format));
  if (route.kind === 'document') return found(OPENAPI_FILE);
  if (route.kind === 'instance') {
    const param = route.param!;
    const spelled = site.names[route.list as InstanceList].get(param.anyCase ? name!.toLowerCase() : name!);
    if (spelled !== undefined) return found(param.file(spelled));
    return param.unknown === 'empty-list' ? { status: 200, body: [] } : miss();
  }
  const list = route.list!;
  const page = resolvePage(lastValue(query, 'page'), site.pages[list]);
  return page === undefined ? miss() : found(listPageFile(list, page));
}
