/**
 * Who each request of a download logs in as, with HTTP Basic authentication. The credentials in
 * the URL the user gave go to its origin alone (scheme, host and port): a redirect elsewhere
 * drops them, as browsers and curl do, so a server cannot pass them on to another by sending the
 * client there. Any other request logs in as the netrc file says for its host (see read/netrc),
 * the source's own too when its URL has none. The userinfo of a redirect's Location is not used.
 */
import { netrcLogin, type Login, type NetrcMachine } from './netrc.js';

export interface Logins {
  /** The origin of the URL the user gave, and its credentials. */
  origin: string;
  given: Login | undefined;
  machines: readonly NetrcMachine[];
}

export function sourceLogins(source: URL, machines: readonly NetrcMachine[]): Logins {
  const given = source.username || source.password ? { login: decoded(source.username), password: decoded(source.password) } : undefined;
  return { origin: source.origin, given, machines };
}

/** The login for a request of `target`, if any. */
export function loginFor(target: URL, logins: Logins): Login | undefined {
  if (logins.given && target.origin === logins.origin) return logins.given;
  return netrcLogin(logins.machines, target.hostname);
}

/** RFC 7617's header: the login and password in UTF-8, base64. */
export function basicAuthorization({ login, password }: Login): string {
  return `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`;
}

/** `url` without its userinfo: the request carries the login in its header, never in the URL. */
export function withoutLogin(url: URL): URL {
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  return bare;
}

// As Node decodes a URL's userinfo for its own `auth`; a stray `%` is kept as typed.
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
