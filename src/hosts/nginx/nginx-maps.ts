/** nginx's `map` blocks of the configuration `ports-gen nginx` prints (see nginx.ts). Pure. */
import { LIST_ROUTES, ROOT_LINK_FORMATS } from '../../routes/route-table.js';
import { listPageFile, rootFile, type ListName } from '../../routes/site-files.js';
import { QUERY_MAP } from './nginx-queries.js';

/** Python's str.isspace() for ASCII, as it reaches a query: `+`, or percent-encoded. */
const QUERY_SPACE = '(?:\\+|%(?:20|0[9a-d]|1[c-f]))';
/** A digit group after an underscore (PEP 515): `1_000` is 1000. */
const GROUP = (name: string) => `(?:(?:_|%5f)(?<${name}>[0-9]+))?`;

/** The value of the last `key` of the query, as Django's QueryDict.get reads it (a bare `key` is empty). */
function lastValueMap(key: string, variable: string): string[] {
  return [`map $args ${variable} {`, `  "~(?:^|&)${key}(?:=(?<v>[^&]*))?(?=&|$)(?!.*&${key}(?:[=&]|$))" $v;`, '  default "";', '}'];
}

/** The file of each page of a list, `page=last` included; a missing file is an invalid page. */
function listPageMap(list: ListName, pages: number): string[] {
  return [
    `map $pg_page $pg_${list}_page {`,
    `  "~^[0-9]+$" /${listPageFile(list, '$pg_page')};`,
    `  last /${listPageFile(list, pages)};`,
    '  default /-;',
    '}',
  ];
}

/** The format asked for, and whether it or the method is one the API answers. */
export function formatMaps(): string[] {
  return [
    '# Content negotiation: DRF reads the last `format`; json and api (or none) render JSON.',
    ...lastValueMap('format', '$pg_format'),
    'map $pg_format $pg_format_bad { "" 0; "~^(json|api)$" 0; default 1; }',
    `map $request_method $pg_method_bad { "~^(GET|HEAD|OPTIONS)$" 0; default 1; }`,
  ];
}

/** Whether the query is computed; if not, its page, and the file of that page of each list. */
export function queryMaps(pages: Readonly<Record<ListName, number>>): string[] {
  return [
    ...QUERY_MAP,
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
    ...LIST_ROUTES.flatMap((route) => listPageMap(route.list, pages[route.list])),
  ];
}

/** The root's file, by the format it was asked with. */
export function rootFileMap(): string[] {
  return [
    '# The root, by format: its links carry the format it was asked with, an empty one too.',
    'map $args $pg_format_given { "~(?:^|&)format(?:[=&]|$)" 1; default 0; }',
    'map $pg_format_given$pg_format $pg_root_file {',
    ...ROOT_LINK_FORMATS.map((format) => `  ${quoted(`1${format}`)} /${rootFile(format)};`),
    `  default /${rootFile()};`,
    '}',
  ];
}

/** A map's source values that nginx reads as its own parameters, which must be escaped. */
const MAP_KEYWORDS = new Set(['default', 'hostnames', 'include', 'volatile']);

function mapKey(name: string): string {
  return MAP_KEYWORDS.has(name.toLowerCase()) ? `\\${name}` : quoted(name);
}

/** Each port name as the catalogue spells it, from the name asked for. */
export function portMap(names: readonly string[]): string[] {
  return [
    '# Ports by name in any letter case (map keys match case-insensitively): the catalogue spelling.',
    'map $pg_name $pg_port {',
    ...names.map((name) => `  ${mapKey(name)} ${quoted(name)};`),
    '  default "";',
    '}',
  ];
}

/** The path asked for with its trailing slash, for the redirect that adds it. */
export function slashedMap(): string[] {
  return [
    "# Django's APPEND_SLASH: a relative redirect to the path with its slash, the query kept.",
    'map $request_uri $pg_slashed { "~^(?<p>[^?]*)(?<q>\\?.*)?$" $p/$q; }',
  ];
}

/**
 * `map_hash_max_size` and `map_hash_bucket_size` with which nginx builds the port names' map
 * without a warning. nginx tries table sizes up to the maximum (only its last thousand when the
 * maximum is over 10,000 and under a hundred times the names) and needs every bucket's names to
 * fit: each takes a pointer and its length and name, rounded up to a pointer. A table of at
 * least twice the names, with buckets that hold eight of the longest, leaves no bucket full.
 */
export function mapHashSizes(names: number, longest: number): string[] {
  const element = 8 + Math.ceil((longest + 2) / 8) * 8;
  const bucket = Math.max(128, 2 ** Math.ceil(Math.log2(8 * element + 8)));
  const size = Math.max(2048, 2 ** Math.ceil(Math.log2(names * 2 + 1)));
  return [`map_hash_max_size ${size};`, `map_hash_bucket_size ${bucket};`];
}

/**
 * A value in nginx's syntax: double-quoted, `"` and `\` escaped. nginx reads `$` as a variable
 * in most values, and has no escape for it: text with one is refused (no body, name or path of
 * the API has one, but the site's path could).
 */
export function quoted(text: string): string {
  if (text.includes('$')) throw new Error(`nginx cannot take a literal $ here: ${text}`);
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
