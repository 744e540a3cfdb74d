import { CATEGORIES_ROUTE, FILES_ROUTE, MAINTAINERS_ROUTE, PORT_ROUTE, PORTS_ROUTE, type Route } from '../route-table.js';
import type { QueryRoute } from './decide-query.js';

/**
 * Which routes of the table a query changes (SPEC section 4b): the ports list and a port (their
 * filters), the maintainer list (its filters), the files and category lists (their links).
 * The other routes ignore every parameter: the maintainer and category pages, the root.
 */
const TAKING_QUERIES: ReadonlySet<Route> = new Set([PORTS_ROUTE, PORT_ROUTE, MAINTAINERS_ROUTE, FILES_ROUTE, CATEGORIES_ROUTE]);

export function takesQueries(route: Route): boolean {
  return TAKING_QUERIES.has(route);
}

/**
 * The engine's route for a matched route of the table: `name`, the port's segment as matched;
 * `pagesOf`, the number of pages of a list without filters (the site's).
 */
export function queryRouteOf(route: Route, name: string | undefined, pagesOf: (list: 'files' | 'category') => number): QueryRoute | undefined {
  if (route === PORTS_ROUTE) return { kind: 'ports' };
  if (route === PORT_ROUTE && name !== undefined) return { kind: 'port', name };
  if (route === MAINTAINERS_ROUTE) return { kind: 'maintainers' };
  if (route === FILES_ROUTE) return { kind: 'relinked', list: 'files', pages: pagesOf('files') };
  if (route === CATEGORIES_ROUTE) return { kind: 'relinked', list: 'category', pages: pagesOf('category') };
  return undefined;
}
