import { FILES_DIR, pageFile, portFile, PORTS_DIR, type ErrorKind } from './site-files.js';

/**
 * The one route table (docs/api.md): which URL serves which file, with which status and headers.
 * The writer, the Netlify config and `serve` all read it.
 */
export const API_PREFIX = '/api/';

/** Every response under /api/v1/ carries these, errors and OPTIONS included (docs/api.md). */
export const API_HEADERS = {
  Allow: 'GET, HEAD, OPTIONS',
  'Content-Type': 'application/json',
  Vary: 'Accept',
} as const;

export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** DRF's URL_FORMAT_OVERRIDE values that the live service renders as JSON (seed rule 2). */
export const JSON_FORMATS = ['json', 'api'] as const;

/** DRF's PageNumberPagination.last_page_strings. */
export const LAST_PAGE = 'last';

export interface Route {
  /** The URL path as the live service spells it; `:name` is a path segment. */
  path: string;
  /** The file in the output tree for one resource of this route. */
  file: (key: never) => string;
  /** The `name` of DRF's OPTIONS metadata for the view. */
  viewName: string;
  /** The error a missing resource gets. */
  missing: ErrorKind;
}

export const PORT_ROUTE = {
  path: `/${PORTS_DIR}/:name/`,
  file: portFile,
  viewName: 'Port Api Instance',
  missing: 'no-port',
} as const satisfies Route;

export const FILES_ROUTE = {
  path: `/${FILES_DIR}/`,
  file: pageFile,
  viewName: 'Installed Files Api List',
  missing: 'invalid-page',
} as const satisfies Route;

/** DRF's SimpleMetadata body for OPTIONS on a view (docs/api.md), key order as DRF writes it. */
export function optionsBody(route: Route): { name: string; description: string; renders: string[]; parses: string[] } {
  return {
    name: route.viewName,
    description: '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  };
}

export function methodNotAllowedBody(method: string): { detail: string } {
  return { detail: `Method "${method}" not allowed.` };
}

