/**
 * The nginx configuration's parts outside the API's routes: CORS preflights, answered on any
 * path before any route as the live service answers them, and the files for programs (the
 * dumps, their signatures, the feeds) with their own types, readable from any origin.
 */
import { PREFLIGHT_CORS_HEADERS, PREFLIGHT_HEADERS } from '../../routes/route-table.js';
import { DATA_ROUTES, dataHeaders } from '../../routes/file-routes.js';
import { quoted } from './nginx-maps.js';

/** The CORS preflight's headers that only a request with an `Origin` gets, each from a map of `$http_origin`. */
const PREFLIGHT_CORS = Object.entries(PREFLIGHT_CORS_HEADERS).map(([name, value], i) => ({ name, value, variable: `$pg_cors_${i}` }));

/**
 * A CORS preflight, on any path and before any route (see PREFLIGHT_HEADERS): the server's
 * `if` sends it here through `error_page 418`, as no location has been chosen yet.
 */
export function preflightLocation(): string[] {
  return [
    '  location @pg_preflight {',
    `    types { } default_type ${quoted(PREFLIGHT_HEADERS['Content-Type'])};`,
    `    add_header Vary ${quoted(PREFLIGHT_HEADERS.Vary)} always;`,
    ...PREFLIGHT_CORS.map(({ name, variable }) => `    add_header ${name} ${variable} always;`),
    '    return 200 "";',
    '  }',
  ];
}

/** The maps that tell a preflight, and give its headers when the request has an `Origin`. */
export function preflightMaps(): string[] {
  return [
    '# A CORS preflight: OPTIONS with Access-Control-Request-Method; more headers with an Origin.',
    'map "$request_method:$http_access_control_request_method" $pg_preflight { "~^OPTIONS:." 1; default 0; }',
    ...PREFLIGHT_CORS.map(({ value, variable }) => `map $http_origin ${variable} { "" ""; default ${quoted(value)}; }`),
  ];
}

/** A location for each file for programs; `miss`: where a missing one goes; `readsOnly`: a method other than GET and HEAD is a miss. */
export function dataLocations(miss: string, readsOnly: string): string[] {
  return [
    '  # The files for programs (the dumps, their signatures, the feeds): their own types, any origin may read them.',
    ...DATA_ROUTES.flatMap((route) => [
      `  location = ${route.path} {`,
      `    types { } default_type ${quoted(route.contentType)};`,
      ...Object.entries(dataHeaders(route.contentType))
        .filter(([name]) => name !== 'Content-Type')
        .map(([name, value]) => `    add_header ${name} ${quoted(value)} always;`),
      `    ${miss}`,
      readsOnly,
      `    try_files /${route.file} =404;`,
      '  }',
    ]),
  ];
}
