/**
 * A request's query as Django reads it (QueryDict over Python's `parse_qsl`): pairs split at
 * `&` only (Python 3.10 and later; `;` is an ordinary character), `+` read as a space, percent
 * escapes undone and their bytes decoded as UTF-8 with U+FFFD for what is not (`errors='replace'`),
 * a malformed escape (`%zz`, `%4`) kept as it is, a pair without `=` given an empty value.
 */

/** Django's DATA_UPLOAD_MAX_NUMBER_FIELDS: a query of more fields is refused (400). */
export const MAX_FIELDS = 1000;

export type QueryPairs = ReadonlyArray<readonly [key: string, value: string]>;

/** Python's decoder keeps a leading U+FEFF, TextDecoder drops it unless told not to. */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
const ASCII_RUN = /[\x00-\x7f]+/g;

/**
 * The pairs of `rawQuery` (the request target after its `?`), or 'too-many' past MAX_FIELDS,
 * counted as Python counts them: one more than the `&`s, empty fields included. A `#` and what
 * follows are a fragment, never sent by a client and never part of the query.
 */
export function parseQuery(rawQuery: string): QueryPairs | 'too-many' {
  const hash = rawQuery.indexOf('#');
  // A lone surrogate (a host's string, never a decoded request) is read as U+FFFD.
  const query = (hash === -1 ? rawQuery : rawQuery.slice(0, hash)).toWellFormed();
  if (query === '') return [];
  let fields = 1;
  for (let at = query.indexOf('&'); at !== -1; at = query.indexOf('&', at + 1)) if (++fields > MAX_FIELDS) return 'too-many';
  const pairs: Array<[string, string]> = [];
  for (const field of query.split('&')) {
    if (field === '') continue;
    const equals = field.indexOf('=');
    const key = equals === -1 ? field : field.slice(0, equals);
    const value = equals === -1 ? '' : field.slice(equals + 1);
    pairs.push([unquotePlus(key), unquotePlus(value)]);
  }
  return pairs;
}

/** QueryDict.get: the last value of a repeated key. */
export function lastValue(pairs: QueryPairs, key: string): string | undefined {
  for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]![0] === key) return pairs[i]![1];
  return undefined;
}

/** QueryDict.getlist: every value of a key, in the query's order. */
export function allValues(pairs: QueryPairs, key: string): string[] {
  const values: string[] = [];
  for (const [k, v] of pairs) if (k === key) values.push(v);
  return values;
}

/** Python's `unquote(text.replace('+', ' '))`. */
export function unquotePlus(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  // Python undoes the escapes of each run of ASCII characters on its own; other characters stay.
  return spaced.replace(ASCII_RUN, (run) => (run.includes('%') ? UTF8.decode(escapedBytes(run)) : run));
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Python's unquote_to_bytes of an ASCII run: `%` and two hex digits is a byte, any other `%` itself. */
function escapedBytes(run: string): Uint8Array {
  const bytes = new Uint8Array(run.length);
  let length = 0;
  for (let i = 0; i < run.length; i++) {
    const code = run.charCodeAt(i);
    const high = code === 0x25 && i + 2 < run.length ? hexValue(run.charCodeAt(i + 1)) : -1;
    const low = high === -1 ? -1 : hexValue(run.charCodeAt(i + 2));
    if (low === -1) {
      bytes[length++] = code;
    } else {
      bytes[length++] = high * 16 + low;
      i += 2;
    }
  }
  return bytes.subarray(0, length);
}
