/**
 * The routes outside the API: the browser's files, the files for programs and the pages for
 * people, each with its own type and headers (the API's own routes are route-table's).
 */
import { API_HEADERS } from './route-table.js';
import { BROWSER_PAGE, BROWSER_SCRIPT, BROWSER_STYLE, DUMP_PORTS, DUMP_VERSIONS, FEED_ATOM, FEED_JSON, SEARCH_INDEX } from './site-files.js';

/**
 * The files for programs, outside the API (see DUMP_PORTS, FEED_ATOM): GET and HEAD only,
 * readable from any origin, as the API is; a signature (`build --sign-key`) is signify's text.
 */
export const DATA_ROUTES = [
  ...[DUMP_PORTS, DUMP_VERSIONS].flatMap((file) => [
    { path: `/${file}`, file, contentType: 'application/json' },
    { path: `/${file}.sig`, file: `${file}.sig`, contentType: 'text/plain; charset=utf-8' },
  ]),
  { path: `/${FEED_ATOM}`, file: FEED_ATOM, contentType: 'application/atom+xml; charset=utf-8' },
  { path: `/${FEED_JSON}`, file: FEED_JSON, contentType: 'application/feed+json; charset=utf-8' },
];

/** The headers of a file of DATA_ROUTES. */
export function dataHeaders(contentType: string): Record<string, string> {
  return { 'Content-Type': contentType, 'Access-Control-Allow-Origin': API_HEADERS['Access-Control-Allow-Origin'] };
}

/**
 * The policy of every page of the site (the pages, the browser, the 404 page): only the site's
 * own script, style and data load or run there, so that a text a renderer failed to escape is
 * shown as it is, never run, and no form or frame leads off the site.
 */
export const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** A page's headers beside its type: its policy and `nosniff`. */
const PAGE_GUARDS = { 'Content-Security-Policy': PAGE_POLICY, 'X-Content-Type-Options': 'nosniff' } as const;

/** The headers of a file of BROWSER_ROUTES: its type, and a page's guards for its page. */
export function browserHeaders(contentType: string): Record<string, string> {
  return contentType.startsWith('text/html') ? { 'Content-Type': contentType, ...PAGE_GUARDS } : { 'Content-Type': contentType, 'X-Content-Type-Options': 'nosniff' };
}

/**
 * The browser's files, outside the API: GET and HEAD only, each with its own Content-Type and
 * none of the API's headers (its rules stop at /api/).
 */
export const BROWSER_ROUTES = [
  { path: '/', file: BROWSER_PAGE, contentType: 'text/html; charset=utf-8' },
  { path: `/${BROWSER_SCRIPT}`, file: BROWSER_SCRIPT, contentType: 'text/javascript; charset=utf-8' },
  { path: `/${BROWSER_STYLE}`, file: BROWSER_STYLE, contentType: 'text/css; charset=utf-8' },
  { path: `/${SEARCH_INDEX}`, file: SEARCH_INDEX, contentType: 'application/json; charset=utf-8' },
] as const;

/**
 * The pages for people (`build --pages`, see PAGE_FILE), outside the API: GET and HEAD only,
 * each with its type and `nosniff`, none of the API's headers. The 404 page answers, with its
 * status, every path outside /api/ that nothing else answers on a site that has it.
 */
const PAGE_CONTENT_TYPES = { html: 'text/html; charset=utf-8', txt: 'text/plain; charset=utf-8', xml: 'application/xml' } as const;

/** The headers of a page's file (`port/zlib/index.html`, `robots.txt`, `sitemap.xml`), by its extension. */
export function pageHeaders(file: string): Record<string, string> {
  const extension = file.slice(file.lastIndexOf('.') + 1) as keyof typeof PAGE_CONTENT_TYPES;
  return browserHeaders(PAGE_CONTENT_TYPES[extension] ?? PAGE_CONTENT_TYPES.html);
}
