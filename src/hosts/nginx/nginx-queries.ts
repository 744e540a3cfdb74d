/**
 * The nginx configuration's part for queries (SPEC 4b): nginx computes none. A query beyond
 * `page` and `format` on a route that takes one goes to `@pg_query`: the upstream
 * (`--upstream`, a `ports-gen serve` of the same site), or a 501 that says nginx cannot.
 */
import { API_HEADERS } from '../../routes/route-table.js';

/** Whether the query holds another parameter than `page` and `format` (its names as sent). */
export const QUERY_MAP = [
  '# A query of `page` and `format` alone is a file; any other parameter is computed (SPEC 4b).',
  'map $args $pg_query { "" 0; "~^(?:&*(?:page|format)(?:=[^&]*)?)*&*$" 0; default 1; }',
];

/** In a route's location: a location's own error_page hides the server's, so each names where 419 goes. */
export const QUERY_CHECK = ['    error_page 419 = @pg_query;', '    if ($pg_query) { return 419; }'];

/**
 * Where a query goes: to the upstream that computes it, whose answer is passed on with the
 * server's API headers in place of its own (they would come twice); without one, `refusal`
 * (a 501 that says so), never the file (the unfiltered list).
 */
export function queryLocation(upstream: string | undefined, refusal: string): string[] {
  if (!upstream) return [`  location @pg_query { ${refusal} }`];
  return [
    '  location @pg_query {',
    `    proxy_pass http://${upstream};`,
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    ...Object.keys(API_HEADERS).filter((name) => name !== 'Content-Type').map((name) => `    proxy_hide_header ${name};`),
    '  }',
  ];
}
