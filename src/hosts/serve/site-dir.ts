/** What `serve` and `nginx` need to know of the site they are given, and why `serve` cannot listen. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../core/problems/usage-error.js';
import { PORTS_ROUTE } from '../../routes/route-table.js';
import { MARKER_FILE, rootFile } from '../../routes/site-files.js';

/** `--dir` resolved, when it is a site ports-gen built (it has the marker); a usage error otherwise. */
export function builtSite(cwd: string, given: string): string {
  const dir = path.resolve(cwd, given);
  if (!existsSync(path.join(dir, MARKER_FILE))) throw new UsageError(`${given} is not a site built by ports-gen (no ${MARKER_FILE}); run \`ports-gen build\` first`);
  return dir;
}

/** The base URL a site was built with, as its API root links to it; undefined when unknown. */
export function builtBaseUrl(dir: string): string | undefined {
  try {
    const root = JSON.parse(readFileSync(path.join(dir, rootFile()), 'utf8')) as { ports?: unknown };
    return typeof root.ports === 'string' ? root.ports.slice(0, -PORTS_ROUTE.path.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Why `serve` cannot listen, when it is the user's to fix: a usage error with a hint. */
export function listenError(cause: NodeJS.ErrnoException, host: string, port: number): UsageError | undefined {
  const where = `${host}:${port}`;
  if (cause.code === 'EADDRINUSE') return new UsageError(`${where} is in use by another program: give another --port (0 picks a free one)`);
  if (cause.code === 'EADDRNOTAVAIL') return new UsageError(`${host} is not an address of this host: give another --host (127.0.0.1, or 0.0.0.0 for every address)`);
  if (cause.code === 'EACCES') return new UsageError(`listening on ${where} needs privileges: give a --port from 1024 up`);
  if (cause.code === 'ENOTFOUND' || cause.code === 'EAI_AGAIN') return new UsageError(`${host} does not resolve to an address: give another --host`);
  return undefined;
}
