import { contentHash } from '../../core/content-hash.js';
import { shapeNames, type SiteShape } from '../../routes/site-shape.js';
import { API_HEADERS, API_PREFIX, INSTANCE_ROUTES, LAST_PAGE, LIST_ROUTES, QUERY_PARAMETERS, ROOT_LINK_FORMATS, ROOT_ROUTE, ROUTES, type InstanceList, type Route } from '../../routes/route-table.js';
import { DATA_ROUTES, dataHeaders, pageHeaders } from '../../routes/file-routes.js';
import { categoryFile, categoryPageFile, DUMP_PORTS, DUMP_PORTS_LENGTHS, fileUrlPath, listPageFile, maintainerFile, maintainerPageFile, NETLIFY_INDEX, NETLIFY_PUBLISH, OPENAPI_FILE, PAGE_FILE, PAGE_LISTS, portFile, portPageFile, QUERY_INDEX, ROBOTS_FILE, rootFile, SEARCH_PAGE, SITEMAP_FILE, sitemapPartFile, type ListName } from '../../routes/site-files.js';

/**
 * Netlify's share of the route table (docs/api.md as far as a static host allows; the README's
 * hosting notes list the rest). Rules are tried in order and the first match wins; a rewrite
 * does not fall through when its target is missing, so each name is a rule of its own and the
 * rest goes to the function; header rules match the rewrite target, so the API paths and the
 * error files get the API headers.
 */
const NETLIFY_HEADER_PATHS = [`${API_PREFIX}*`] as const;

/**
 * The pages for people (`build --pages`) are files Netlify serves itself, each at its
 * directory's path; these paths give them their type and `nosniff`. A miss is Netlify's own
 * business: it serves the site's `404.html` for any path no file or rule answers.
 */
const PAGE_HEADER_PATHS = [
  // The start page, or the browser on a site without pages.
  '/',
  ...[portPageFile, categoryPageFile, maintainerPageFile].map((file) => `/${file('-').split('/')[0]}/*`),
  ...[...PAGE_LISTS, SEARCH_PAGE.split('/')[0]].map((list) => `/${list}/*`),
  `/${ROBOTS_FILE}`,
  `/${SITEMAP_FILE}`,
  `/${sitemapPartFile(1).replace('1', '*')}`,
];

/** Each path's headers: the API's, each file for programs' own (see DATA_ROUTES), the pages' own. */
const HEADER_BLOCKS: Array<[path: string, headers: Record<string, string>]> = [
  ...NETLIFY_HEADER_PATHS.map((path): [string, Record<string, string>] => [path, API_HEADERS]),
  ...DATA_ROUTES.map((route): [string, Record<string, string>] => [route.path, dataHeaders(route.contentType)]),
  ...PAGE_HEADER_PATHS.map((path): [string, Record<string, string>] => [path, pageHeaders(path.endsWith('/*') ? PAGE_FILE : path)]),
];

/** A file of the site as a rule's target: a space in a name would end the rule's field. */
const target = fileUrlPath;

/** The function that answers what no rule can (src/hosts/netlify/netlify-function.ts, bundled by name). */
export const NETLIFY_FUNCTION = 'ports-gen-api';
const FUNCTION = `/.netlify/functions/${NETLIFY_FUNCTION}`;

/** DRF's page-number pagination for one list: `last` and each page from its file; any other value to the function. */
function listRules(list: ListName, path: string, pages: number): string[] {
  const page = (n: number) => target(listPageFile(list, n));
  return [
    `${path} page=${LAST_PAGE} ${page(pages)} 200`,
    ...Array.from({ length: pages }, (_, i) => `${path} page=${i + 1} ${page(i + 1)} 200`),
    `${path} page= ${page(1)} 200`,
    // `02`, ` 2 `, `abc`, past the last: Python's int() and the page count decide.
    `${path} page=:page ${FUNCTION} 200`,
    `${path} ${page(1)} 200`,
  ];
}

/** Every file the function may fetch, as rule paths (a placeholder matches one segment). */
const FILE_PATTERNS = [
  rootFile(),
  ...ROOT_LINK_FORMATS.map((format) => rootFile(format)),
  OPENAPI_FILE,
  portFile(':name'),
  categoryFile(':name'),
  maintainerFile(':name'),
  ...LIST_ROUTES.map((route) => listPageFile(route.list, ':page').replace('page-:page.json', ':page')),
  // The function's own index and the query index, and the dump of every port and its ports' lengths.
  ...new Set([NETLIFY_INDEX, QUERY_INDEX, DUMP_PORTS, DUMP_PORTS_LENGTHS].map((file) => file.replace(/[^/]+$/, '*'))),
];

/**
 * The key of `_redirects` and the function's index: they follow from the site's shape, which
 * follows from the ports' cores (see derive/snapshot), the files list's pages and the page size;
 * undefined when the cores key is not known.
 */
export function rulesKey(cores: string | undefined, pages: number, pageSize: number): string | undefined {
  return cores === undefined ? undefined : contentHash(JSON.stringify(['rules', cores, pages, pageSize]));
}

/** An instance's URL: its name in the route's `:name`, percent-encoded as a browser sends it. */
function instancePath(route: Route, name: string): string {
  return route.path.replace(':name', encodeURIComponent(name));
}

/**
 * A name that can stand in a rule as it is. Netlify's rule syntax gives characters meaning (`*`
 * a splat, `:` a placeholder, `!` a forced rule, `#` a comment, white space a field's end, a
 * backslash breaks the rule's regular expression) and its engine decodes a path before it
 * matches, so an encoded `*` is a splat all the same: a rule for a category named `*` would answer
 * for every category. A name with any character outside this set has no rule of its own; the
 * function answers for it, from the index, as it does for a name in another letter case.
 */
const RULE_NAME = /^[A-Za-z0-9._~+@-]+$/;

/** An instance served from its file, as named; any other name (the `:name` placeholder) goes to the function. */
function instanceRules(route: Route, names: readonly string[]): string[] {
  const ruled = names.filter((name) => RULE_NAME.test(name));
  return [...ruled.map((name) => `${instancePath(route, name)} ${target(route.param!.file(name))} 200`), `${route.path} ${FUNCTION} 200`];
}

/** What `_redirects` says before an instance route's rules (the category's covers the handles' too). */
const INSTANCE_COMMENTS: Partial<Record<InstanceList, string>> = {
  ports: "# Ports by the catalogue's spelling; any other spelling, or an unknown name: the function.",
  category: '# Categories by their exact name, handles by theirs; any other: the function.',
};


/**
 * `dist/_redirects`, generated per build (its rules follow the catalogue's names and page
 * counts). Every hit of a known resource is a static file; the function answers the rest
 * (docs/api.md): a `format` (the root's two JSON formats aside), a port in another letter case,
 * an unknown name or path, a page number to read as Python reads it, an invalid page.
 */
export function renderRedirects(site: SiteShape): string {
  const lines = ['# Generated by ports-gen from its route table. First match wins.'];
  lines.push('# The API root: its links carry the format it was asked with.');
  lines.push(...ROOT_LINK_FORMATS.map((format) => `${ROOT_ROUTE.path} format=${format} ${target(rootFile(format))} 200`));
  lines.push('# Any other format, anywhere (an empty one too, off the root): the function.', `${API_PREFIX}* format=:format ${FUNCTION} 200`);
  lines.push('# A query beyond page and format, on a route that takes one (SPEC 4b): the function computes it.');
  for (const route of ROUTES.filter((route) => route.query)) lines.push(...QUERY_PARAMETERS.map((name) => `${route.path} ${name}=:value ${FUNCTION} 200`));
  lines.push(`${ROOT_ROUTE.path} ${target(rootFile())} 200`);
  for (const route of LIST_ROUTES) {
    lines.push(`# ${route.path}: DRF's page-number pagination.`, ...listRules(route.list, route.path, route.list === 'files' ? site.pages : site.listPages[route.list]));
  }
  // Before the rule per name: the engine tries the rules in turn for every request.
  lines.push('# The files themselves, as the function fetches them (rules match before files here), and the OpenAPI document.');
  lines.push(...FILE_PATTERNS.map((file) => `/${file} /${file.replace(/\*$/, ':splat')} 200`));
  for (const route of INSTANCE_ROUTES) {
    const comment = INSTANCE_COMMENTS[route.list];
    if (comment) lines.push(comment);
    lines.push(...instanceRules(route, shapeNames(site, route.list)));
  }
  lines.push('# Anything else under the API.', `${API_PREFIX}* ${FUNCTION} 200`);
  return `${lines.join('\n')}\n`;
}

/** `dist/_ports-gen/site-index.json`: what the function knows of the site (see SiteShape). */
export function renderNetlifyIndex(site: SiteShape): string {
  return JSON.stringify(site);
}

/** `dist/_headers`: the docs/api.md headers, so a `dist/` deployed without netlify.toml has them too. */
export function renderHeaders(): string {
  const block = ([path, headers]: [string, Record<string, string>]) => [path, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return `${HEADER_BLOCKS.map(block).join('\n')}\n`;
}

/** The committed `netlify.toml`; `npm run netlify-toml` rewrites it and a test checks it has not drifted. */
export function renderNetlifyToml(): string {
  const headers = HEADER_BLOCKS.map(([path, values]) =>
    [
      '[[headers]]',
      `  for = "${path}"`,
      '  [headers.values]',
      ...Object.entries(values).map(([k, v]) => `    ${k} = "${v}"`),
    ].join('\n'),
  );
  return [
    '# Generated by `npm run netlify-toml` from src/hosts/netlify/netlify.ts; a test fails if it drifts.',
    '# The rewrites depend on the catalogue, so `ports-gen build` writes them to dist/_redirects.',
    '# --no-link: Netlify publishes dist/ only as a plain directory, not as a link to a tree.',
    '[build]',
    '  command = "npm run site -- --no-link"',
    `  publish = "${NETLIFY_PUBLISH}"`,
    '',
    '# What no rule can answer goes to this function; `npm run site` bundles it there (scripts/bundle.ts).',
    '[functions]',
    '  directory = "netlify/functions"',
    '',
    ...headers.flatMap((h) => [h, '']),
  ].join('\n');
}
