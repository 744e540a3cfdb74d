import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { FILES_DIR, MARKER_FILE, PORTS_DIR } from '../routes/site-files.js';
import type { SiteIndex } from './answer.js';

const PAGE_FILE = /^page-([1-9][0-9]*)\.json$/;

/** Reads the names and page count of a built site from its tree (nothing else is trusted). */
export function readSiteIndex(dir: string): SiteIndex {
  const ports = new Map<string, string>();
  for (const entry of readdirSync(path.join(dir, PORTS_DIR), { withFileTypes: true })) {
    if (entry.isDirectory()) ports.set(entry.name.toLowerCase(), entry.name);
  }
  let pages = 0;
  for (const entry of readdirSync(path.join(dir, FILES_DIR))) {
    const match = PAGE_FILE.exec(entry);
    if (match) pages = Math.max(pages, Number(match[1]));
  }
  return { ports, pages: Math.max(pages, 1) };
}

/**
 * The index of the tree at `dir`, read again whenever it is another tree or a build has
 * swapped in a new one (the marker file's inode or time changes), so `serve` can run beside
 * repeated builds.
 */
export function watchSiteIndex(): (dir: string) => SiteIndex {
  let stamp = '';
  let index: SiteIndex | undefined;
  return (dir) => {
    const marker = statSync(path.join(dir, MARKER_FILE), { throwIfNoEntry: false });
    const now = `${dir}\0${marker ? `${marker.ino}:${marker.mtimeMs}` : 'none'}`;
    if (!index || now !== stamp) {
      index = readSiteIndex(dir);
      stamp = now;
    }
    return index;
  };
}
