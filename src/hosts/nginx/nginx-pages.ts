/**
 * The nginx configuration's part for the pages for people (`build --pages`, see PAGE_FILE):
 * each page is found by nginx itself (`try_files`), so one configuration serves a site built
 * with pages and one without, and a build that adds them needs no new configuration. Outside
 * /api/, a miss is the 404 page (`error_page`), or, on a site without it, the API's Not found
 * as before.
 */
import { pageHeaders } from '../../routes/file-routes.js';
import { categoryPageFile, ERROR_BODIES, maintainerPageFile, NOT_FOUND_PAGE, PAGE_FILE, PAGE_LISTS, portPageFile, ROBOTS_FILE, SEARCH_PAGE, SITEMAP_FILE, sitemapPartFile } from '../../routes/site-files.js';
import { quoted } from './nginx-maps.js';

/** Where a miss outside /api/ goes: the 404 page, which keeps the 404 (no `=`) and makes any method a GET. */
export const PAGE_MISS = `error_page 404 /${NOT_FOUND_PAGE};`;

/** The top directory of a page's file (`port` of `port/<name>/index.html`). */
const top = (file: string) => file.split('/')[0]!;

/**
 * The pages' directories as one pattern: one segment below `port/`, `category/`, `maintainer/`;
 * the lists and their numbered pages; `search/`. Which exist is the tree's to say.
 */
const PAGE_DIRECTORY = `(?:(?:${[portPageFile, categoryPageFile, maintainerPageFile].map((file) => top(file('-'))).join('|')})/[^/]+|(?:${PAGE_LISTS.join('|')})(?:/[1-9][0-9]*)?|${top(SEARCH_PAGE)})`;

/** A sitemap, or one of its parts. */
const SITEMAP = `(?:${SITEMAP_FILE.replace('.xml', '')}|${sitemapPartFile(1).replace('1.xml', '[1-9][0-9]*')})\\.xml`;

/** A page's own type and headers, none of the API's (a location with an add_header inherits none). */
function headerLines(file: string): string[] {
  const { 'Content-Type': type, ...rest } = pageHeaders(file);
  return [`    types { } default_type ${quoted(type!)};`, ...Object.entries(rest).map(([name, value]) => `    add_header ${name} ${quoted(value)} always;`)];
}

/**
 * Pages are files: GET and HEAD read them, any other method finds none (as `serve` answers,
 * see pageDecision). Without it nginx's static module answers its own 405 page.
 */
export const READS_ONLY = '    if ($request_method !~ ^(GET|HEAD)$) { return 404; }';

function fileLocation(match: string, file: string, target: string): string[] {
  return [`  location ${match} {`, `    ${PAGE_MISS}`, READS_ONLY, ...headerLines(file), `    try_files ${target} =404;`, '  }'];
}

/** The locations of the pages, the 404 page and its stand-in on a site without pages. */
export function pageLocations(): string[] {
  return [
    '  # The pages for people (`build --pages`), outside /api/: each its directory\'s index.html.',
    ...fileLocation(`~ ^/${PAGE_DIRECTORY}/$`, PAGE_FILE, `\${uri}${PAGE_FILE}`),
    '  # A page\'s path without its trailing slash: a relative 301 with no body, the query kept.',
    `  location ~ ^/${PAGE_DIRECTORY}$ {`,
    `    ${PAGE_MISS}`,
    '    error_page 418 =301 @pg_page_slash;',
    READS_ONLY,
    `    if (-f $request_filename/${PAGE_FILE}) { return 418; }`,
    '    return 404;',
    '  }',
    '  location @pg_page_slash {',
    '    add_header Location $pg_slashed always;',
    ...headerLines(PAGE_FILE),
    '    return 200 "";',
    '  }',
    ...fileLocation(`= /${ROBOTS_FILE}`, ROBOTS_FILE, `/${ROBOTS_FILE}`),
    ...fileLocation(`~ ^/${SITEMAP}$`, SITEMAP_FILE, '$uri'),
    '  # The 404 page: the answer of every miss outside /api/ (asked for by its name too, a 404).',
    `  location = /${NOT_FOUND_PAGE} {`,
    '    internal;',
    '    # No representation of the URL asked for: no ETag.',
    '    etag off;',
    `    ${PAGE_MISS}`,
    ...headerLines(NOT_FOUND_PAGE),
    `    try_files /${NOT_FOUND_PAGE} @pg_no_pages;`,
    '  }',
    '  # A site without pages has no 404 page: the API\'s Not found, as before pages existed.',
    `  location @pg_no_pages { types { } default_type application/json; return 404 ${quoted(JSON.stringify(ERROR_BODIES['not-found']))}; }`,
  ];
}
