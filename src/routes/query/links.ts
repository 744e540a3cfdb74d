import { compareCodePoints } from '../python-text.js';
import type { QueryPairs } from './query-string.js';

/**
 * The `next` and `previous` links of a computed page, as DRF's PageNumberPagination writes
 * them (replace_query_param, remove_query_param): the request's own query with `page` replaced
 * (removed for page 1), written again as `urlencode(sorted(parse_qs(query).items()), doseq=True)`:
 * keys in code point order, the values of a repeated key in the query's order, each part
 * percent-encoded as `quote_plus` does (UTF-8, a space as `+`, only `A-Za-z0-9_.-~` bare).
 */
export interface PageLinks {
  next: string | null;
  previous: string | null;
}

const UTF8 = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`);
const BARE = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~') BARE[c.charCodeAt(0)] = 1;

/** Python's `quote_plus(text)`. */
export function quotePlus(text: string): string {
  let out = '';
  for (const byte of UTF8.encode(text)) out += byte === 0x20 ? '+' : byte < 128 && BARE[byte] ? String.fromCharCode(byte) : HEX[byte]!;
  return out;
}

/** The pairs grouped by key as parse_qs groups them, the keys sorted (a stable sort keeps each key's values in order). */
function sortedByKey(pairs: QueryPairs): Array<readonly [string, string]> {
  return [...pairs].sort((a, b) => compareCodePoints(a[0], b[0]));
}

function encodePairs(pairs: QueryPairs): string {
  return pairs.map(([key, value]) => `${quotePlus(key)}=${quotePlus(value)}`).join('&');
}

/** `listUrl` (absolute, without a query) with the query's pairs and `page` (none for undefined). */
function pageUrl(listUrl: string, others: QueryPairs, page: number | undefined): string {
  const query = encodePairs(page === undefined ? others : sortedByKey([...others, ['page', String(page)]]));
  return query === '' ? listUrl : `${listUrl}?${query}`;
}

/** The links of page `page` of `pages` of the list at `listUrl`, asked for with `pairs`. */
export function pageLinks(listUrl: string, pairs: QueryPairs, page: number, pages: number): PageLinks {
  const others = sortedByKey(pairs.filter(([key]) => key !== 'page'));
  return {
    next: page < pages ? pageUrl(listUrl, others, page + 1) : null,
    previous: page === 1 ? null : pageUrl(listUrl, others, page === 2 ? undefined : page - 1),
  };
}
