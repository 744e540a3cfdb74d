/**
 * Django's request path and its APPEND_SLASH redirect (CommonMiddleware), as pure functions: the
 * path is read as Django reads it, and the redirect names it as Django writes it again, which is
 * not always as the client sent it (`%64evel` is `devel`, `%2B` is `+`).
 */

/** Python's quote(): every UTF-8 byte of a character outside `safe`, percent-escaped in upper case. */
function quote(text: string, safe: RegExp): string {
  let quoted = '';
  for (const char of text) {
    if (safe.test(char)) quoted += char;
    else for (const byte of Buffer.from(char, 'utf8')) quoted += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return quoted;
}

/** escape_uri_path's safe characters: quote()'s own (letters, digits, `_.-~`) and `/:@&+$,!*'()`. */
const PATH_SAFE = /^[A-Za-z0-9_.~/:@&+$,!*'()-]$/;
/** iri_to_uri's: quote()'s own and `/#%[]=:;$&()+,!?*@'~` (escapes already in the query stay). */
const QUERY_SAFE = /^[A-Za-z0-9_.~/#%[\]=:;$&()+,!?*@'-]$/;

/** Not a stream: each call decodes one whole path, so one decoder serves every request. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A request's path as Django has it: percent-escapes decoded to bytes (an escape that is not one
 * stays as written), the bytes read as UTF-8. Undefined when they are not UTF-8, which no route
 * of the API matches.
 */
export function decodePath(raw: string): string | undefined {
  const bytes = Buffer.from(raw.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Where APPEND_SLASH sends a request for `path` (decoded, see decodePath) with the raw query
 * `rawQuery`: the path escaped again and a slash after it, the query kept (get_full_path_with_slash).
 */
export function slashedLocation(path: string, rawQuery: string): string {
  return `${quote(path, PATH_SAFE)}/${rawQuery === '' ? '' : `?${quote(rawQuery, QUERY_SAFE)}`}`;
}
