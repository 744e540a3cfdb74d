/** How `serve` opens a file of the site it answers from: never through a link, never out of the tree. */
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * Opens a file of the site without following links: the last component with O_NOFOLLOW, and
 * the directory it sits in must resolve inside the site. Undefined when it is not a plain file.
 * O_NONBLOCK: opening a FIFO planted in the site would otherwise wait for a writer, and stop
 * the whole server with it (it changes nothing for a plain file).
 */
export function openInside(root: string, relative: string): { fd: number; stats: Stats } | undefined {
  const file = path.join(root, relative);
  let fd: number | undefined;
  try {
    const dir = realpathSync(path.dirname(file));
    if (dir !== root && !dir.startsWith(root + path.sep)) return undefined;
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (stats.isFile()) return { fd, stats };
  } catch {
    // ENOENT, ELOOP (a link), EACCES: all a miss
  }
  if (fd !== undefined) closeSync(fd);
  return undefined;
}

/** The texts of files of the site, each opened as openInside opens it; undefined when one is not a plain file there. */
export function readInside(root: string, files: readonly string[]): string[] | undefined {
  const texts: string[] = [];
  for (const file of files) {
    const opened = openInside(root, file);
    if (!opened) return undefined;
    try {
      texts.push(readFileSync(opened.fd, 'utf8'));
    } finally {
      closeSync(opened.fd);
    }
  }
  return texts;
}
