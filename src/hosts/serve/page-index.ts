/**
 * The pages for people a built site holds (`build --pages`, the block at the end of
 * routes/site-files), read from its tree as the rest of the index is: each page's URL path as
 * Django decodes it (`/category/two words/`) and its file. Only the places site-files defines
 * are read, and only real directories and plain files, so nothing else of the tree (the marker,
 * the Netlify files, the API's files by their own paths) ever becomes a page.
 */
import { categoryPageFile, listPagePath, maintainerPageFile, NOT_FOUND_PAGE, PAGE_FILE, PAGE_LISTS, portPageFile, ROBOTS_FILE, SEARCH_PAGE, SITEMAP_FILE, sitemapPartFile } from '../../routes/site-files.js';
import type { PageIndex } from '../../routes/page-answer.js';
import { directoriesIn, filesIn } from './tree-entries.js';


const NUMBER = /^[1-9][0-9]*$/;
const SITEMAP_PART = /^sitemap-([1-9][0-9]*)\.xml$/;

/** A directory's page (`port/zlib/index.html`) by its URL path (`/port/zlib/`); a file at the top by its own. */
function urlPath(file: string): string {
  return `/${file.endsWith(`/${PAGE_FILE}`) ? file.slice(0, -PAGE_FILE.length) : file}`;
}

/**
 * The pages of the site at `dir`; undefined for a site without them (no 404 page at its top),
 * which is answered exactly as before pages existed.
 */
export function readPageIndex(dir: string): PageIndex | undefined {
  const top = new Set(filesIn(dir, ''));
  if (!top.has(NOT_FOUND_PAGE)) return undefined;
  const files: string[] = [];
  // Its own directory's file is not checked: a page gone when opened is answered as missing.
  const each = (file: (name: string) => string) => files.push(...directoriesIn(dir, file('').split('/')[0]!).map(file));
  each(portPageFile);
  each(categoryPageFile);
  each(maintainerPageFile);
  for (const list of PAGE_LISTS) {
    if (filesIn(dir, list).includes(PAGE_FILE)) files.push(listPagePath(list, 1));
    for (const page of directoriesIn(dir, list).filter((name) => NUMBER.test(name) && name !== '1')) files.push(listPagePath(list, Number(page)));
  }
  if (filesIn(dir, SEARCH_PAGE.slice(0, -PAGE_FILE.length - 1)).includes(PAGE_FILE)) files.push(SEARCH_PAGE);
  for (const name of top) {
    const part = SITEMAP_PART.exec(name);
    if (name === ROBOTS_FILE || name === SITEMAP_FILE || (part && sitemapPartFile(Number(part[1])) === name)) files.push(name);
  }
  return new Map(files.map((file) => [urlPath(file), file]));
}
