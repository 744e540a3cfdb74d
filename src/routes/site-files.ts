/**
 * Where each resource lives in the output tree. The route table (URL ↔ file) builds on these,
 * and so do the writer and `serve`: one fact, one place.
 */
export const API_DIR = 'api/v1';
export const PORTS_DIR = 'api/v1/ports';
export const FILES_DIR = 'api/v1/files';
export const CATEGORY_DIR = 'api/v1/category';
export const MAINTAINER_DIR = 'api/v1/maintainer';
/**
 * The pages of the lists whose URL also has instances below it (`/api/v1/ports/` and
 * `/api/v1/ports/<name>/`): apart from them, since `page-1.json` is a valid port name and
 * handle. The files list has no instances, and keeps its pages in its own directory.
 */
const LIST_PAGES_DIR = 'api/v1/pages';
/** Netlify's per-deploy rule files, written at the top of the site. */
export const NETLIFY_REDIRECTS = '_redirects';
export const NETLIFY_HEADERS = '_headers';
/**
 * What Netlify's function (src/hosts/netlify/netlify-function.ts) knows of the site: the port names, the
 * categories and handles that have a page, the page counts (see hosts/netlify/netlify.ts).
 */
export const NETLIFY_INDEX = '_ports-gen/site-index.json';
/**
 * What the query engine reads of a built site (SPEC section 4b; render/query-index.ts): every
 * port's name, categories, handles and variants, and the maintainer list.
 */
export const QUERY_INDEX = '_ports-gen/query-index.json';
/**
 * The byte length of each port in the dump of every port (DUMP_PORTS), in its order, as a JSON
 * array: port i's bytes follow the `[` and the ports before it, each with its comma. The
 * Netlify function reads the ports a query sends there, not the whole dump.
 */
export const DUMP_PORTS_LENGTHS = '_ports-gen/dump-ports-lengths.json';
/** Marks a directory as written by ports-gen; holds the manifest of the build. */
export const MARKER_FILE = '.ports-gen.json';

function portDirectory(name: string): string {
  return `${PORTS_DIR}/${name}`;
}

export function portFile(name: string): string {
  return `${portDirectory(name)}/index.json`;
}

/** `page`: a page number, or a host rule's placeholder for one. */
export function pageFile(page: number | string): string {
  return `${FILES_DIR}/page-${page}.json`;
}

/** The files of pages 1 to `pages`. */
export function pageFiles(pages: number): string[] {
  return Array.from({ length: pages }, (_, i) => pageFile(i + 1));
}

/** The paged lists of the API, by the segment of their URL (`/api/v1/<list>/`). */
export type ListName = 'ports' | 'category' | 'maintainer' | 'files';

/** `page`: a page number, or a host rule's placeholder for one. */
export function listPageFile(list: ListName, page: number | string): string {
  return list === 'files' ? pageFile(page) : `${LIST_PAGES_DIR}/${list}/page-${page}.json`;
}

/** The directory holding a list's pages (see listPageFile). */
export function listPagesDirectory(list: ListName): string {
  return list === 'files' ? FILES_DIR : `${LIST_PAGES_DIR}/${list}`;
}

/**
 * The site's browser of its API (src/browser/): its page at the site's root, outside /api/ so
 * the API's rules are untouched, its script, styles and search index beside it.
 */
export const BROWSER_PAGE = 'index.html';
export const BROWSER_SCRIPT = 'browser/app.js';
export const BROWSER_STYLE = 'browser/style.css';
export const SEARCH_INDEX = 'browser/search.json';

/**
 * The bulk files for programs, outside /api/v1/ (which stays the live service's): every port
 * object in one array, and every port's version (docs/api.md).
 */
export const DUMP_PORTS = 'dump/ports.json';
export const DUMP_VERSIONS = 'dump/versions.json';

/** The feeds of port changes, from the catalogue's record of imports (render/feeds). */
export const FEED_ATOM = 'feeds/updates.atom';
export const FEED_JSON = 'feeds/updates.json';

/** The OpenAPI document of the API (render/openapi.ts), served at its own path. */
export const OPENAPI_FILE = `${API_DIR}/openapi.json`;

/** The API root, as asked for without `format`, or with `format=<format>` (a JSON format, or empty). */
export function rootFile(format?: string): string {
  return format === undefined ? `${API_DIR}/root.json` : `${API_DIR}/root-${format || 'empty'}.json`;
}

/**
 * A port's URL segment, as the live service's router matches a port's name: a segment outside
 * it (`no such`, `café`) reaches no view there, so it is 404 `Not found.`, not "No Port matches".
 */
export const PORT_SEGMENT = '[a-zA-Z0-9_.+@-]+';

/**
 * A category's URL segment, as DRF's router matches a lookup (`[^/.]+`): a category whose
 * name has a dot or a slash has no page on the live service, and none here. Nor has one
 * that cannot name a directory (a NUL, over 255 bytes).
 */
export const CATEGORY_SEGMENT = '[^/.\\0]+';
const CATEGORY_NAME = new RegExp(`^${CATEGORY_SEGMENT}$`);

export function hasCategoryPage(name: string): boolean {
  return CATEGORY_NAME.test(name) && Buffer.byteLength(name) <= 255;
}

export function categoryFile(name: string): string {
  return `${CATEGORY_DIR}/${name}/index.json`;
}

/** A maintainer's URL segment, as the live service's route spells it. */
export const GITHUB_SEGMENT = '[a-zA-Z0-9_.-]+';
const GITHUB_HANDLE = new RegExp(`^${GITHUB_SEGMENT}$`);

/** `.` and `..` match the route but name no directory of their own. */
export function hasMaintainerPage(github: string): boolean {
  return GITHUB_HANDLE.test(github) && github !== '.' && github !== '..' && github.length <= 255;
}

export function maintainerFile(github: string): string {
  return `${MAINTAINER_DIR}/${github}/index.json`;
}

/**
 * A file of the site as the path of its URL, each segment percent-encoded: a name may have a
 * space, a `#` or a `?` (a category's), which a host's rule or a fetch would read otherwise.
 */
export function fileUrlPath(file: string): string {
  return `/${file.split('/').map(encodeURIComponent).join('/')}`;
}

/** Bodies of the error responses, as DRF words them (docs/api.md). */
export const ERROR_BODIES = {
  'not-found': { detail: 'Not found.' },
  'no-port': { detail: 'No Port matches the given query.' },
  'invalid-page': { detail: 'Invalid page.' },
  'no-category': { detail: 'No Category matches the given query.' },
  // Ours: a query is never answered with the unfiltered list (SPEC 4b).
  'no-queries': { detail: 'This host cannot compute queries (search, filters, ordering): ask one that runs ports-gen serve or the Netlify function.' },
  'no-query-index': { detail: 'This site has no query index: build it again with this ports-gen to answer queries (search, filters, ordering).' },
} as const;
export type ErrorKind = keyof typeof ERROR_BODIES;

/**
 * The pages for people (`build --pages`, src/pages/): complete HTML that needs no script, each
 * the `index.html` of its URL's directory (`/port/zlib/` is `port/zlib/index.html`). The start
 * page takes the browser's place at the site's root (BROWSER_PAGE); the pages share its styles
 * and script, which adds search as you type.
 */
export const PAGE_FILE = 'index.html';
export const NOT_FOUND_PAGE = '404.html';
export const SEARCH_PAGE = 'search/index.html';
export const ROBOTS_FILE = 'robots.txt';
export const SITEMAP_FILE = 'sitemap.xml';

/** A part of the sitemap, when its URLs are more than one sitemap may hold (`sitemap.xml` is then their index). */
export function sitemapPartFile(part: number): string {
  return `sitemap-${part}.xml`;
}

export function portPageFile(name: string): string {
  return `port/${name}/${PAGE_FILE}`;
}

/** pageUrlPath of a port's page, made directly: the sitemap and the pages take one for every port. */
export function portPagePath(name: string): string {
  return `/port/${encodeURIComponent(name)}/`;
}

/** A category's page: only for a category with a file in the API (hasCategoryPage). */
export function categoryPageFile(name: string): string {
  return `category/${name}/${PAGE_FILE}`;
}

/** A maintainer's page: only for a handle with a file in the API (hasMaintainerPage). */
export function maintainerPageFile(github: string): string {
  return `maintainer/${github}/${PAGE_FILE}`;
}

/** The lists of pages, each by name: `ports/`, `ports/2/`, ... */
export type PageList = 'ports' | 'categories' | 'maintainers';
export const PAGE_LISTS: readonly PageList[] = ['ports', 'categories', 'maintainers'];

export function listPagePath(list: PageList, page: number): string {
  return page === 1 ? `${list}/${PAGE_FILE}` : `${list}/${page}/${PAGE_FILE}`;
}

/** The URL path of a page's file: its directory's, each segment percent-encoded (see fileUrlPath). */
export function pageUrlPath(file: string): string {
  return fileUrlPath(file).replace(/(^|\/)index\.html$/, '$1');
}

/** Netlify's publish directory, as netlify.toml names it. */
export const NETLIFY_PUBLISH = 'dist';
