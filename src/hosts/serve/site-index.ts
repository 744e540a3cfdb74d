import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readQueryIndex } from '../../routes/query/read-query-index.js';
import { CATEGORY_DIR, listPagesDirectory, MAINTAINER_DIR, MARKER_FILE, PORTS_DIR, QUERY_INDEX, type ListName } from '../../routes/site-files.js';
import { readInside } from './open-inside.js';
import { namesFor, type SiteIndex } from '../../routes/answer.js';
import { CATEGORY_ROUTE, MAINTAINER_ROUTE, PORT_ROUTE } from '../../routes/route-table.js';
import { readPageIndex } from './page-index.js';
import { directoriesIn, entriesIn } from './tree-entries.js';

const PAGE_FILE = /^page-([1-9][0-9]*)\.json$/;

/** Reads the names and page counts of a built site from its tree (nothing else is trusted). */
export function readSiteIndex(dir: string): SiteIndex {
  // Every site has its ports' directory: a tree without it is gone (see serve's retry).
  const ports = readdirSync(path.join(dir, PORTS_DIR), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return {
    names: { ports: namesFor(PORT_ROUTE, ports), category: namesFor(CATEGORY_ROUTE, directoriesIn(dir, CATEGORY_DIR)), maintainer: namesFor(MAINTAINER_ROUTE, directoriesIn(dir, MAINTAINER_DIR)) },
    pages: { ports: pagesIn(dir, 'ports'), category: pagesIn(dir, 'category'), files: pagesIn(dir, 'files'), maintainer: pagesIn(dir, 'maintainer') },
    sitePages: readPageIndex(dir),
    ...queriesOf(dir),
  };
}

/** The site's query index; without one (a site built before it, or a damaged one), why a query cannot be answered. */
function queriesOf(dir: string): Pick<SiteIndex, 'queries' | 'noQueries'> {
  const opened = readInside(dir, [QUERY_INDEX]);
  const read = opened && readQueryIndex(opened[0]!);
  return read?.ok ? { queries: read.index } : { noQueries: 'no-query-index' };
}

function pagesIn(dir: string, list: ListName): number {
  let pages = 0;
  for (const entry of entriesIn(dir, listPagesDirectory(list))) {
    const match = PAGE_FILE.exec(entry.name);
    if (match && entry.isFile()) pages = Math.max(pages, Number(match[1]));
  }
  return Math.max(pages, 1);
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
