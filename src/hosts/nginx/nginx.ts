import {
  API_HEADERS,
  API_PREFIX,
  BROWSER_ROUTES,
  browserHeaders,
  INSTANCE_ROUTES,
  LIST_ROUTES,
  methodNotAllowedBody,
  OPENAPI_ROUTE,
  optionsBody,
  ROOT_LINK_FORMATS,
  ROOT_ROUTE,
  type Route,
} from '../../routes/route-table.js';
import { ERROR_BODIES, rootFile, type ErrorKind, type ListName } from '../../routes/site-files.js';
import { dataLocations, preflightLocation, preflightMaps } from './nginx-data.js';
import { PAGE_MISS, pageLocations, READS_ONLY } from './nginx-pages.js';
import { GROUP, lastValueMap, listPageMap, mapHashSizes, QUERY_SPACE, quoted } from './nginx-maps.js';

export { mapHashSizes };

/** What the nginx configuration is made from: a built site, and where to listen. */
export interface NginxSite {
  /** The site's absolute path: nginx's `root`. */
  root: string;
  listen: string;
  serverName: string;
  /** The port names as the catalogue spells them, and the number of pages of each list. */
  ports: Iterable<string>;
  pages: Readonly<Record<ListName, number>>;
  /** Where queries are computed (`host:port` of a `ports-gen serve`); without it, nginx answers them 501. */
  upstream?: string;
}

/**
 * `return` with a JSON body (the API headers come from the server's `add_header`s). The bodies
 * are the route table's, ASCII: JSON.stringify writes them as DRF does.
 */
function returnJson(status: number, body: unknown): string {
  return `return ${status} ${quoted(JSON.stringify(body))};`;
}

/**
 * The API headers but Content-Type (the types and default_type give it), `always`: on errors
 * too. A location with an add_header of its own inherits none, so it repeats them.
 */
function headerLines(indent: string): string[] {
  return Object.entries(API_HEADERS)
    .filter(([name]) => name !== 'Content-Type')
    .map(([name, value]) => `${indent}add_header ${name} ${quoted(value)} always;`);
}

/** The 405, naming the request's method as DRF does. */
const METHOD_NOT_ALLOWED = `return 405 ${quoted(JSON.stringify(methodNotAllowedBody('METHOD'))).replace('METHOD', '$request_method')};`;


/** A map's source values that nginx reads as its own parameters, which must be escaped. */
const MAP_KEYWORDS = new Set(['default', 'hostnames', 'include', 'volatile']);

function mapKey(name: string): string {
  return MAP_KEYWORDS.has(name.toLowerCase()) ? `\\${name}` : quoted(name);
}

/**
 * The checks every route makes in Django's order after its path matched: the `format` (404),
 * the method (405), OPTIONS (the view's metadata).
 */
function routeChecks(route: Route): string[] {
  return [
    `    if ($pg_format_bad) { ${returnJson(404, ERROR_BODIES['not-found'])} }`,
    `    if ($pg_method_bad) { ${METHOD_NOT_ALLOWED} }`,
    `    if ($request_method = OPTIONS) { ${returnJson(200, optionsBody(route))} }`,
  ];
}

/** A named location answering a miss of its route. */
function missLocation(kind: ErrorKind): string[] {
  return [`  location @pg_${kind.replace('-', '_')} {`, `    ${returnJson(404, ERROR_BODIES[kind])}`, '  }'];
}

function missOf(kind: ErrorKind): string {
  return `@pg_${kind.replace('-', '_')}`;
}

/** A location for one route: its checks, then the file `file` (nginx syntax), or `miss`. */
function routeLocation(match: string, route: Route, file: string, miss: string): string[] {
  // A query is computed after the format, the method and OPTIONS, before any lookup (see answer()).
  // A location's own error_page hides the server's: each names where 419 goes.
  const query = route.query ? ['    error_page 419 = @pg_query;', '    if ($pg_query) { return 419; }'] : [];
  return [`  location ${match} {`, ...routeChecks(route), ...query, `    error_page 404 = ${miss};`, `    try_files ${file} =404;`, '  }'];
}

/**
 * Where a query goes: to the upstream that computes it, whose answer is passed on with the
 * server's API headers in place of its own (they would come twice); without one, a 501 that
 * says so, never the file (the unfiltered list).
 */
function queryLocation(upstream: string | undefined): string[] {
  if (!upstream) return [`  location @pg_query { ${returnJson(501, ERROR_BODIES['no-queries'])} }`];
  return [
    '  location @pg_query {',
    `    proxy_pass http://${upstream};`,
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    ...Object.keys(API_HEADERS).filter((name) => name !== 'Content-Type').map((name) => `    proxy_hide_header ${name};`),
    '  }',
  ];
}

/**
 * The configuration for nginx's `http` context that answers every request of docs/api.md as
 * `ports-gen serve` does: `map`s for the query and the port names, and one `server`. Pure:
 * the caller reads the site (its port names and page counts, which follow the catalogue, so the
 * configuration is made again after each build).
 */
export function renderNginxConfig(site: NginxSite): string {
  const names = [...site.ports];
  const longest = names.reduce((n, name) => Math.max(n, name.length), 0);
  const lines = [
    // The root has no control character (see nginx-options): the comment ends where it should.
    `# Generated by \`ports-gen nginx\` for the site at ${site.root}.`,
    '# The port names and page counts are this build\'s: generate it again after each build,',
    '# then `nginx -t && nginx -s reload`. For nginx\'s http context (conf.d/).',
    '',
    ...mapHashSizes(names.length, longest),
    '',
    '# Content negotiation: DRF reads the last `format`; json and api (or none) render JSON.',
    ...lastValueMap('format', '$pg_format'),
    'map $pg_format $pg_format_bad { "" 0; "~^(json|api)$" 0; default 1; }',
    `map $request_method $pg_method_bad { "~^(GET|HEAD|OPTIONS)$" 0; default 1; }`,
    '',
    '# A query of `page` and `format` alone is a file; any other parameter is computed (SPEC 4b).',
    'map $args $pg_query { "" 0; "~^(?:&*(?:page|format)(?:=[^&]*)?)*&*$" 0; default 1; }',
    "# `page` as Python's int() reads it (ASCII): spaces around, a + sign, leading zeros, one",
    '# underscore between digits; `last`; empty or absent is page 1. Anything else: no page.',
    ...lastValueMap('page', '$pg_page_raw'),
    'map $pg_page_raw $pg_page_digits {',
    '  "" 1;',
    '  "~^last$" last;',
    `  "~*^${QUERY_SPACE}*(?:%2b)?(?<a>[0-9]+)${GROUP('b')}${GROUP('c')}${GROUP('d')}${GROUP('e')}${QUERY_SPACE}*$" $a$b$c$d$e;`,
    '  default "";',
    '}',
    'map $pg_page_digits $pg_page { "~^0*(?<n>[1-9][0-9]*)$" $n; "~^last$" last; default ""; }',
    ...LIST_ROUTES.flatMap((route) => listPageMap(route.list, site.pages[route.list])),
    '',
    '# The root, by format: its links carry the format it was asked with, an empty one too.',
    'map $args $pg_format_given { "~(?:^|&)format(?:[=&]|$)" 1; default 0; }',
    'map $pg_format_given$pg_format $pg_root_file {',
    ...ROOT_LINK_FORMATS.map((format) => `  ${quoted(`1${format}`)} /${rootFile(format)};`),
    `  default /${rootFile()};`,
    '}',
    '',
    '# Ports by name in any letter case (map keys match case-insensitively): the catalogue spelling.',
    'map $pg_name $pg_port {',
    ...names.map((name) => `  ${mapKey(name)} ${quoted(name)};`),
    '  default "";',
    '}',
    '',
    ...preflightMaps(),
    '',
    "# Django's APPEND_SLASH: a relative redirect to the path with its slash, the query kept.",
    'map $request_uri $pg_slashed { "~^(?<p>[^?]*)(?<q>\\?.*)?$" $p/$q; }',
    '',
    'server {',
    `  listen ${site.listen};`,
    `  server_name ${site.serverName};`,
    `  root ${quoted(site.root)};`,
    '  absolute_redirect off;',
    '  # A link planted in the tree is not followed (serve answers 404 for it too); the link that',
    '  # publishes each build is part of the root, which is not checked.',
    '  disable_symlinks on from=$document_root;',
    '  # `/api/v1//category/` is no route of the live service: not merged into one.',
    '  merge_slashes off;',
    '  server_tokens off;',
    '  types { application/json json; text/html html; text/css css; text/javascript js; }',
    '  default_type application/json;',
    '  charset off;',
    '  etag on;',
    '  # `build --precompress` writes a .gz beside each file.',
    '  gzip_static on;',
    '  gzip_vary on;',
    '  # With the Brotli module loaded, and `build --precompress`: brotli_static on;',
    ...headerLines('  '),
    `  error_page 404 = ${missOf('not-found')};`,
    `  error_page 405 = @pg_method;`,
    '  error_page 418 = @pg_preflight;',
    '  if ($pg_preflight) { return 418; }',
    '',
    ...routeLocation(`= ${ROOT_ROUTE.path}`, ROOT_ROUTE, '$pg_root_file', missOf('not-found')),
    ...routeLocation(`= ${OPENAPI_ROUTE.path}`, OPENAPI_ROUTE, OPENAPI_ROUTE.path, missOf('not-found')),
    ...LIST_ROUTES.flatMap((route) => routeLocation(`= ${route.path}`, route, `$pg_${route.list}_page`, missOf('invalid-page'))),
    ...INSTANCE_ROUTES.flatMap(instanceLocation),
    '',
    '  # A route without its trailing slash: 301, and no body, as Django sends it.',
    `  location ~ ^${slashless()}$ {`,
    '    error_page 418 =301 @pg_slash;',
    '    return 418;',
    '  }',
    '  location @pg_slash {',
    '    add_header Location $pg_slashed always;',
    ...headerLines('    '),
    '    return 200 "";',
    '  }',
    '',
    "  # The browser of the API, outside /api/: its page and files with their own types, none of the API's headers.",
    ...BROWSER_ROUTES.flatMap((route) => [
      `  location = ${route.path} {`,
      ...Object.entries(browserHeaders(route.contentType))
        .filter(([name]) => name !== 'Content-Type')
        .map(([name, value]) => `    add_header ${name} ${quoted(value)};`),
      `    ${PAGE_MISS}`,
      READS_ONLY,
      '    charset utf-8;',
      // text/html is always one of them: naming it again makes nginx warn.
      '    charset_types text/css text/javascript application/json;',
      `    try_files /${route.file} =404;`,
      '  }',
    ]),
    '',
    ...dataLocations(PAGE_MISS, READS_ONLY),
    '',
    ...pageLocations(),
    '',
    '  # Anything else is not found, the files themselves included (they are reached through routes):',
    "  # under /api/ with the API's body, elsewhere with the 404 page (see the pages above).",
    `  location ${API_PREFIX} { types { } default_type application/json; ${returnJson(404, ERROR_BODIES['not-found'])} }`,
    `  location / { ${PAGE_MISS} return 404; }`,
    ...missLocation('not-found'),
    ...missLocation('no-port'),
    ...missLocation('no-category'),
    ...missLocation('invalid-page'),
    '  location @pg_no_maintainer { return 200 "[]"; }',
    ...queryLocation(site.upstream),
    ...preflightLocation(),
    `  location @pg_method { ${METHOD_NOT_ALLOWED} }`,
    '}',
    '',
  ];
  return lines.join('\n');
}

/** An instance route as a location pattern, its `:name` captured as `$pg_name` (nginx refuses a NUL in a path before any location). */
function instance(route: Route): string {
  return route.path.replace(':name', `(?<pg_name>${route.param!.segment.replace('\\0', '')})`);
}

/**
 * An instance route's location: the file of the name as the site spells it (for a lookup in any
 * letter case, the spelling the port map gives), and a miss as the route's parameter says.
 */
function instanceLocation(route: Route): string[] {
  const param = route.param!;
  const miss = param.unknown === 'empty-list' ? '@pg_no_maintainer' : missOf(route.missing);
  return routeLocation(`~ ^${instance(route)}$`, route, `/${param.file(param.anyCase ? '$pg_port' : '$pg_name')}`, miss);
}

/** Every route's path without its trailing slash, as one pattern. */
function slashless(): string {
  const lists = LIST_ROUTES.map((route) => route.path.slice(ROOT_ROUTE.path.length - 1, -1));
  const instances = INSTANCE_ROUTES.map((route) => instance(route).slice(ROOT_ROUTE.path.length - 1, -1).replace('?<pg_name>', '?:'));
  return `${ROOT_ROUTE.path.slice(0, -1)}(?:${[...lists, ...instances].join('|')})?`;
}
