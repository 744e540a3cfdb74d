/** The entries of a built site's directories, as `serve` reads them to know the site (see site-index, page-index). */
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** The entries of `sub` in the site at `dir`; none when it has no `sub` (a site of an older version, or without pages). */
export function entriesIn(dir: string, sub: string): Dirent[] {
  try {
    return readdirSync(path.join(dir, sub), { withFileTypes: true });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw cause;
  }
}

/** The real directories in `sub` (a link is not one: it is never followed). */
export function directoriesIn(dir: string, sub: string): string[] {
  return entriesIn(dir, sub)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** The plain files in `sub`. */
export function filesIn(dir: string, sub: string): string[] {
  return entriesIn(dir, sub)
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}
