/**
 * A request outside /api/ on a site with pages for people, as one pure decision (docs/api.md):
 * a page is answered at its directory's path, a path without its trailing slash that names one
 * is sent there (as APPEND_SLASH sends the API's), and every other path gets the 404 page.
 */
import { NOT_FOUND_PAGE } from './site-files.js';

/** The pages by URL path (decoded), each with its file (see hosts/serve/page-index). */
export type PageIndex = ReadonlyMap<string, string>;

/** A 301's `file`: the page it sends to. */
type PageDecision = { status: 200 | 301 | 404; file: string };

/** `path` as Django decodes it (see decodePath); the pages as the tree has them. */
export function pageDecision(method: string, path: string, pages: PageIndex): PageDecision {
  // Pages are files: GET and HEAD read them; any other method finds none.
  const reads = method === 'GET' || method === 'HEAD';
  const file = pages.get(path);
  // The 404 page is the answer of a miss, never a page of its own (a 200 would be a soft 404).
  if (reads && file !== undefined && file !== NOT_FOUND_PAGE) return { status: 200, file };
  const slashed = reads && !path.endsWith('/') ? pages.get(`${path}/`) : undefined;
  if (slashed !== undefined) return { status: 301, file: slashed };
  return { status: 404, file: NOT_FOUND_PAGE };
}
