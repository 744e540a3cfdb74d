/**
 * A URL as ports-gen prints it and keeps it (in `catalogue/source.json`, which a mirror's
 * workflow commits): without its credentials. Text that is no URL (a file's path) is as given.
 *
 * - The userinfo (`user:password@`) goes, the user name too: a token is often given as the user
 *   alone (`https://<token>@host/`).
 * - Each query value becomes `***`, its name kept: a query can carry a token (`?token=`, a
 *   presigned URL's signature) and no rule tells which values do. Two URLs that differ only in
 *   their query values are then one source to the import's conditional GET, which is what a
 *   presigned URL, signed anew each time, wants.
 * - The fragment goes: it is never sent, and can hold a token too (OAuth's implicit flow).
 */
export function shownUrl(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return unparsedUrl(text);
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  const query = url.search.slice(1);
  url.search = query === '' ? '' : query.split('&').map(hideValue).join('&');
  return url.href;
}

function hideValue(part: string): string {
  const equals = part.indexOf('=');
  // A part without a name (`?abc123`) may be a token as a whole.
  return equals <= 0 ? (part === '' ? '' : '***') : `${part.slice(0, equals)}=***`;
}

/**
 * One the URL parser refused, so where its userinfo ends is not known: everything from the
 * scheme to the last `@`, then the query and fragment, are left out. A password with a raw `/`
 * or `?` in it is one reason such a URL does not parse (when it parses, the parser and the
 * request read it alike: that `/` or `?` ends the host).
 */
function unparsedUrl(text: string): string {
  const start = text.indexOf('://') + 3;
  const at = text.lastIndexOf('@');
  const rest = at >= start ? text.slice(at + 1) : text.slice(start);
  return `${text.slice(0, start)}${rest.replace(/[?#].*$/s, '')}`;
}
