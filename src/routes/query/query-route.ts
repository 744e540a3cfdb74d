import type { Route } from '../route-table.js';
import type { ListName } from '../site-files.js';
import type { QueryRoute } from './decide-query.js';

/**
 * The engine's route for a matched route of the table that takes a query (see Route.query):
 * `name`, an instance's segment as matched; `pages`, each list's pages without a query.
 */
export function queryRouteOf(route: Route, name: string | undefined, pages: Readonly<Record<ListName, number>>): QueryRoute | undefined {
  if (route.query === 'links') return { kind: 'relinked', list: route.list as 'files' | 'category', pages: pages[route.list!] };
  if (route.query !== 'filters') return undefined;
  if (route.kind === 'instance') return { kind: 'port', name: name! };
  return route.list === 'maintainer' ? { kind: 'maintainers' } : { kind: 'ports' };
}
