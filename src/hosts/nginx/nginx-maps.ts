/** nginx's `map` blocks of the configuration `ports-gen nginx` prints (see nginx.ts). Pure. */
import { listPageFile, type ListName } from '../../routes/site-files.js';

/** Python's str.isspace() for ASCII, as it reaches a query: `+`, or percent-encoded. */
export const QUERY_SPACE = '(?:\\+|%(?:20|0[9a-d]|1[c-f]))';
/** A digit group after an underscore (PEP 515): `1_000` is 1000. */
export const GROUP = (name: string) => `(?:(?:_|%5f)(?<${name}>[0-9]+))?`;

/** The value of the last `key` of the query, as Django's QueryDict.get reads it (a bare `key` is empty). */
export function lastValueMap(key: string, variable: string): string[] {
  return [`map $args ${variable} {`, `  "~(?:^|&)${key}(?:=(?<v>[^&]*))?(?=&|$)(?!.*&${key}(?:[=&]|$))" $v;`, '  default "";', '}'];
}

/** The file of each page of a list, `page=last` included; a missing file is an invalid page. */
export function listPageMap(list: ListName, pages: number): string[] {
  return [
    `map $pg_page $pg_${list}_page {`,
    `  "~^[0-9]+$" /${listPageFile(list, '$pg_page')};`,
    `  last /${listPageFile(list, pages)};`,
    '  default /-;',
    '}',
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
