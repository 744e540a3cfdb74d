/**
 * The options of `ports-gen nginx`, checked before they reach the configuration: each is pasted
 * into nginx's syntax, where a `;`, a brace, a newline or a `$` would end the directive and start
 * another (a whole `server` block could be slipped in). Pure: each returns the value or throws a
 * UsageError that says what nginx takes.
 */
import { isIP } from 'node:net';
import { UsageError } from '../../core/problems/usage-error.js';

/** A TCP port, 1 to 65535, in decimal without a leading zero. */
const PORT = /^[1-9][0-9]{0,4}$/;
/** A host name as nginx's `listen` takes one: labels of letters, digits and hyphens. */
const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** `--listen`: a port, or `address:port` (an IPv4 address, `[IPv6]`, `*` or a host name). */
export function checkListen(listen: string): string {
  const refuse = () => new UsageError(`--listen ${JSON.stringify(listen)} is not what nginx's listen takes here: give a port (8080), or address:port (127.0.0.1:8080, [::1]:8080, *:80, localhost:8080)`);
  const colon = listen.lastIndexOf(':');
  const port = colon === -1 ? listen : listen.slice(colon + 1);
  if (!PORT.test(port) || Number(port) > 65535) throw refuse();
  if (colon === -1) return listen;
  const address = listen.slice(0, colon);
  const bracketed = /^\[(.*)\]$/.exec(address);
  const fits = bracketed ? isIP(bracketed[1]!) === 6 : address === '*' || isIP(address) === 4 || (HOST.test(address) && !/^[0-9.]+$/.test(address));
  if (!fits) throw refuse();
  return listen;
}

/**
 * One name of `server_name` as nginx reads it: a host name, with a `*` for a whole first or last
 * label (`*.example.org`, `example.*`), a leading dot (`.example.org`), or `_` (no name).
 * Regular-expression names (`~...`) are refused: they need quoting this command does not do.
 */
const SERVER_NAME = /^(?:_|\*\.[A-Za-z0-9.-]+|[A-Za-z0-9.-]+\.\*|\.?[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)$/;

/** `--server-name`: one or more names, separated by spaces. */
export function checkServerName(serverName: string): string {
  const names = serverName.split(' ').filter((name) => name !== '');
  const bad = names.find((name) => !SERVER_NAME.test(name));
  if (names.length === 0 || bad !== undefined) {
    throw new UsageError(`--server-name ${JSON.stringify(serverName)} is not what nginx's server_name takes here${bad === undefined ? '' : ` (${JSON.stringify(bad)})`}: give host names separated by spaces (ports.example.org, *.example.org, _)`);
  }
  return names.join(' ');
}

/**
 * `--dir`, as nginx's `root` and in the configuration's comment: a path with a control character
 * (a newline would end the comment) or a `$` (nginx reads a variable, and has no escape for it)
 * cannot be written safely. Quotes and backslashes are escaped where the path is used.
 */
export function checkRoot(root: string): string {
  if (/[\u0000-\u001f\u007f]/.test(root)) throw new UsageError(`nginx cannot be given the path ${JSON.stringify(root)} safely (it holds a control character): move the site to a plain path`);
  if (root.includes('$')) throw new UsageError(`nginx reads $ as a variable in a path: move the site out of ${root}`);
  return root;
}

/**
 * `--upstream`: where nginx passes the queries it cannot answer from files, a `ports-gen serve`
 * as `host:port` (an IPv4 address, `[IPv6]` or a host name, and a port).
 */
export function checkUpstream(upstream: string): string {
  const refuse = () => new UsageError(`--upstream ${JSON.stringify(upstream)} is not a host and port nginx can pass requests to: give host:port, where ports-gen serve listens (127.0.0.1:8081, [::1]:8081, ports-api.internal:8081)`);
  const colon = upstream.lastIndexOf(':');
  if (colon === -1) throw refuse();
  const port = upstream.slice(colon + 1);
  if (!PORT.test(port) || Number(port) > 65535) throw refuse();
  const address = upstream.slice(0, colon);
  const bracketed = /^\[(.*)\]$/.exec(address);
  const fits = bracketed ? isIP(bracketed[1]!) === 6 : isIP(address) === 4 || (HOST.test(address) && !/^[0-9.]+$/.test(address));
  if (!fits) throw refuse();
  return upstream;
}
