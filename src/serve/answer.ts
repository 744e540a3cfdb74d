import { ALLOWED_METHODS, FILES_ROUTE, JSON_FORMATS, methodNotAllowedBody, optionsBody, PORT_ROUTE, type Route } from '../routes/route-table.js';
import { ERROR_BODIES, pageFile, portFile } from '../routes/site-files.js';
import { resolvePage } from './page-number.js';

/** What `serve` knows of a built site: port names by lower case, and the number of pages. */
export interface SiteIndex {
  ports: ReadonlyMap<string, string>;
  pages: number;
}

export type Answer =
  | { status: 200; file: string }
  | { status: number; body: unknown }
  | { status: 301; location: string };

const PORT_PATH = /^\/api\/v1\/ports\/([^/]+)\/$/;

function matchRoute(path: string): { route: Route; name?: string } | undefined {
  if (path === FILES_ROUTE.path) return { route: FILES_ROUTE };
  const port = PORT_PATH.exec(path);
  if (port) return { route: PORT_ROUTE, name: port[1]! };
  return undefined;
}

function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
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
export function answer(method: string, rawTarget: string, site: SiteIndex): Answer {
  const queryAt = rawTarget.indexOf('?');
  const rawPath = queryAt === -1 ? rawTarget : rawTarget.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : rawTarget.slice(queryAt + 1);
  const path = decodePath(rawPath);
  if (path === undefined || path.includes('\0')) return { status: 404, body: ERROR_BODIES['not-found'] };

  const match = matchRoute(path);
  if (!match) {
    if (!path.endsWith('/') && matchRoute(`${path}/`)) {
      return { status: 301, location: `${rawPath}/${rawQuery ? `?${rawQuery}` : ''}` };
    }
    return { status: 404, body: ERROR_BODIES['not-found'] };
  }

  const query = new URLSearchParams(rawQuery);
  const format = lastValue(query, 'format');
  if (format && !(JSON_FORMATS as readonly string[]).includes(format)) return { status: 404, body: ERROR_BODIES['not-found'] };

  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) return { status: 405, body: methodNotAllowedBody(method) };
  if (method === 'OPTIONS') return { status: 200, body: optionsBody(match.route) };

  if (match.route === PORT_ROUTE) {
    const name = site.ports.get(match.name!.toLowerCase());
    return name === undefined ? { status: 404, body: ERROR_BODIES['no-port'] } : { status: 200, file: portFile(name) };
  }
  const page = resolvePage(lastValue(query, 'page'), site.pages);
  return page === undefined ? { status: 404, body: ERROR_BODIES['invalid-page'] } : { status: 200, file: pageFile(page) };
}
