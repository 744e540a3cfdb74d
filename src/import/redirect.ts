/**
 * Whether a download follows a redirect, decided from plain data (see fetch-source, which only
 * carries the decision out): the URL asked, the response's `Location`, the redirects left.
 */
import { shownUrl } from '../core/shown-url.js';

/** The most redirects one download follows: a mirror that moved needs one or two, a loop is ended early. */
export const REDIRECTS = 5;

/** The URL to ask next, or why the redirect is refused (for a message after the URL asked). */
export type Redirect = { follow: URL } | { refuse: string };

export function decideRedirect(from: URL, location: string, redirectsLeft: number): Redirect {
  if (redirectsLeft <= 0) return { refuse: `more than ${REDIRECTS} redirects` };
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return { refuse: 'redirected to a Location that is not a URL' };
  }
  const shown = shownUrl(next.href);
  // file:, ftp:, data:, gopher:... would read what the server chose, from elsewhere than the web.
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return { refuse: `redirected to ${shown}, which is not an http(s) URL` };
  // What https protects (the index's bytes, a netrc file's credentials for the host) would then
  // cross the network in clear, for anyone on the way to change or read.
  if (from.protocol === 'https:' && next.protocol === 'http:') return { refuse: `redirected from https to ${shown}: plain http is refused after https (nothing of it would be protected)` };
  return { follow: next };
}
