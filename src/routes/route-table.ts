import { API_DIR, CATEGORY_DIR, categoryFile, CATEGORY_SEGMENT, FILES_DIR, GITHUB_SEGMENT, MAINTAINER_DIR, maintainerFile, OPENAPI_FILE, PORT_SEGMENT, portFile, PORTS_DIR, type ErrorKind, type ListName } from './site-files.js';

/**
 * The one route table (docs/api.md): which URL serves which file, with which status and headers,
 * each route one record. `answer()` (serve and the Netlify function), the nginx configuration,
 * the Netlify rules and the OpenAPI document iterate over it.
 */
export const API_PREFIX = '/api/';

/**
 * Every response under /api/v1/ carries these, errors and OPTIONS included (docs/api.md). The
 * live service lets every origin read it (django-cors-headers, all origins, no credentials);
 * it names `*` only when a request has an `Origin`, but a static host cannot tell, and `*` asks
 * nothing of a request without one.
 */
export const API_HEADERS = {
  Allow: 'GET, HEAD, OPTIONS',
  'Content-Type': 'application/json',
  Vary: 'Accept',
  'Access-Control-Allow-Origin': '*',
} as const;

/**
 * A CORS preflight (OPTIONS with `Access-Control-Request-Method`) as the live service answers
 * it on any path, before any route: 200 with no body and Django's own type, `Origin` in Vary.
 */
export const PREFLIGHT_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Origin' } as const;

/** What a preflight with an `Origin` gets besides: django-cors-headers' defaults. */
export const PREFLIGHT_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with',
  'Access-Control-Allow-Methods': 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
  'Access-Control-Max-Age': '86400',
} as const;

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** DRF's URL_FORMAT_OVERRIDE values that the live service renders as JSON (seed rule 2). */
export const JSON_FORMATS = ['json', 'api'] as const;

/**
 * The `format` values the API root's links can carry: DRF adds the request's `format` to each
 * link as it was given whenever the query has one, so an empty one (`?format=`) too.
 */
export const ROOT_LINK_FORMATS = [...JSON_FORMATS, ''] as const;

/** DRF's PageNumberPagination.last_page_strings. */
export const LAST_PAGE = 'last';

/** What a route answers with: a list's page, one instance, the API root, or the OpenAPI document. */
type RouteKind = 'list' | 'instance' | 'root' | 'document';

/** An instance route's path parameter: how the router matches it, how the site looks it up. */
interface RouteParam {
  /** Its name in the OpenAPI document. */
  name: 'name' | 'github';
  /** What the live service's router matches (a character class). */
  segment: string;
  /** Whether the OpenAPI document gives the segment as a pattern (a category's is left a plain string). */
  patterned: boolean;
  /** How the OpenAPI document describes it. */
  description: string;
  /** Whether the lookup ignores letter case (the live service looks ports up so). */
  anyCase: boolean;
  /** The file of a name as the site spells it. */
  file: (name: string) => string;
  /** What a name the site does not have gets: the route's `missing` error, or 200 `[]`. */
  unknown: 'missing' | 'empty-list';
}

export interface Route {
  /** The URL path as the live service spells it; `:name` is a path segment. */
  path: string;
  kind: RouteKind;
  /** The list it pages, or whose instance it is. */
  list?: ListName;
  /** The `name` of DRF's OPTIONS metadata for the view, and its `description`. */
  viewName: string;
  description?: string;
  /** The error a missing resource gets. */
  missing: ErrorKind;
  /** An instance route's path parameter. */
  param?: RouteParam;
  /**
   * What a query beyond `page` and `format` does here (SPEC 4b): `filters`, it is computed
   * (search, filters, ordering); `links`, the page is the file's, its links keep the query.
   * Absent: every other parameter is ignored.
   */
  query?: 'filters' | 'links';
  /**
   * What the OpenAPI document says of it: its summary, its body's schema (its id in
   * routes/output-schemas, named so that the hosts load no schema) and what that body is.
   */
  summary: string;
  body?: string;
  bodyDescription?: string;
}

export const ROOT_ROUTE = {
  path: `/${API_DIR}/`,
  kind: 'root',
  viewName: 'Api Root',
  description: 'The default basic root view for DefaultRouter',
  missing: 'not-found',
  summary: 'The links to the lists',
  body: 'ApiRoot',
  bodyDescription: 'The API root; with `format`, every link carries it',
} as const satisfies Route;

const PAGE_OF = 'One page of the list';

export const PORTS_ROUTE = {
  path: `/${PORTS_DIR}/`,
  kind: 'list',
  list: 'ports',
  viewName: 'Port Api List',
  missing: 'invalid-page',
  query: 'filters',
  summary: 'Every port, newest first',
  body: 'PortsPage',
  bodyDescription: PAGE_OF,
} as const satisfies Route;

export const PORT_ROUTE = {
  path: `/${PORTS_DIR}/:name/`,
  kind: 'instance',
  list: 'ports',
  viewName: 'Port Api Instance',
  missing: 'no-port',
  query: 'filters',
  param: { name: 'name', segment: PORT_SEGMENT, patterned: true, description: "the port's name, in any letter case", anyCase: true, file: portFile, unknown: 'missing' },
  summary: 'One port',
  body: 'Port',
  bodyDescription: 'The port',
} as const satisfies Route;

export const FILES_ROUTE = {
  path: `/${FILES_DIR}/`,
  kind: 'list',
  list: 'files',
  viewName: 'Installed Files Api List',
  missing: 'invalid-page',
  query: 'links',
  summary: 'The file lists of the builds',
  body: 'FilesPage',
  bodyDescription: PAGE_OF,
} as const satisfies Route;

export const CATEGORIES_ROUTE = {
  path: `/${CATEGORY_DIR}/`,
  kind: 'list',
  list: 'category',
  viewName: 'Category Api List',
  missing: 'invalid-page',
  query: 'links',
  summary: 'Every category, with its number of ports',
  body: 'CategoriesPage',
  bodyDescription: PAGE_OF,
} as const satisfies Route;

export const CATEGORY_ROUTE = {
  path: `/${CATEGORY_DIR}/:name/`,
  kind: 'instance',
  list: 'category',
  viewName: 'Category Api Instance',
  missing: 'no-category',
  param: { name: 'name', segment: CATEGORY_SEGMENT, patterned: false, description: "the category's name, exactly as the catalogue first spells it", anyCase: false, file: categoryFile, unknown: 'missing' },
  summary: 'One category and its active ports',
  body: 'Category',
  bodyDescription: 'The category',
} as const satisfies Route;

export const MAINTAINERS_ROUTE = {
  path: `/${MAINTAINER_DIR}/`,
  kind: 'list',
  list: 'maintainer',
  viewName: 'Maintainer Api List',
  missing: 'invalid-page',
  query: 'filters',
  summary: 'Every maintainer, with their number of ports',
  body: 'MaintainersPage',
  bodyDescription: PAGE_OF,
} as const satisfies Route;

/** A handle no maintainer has is not missing: the live service answers 200 `[]` (docs/api.md). */
export const MAINTAINER_ROUTE = {
  path: `/${MAINTAINER_DIR}/:name/`,
  kind: 'instance',
  list: 'maintainer',
  viewName: 'Maintainer Api Instance',
  missing: 'not-found',
  param: { name: 'github', segment: GITHUB_SEGMENT, patterned: true, description: 'a GitHub handle, exactly', anyCase: false, file: maintainerFile, unknown: 'empty-list' },
  summary: 'The maintainers with one GitHub handle, and their active ports',
  body: 'Maintainers',
  bodyDescription: 'Every maintainer with the handle: an array, [] for a handle no maintainer has',
} as const satisfies Route;

/**
 * The OpenAPI document (render/openapi.ts): ours, not the live service's (which publishes none),
 * answered with the API's rules and headers like every path under /api/v1/.
 */
export const OPENAPI_ROUTE = {
  path: `/${OPENAPI_FILE}`,
  kind: 'document',
  viewName: 'OpenAPI Document',
  description: 'The OpenAPI 3.1 description of this API',
  missing: 'not-found',
  summary: 'This document',
} as const satisfies Route;

/**
 * Every query parameter SPEC 4b names: those of search, filters and ordering, and those the live
 * service ignores but whose links keep them. A host that matches parameters by name (Netlify's
 * rules) sends a request with any of them to what computes queries.
 */
export const QUERY_PARAMETERS = ['search', 'ordering', 'name', 'categories', 'maintainers__github', 'variants__variant', 'github', 'category', 'variants', 'name__contains', 'limit', 'page_size'] as const;

/** The paged lists, in the order the API root names them after `ports`. */
export const LIST_ROUTES = [PORTS_ROUTE, CATEGORIES_ROUTE, FILES_ROUTE, MAINTAINERS_ROUTE] as const;

/** The instance routes, in the order of their lists. */
export const INSTANCE_ROUTES = [PORT_ROUTE, CATEGORY_ROUTE, MAINTAINER_ROUTE] as const;

/** The lists whose instances have a route. */
export type InstanceList = (typeof INSTANCE_ROUTES)[number]['list'];

/** Every route of the API: the one table `answer()`, the hosts' rules and the OpenAPI document iterate over. */
export const ROUTES: readonly Route[] = [ROOT_ROUTE, ...LIST_ROUTES, ...INSTANCE_ROUTES, OPENAPI_ROUTE];

/** DRF's SimpleMetadata body for OPTIONS on a view (docs/api.md), key order as DRF writes it. */
export function optionsBody(route: Route): { name: string; description: string; renders: string[]; parses: string[] } {
  return {
    name: route.viewName,
    description: route.description ?? '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  };
}

export function methodNotAllowedBody(method: string): { detail: string } {
  return { detail: `Method "${method}" not allowed.` };
}
