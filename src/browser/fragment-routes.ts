/**
 * The fragment routes of the script-rendered browser (`#/ports/zlib`), read as data: pure, so
 * that the browser's router and the pages' redirect of old links agree on what each one means.
 */

/** A fragment route: its segments (decoded) and its `page` (1 when absent or not a whole number above 0). */
interface FragmentRoute {
  parts: string[];
  page: number;
}

/**
 * The route in a fragment (`#/ports/zlib?page=2`); undefined when a segment is no
 * percent-encoded text (`%E0%A4%A`), which no route is.
 */
export function parseFragment(hash: string): FragmentRoute | undefined {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const page = Number(new URLSearchParams(query).get('page'));
  try {
    return { parts: path.split('/').filter(Boolean).map((part) => decodeURIComponent(part)), page: Number.isInteger(page) && page > 0 ? page : 1 };
  } catch {
    return undefined;
  }
}

/**
 * A name that can be a segment of a URL: `.` and `..` (however encoded) would step out of it
 * (the category `..` would fetch the API root), and name nothing the site has.
 */
const isName = (name: string | undefined): name is string => name !== undefined && name !== '.' && name !== '..';

/** What a fragment route shows: one of the site's views, or nothing it has. */
type View =
  | { view: 'start' }
  | { view: 'search'; query: string }
  | { view: 'port' | 'category' | 'maintainer'; name: string }
  | { view: 'ports' | 'categories' | 'maintainers' | 'files'; page: number }
  | { view: 'not-found' };

const LISTS = new Set(['ports', 'categories', 'maintainers', 'files']);
const ONES: Record<string, 'port' | 'category' | 'maintainer'> = { ports: 'port', category: 'category', maintainer: 'maintainer' };

export function viewOf(route: FragmentRoute | undefined): View {
  if (!route) return { view: 'not-found' };
  const [first, second, ...rest] = route.parts;
  if (first === undefined) return { view: 'start' };
  if (rest.length > 0) return { view: 'not-found' };
  if (first === 'search') return { view: 'search', query: second ?? '' };
  if (second === undefined && LISTS.has(first)) return { view: first as 'ports', page: route.page };
  const one = Object.hasOwn(ONES, first) ? ONES[first] : undefined;
  if (one && isName(second)) return { view: one, name: second };
  return { view: 'not-found' };
}

/**
 * The page of `build --pages` that an old fragment link (`#/ports/zlib`) now names, as a path
 * from the site's root (`port/zlib/`; the root itself is ""), each name percent-encoded as a
 * segment; undefined for a fragment that is no route (`#main`, a skip link's) or a route to
 * nothing, which stays where it is.
 */
export function pageOfFragment(hash: string): string | undefined {
  if (!hash.startsWith('#/')) return undefined;
  const shown = viewOf(parseFragment(hash));
  const segment = encodeURIComponent;
  const paged = (list: string, page: number) => (page > 1 ? `${list}/${page}/` : `${list}/`);
  switch (shown.view) {
    case 'start':
      return '';
    case 'search':
      return shown.query ? `search/?q=${segment(shown.query)}` : 'search/';
    case 'port':
      return `port/${segment(shown.name)}/`;
    case 'category':
    case 'maintainer':
      return `${shown.view}/${segment(shown.name)}/`;
    case 'files':
      return shown.page > 1 ? `api/v1/files/?page=${shown.page}` : 'api/v1/files/';
    case 'ports':
    case 'categories':
    case 'maintainers':
      return paged(shown.view, shown.page);
    case 'not-found':
      return undefined;
  }
}
