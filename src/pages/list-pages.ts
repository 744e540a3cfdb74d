import { listPagePath, type PageList } from '../routes/site-files.js';
import { counted, escapeHtml, hrefTo, rootOf } from './html.js';
import { pageDocument, type PageSite } from './layout.js';

/** Entries on a page of a list: a page stays some 100 kB at most. */
const LIST_PAGE_SIZE = 500;

interface PagedList {
  list: PageList;
  title: string;
  /** What a count of its entries is: `port`. */
  noun: string;
  /** Its plural when not the noun and an `s`: `categories`. */
  plural?: string;
  /** Each entry as HTML, from the page's root, in the list's order: made when a page is. */
  entries: () => ReadonlyArray<(root: string) => string>;
  /** How many entries there are. */
  count: number;
}

/** The pages of a list, by file: `ports/`, `ports/2/`, ... (one page when it is empty); each made when asked for. */
export function listPages(site: PageSite, paged: PagedList, size = LIST_PAGE_SIZE): Map<string, () => string> {
  const pages = Math.max(1, Math.ceil(paged.count / size));
  let entries: ReadonlyArray<(root: string) => string> | undefined;
  const files = new Map<string, () => string>();
  for (let page = 1; page <= pages; page++) {
    const file = listPagePath(paged.list, page);
    files.set(file, () => {
      const root = rootOf(file);
      const shown = (entries ??= paged.entries()).slice((page - 1) * size, page * size).map((entry) => `<li>${entry(root)}</li>`);
      const title = pages === 1 ? paged.title : `${paged.title}, page ${page} of ${pages}`;
      const main = [
        `<h1>${escapeHtml(title)}</h1>`,
        `<p class="muted">${counted(paged.count, paged.noun, paged.plural)}, by name.</p>`,
        shown.length ? `<ul class="plain results">${shown.join('')}</ul>` : '<p>None.</p>',
        pager(paged.list, page, pages, root),
      ];
      return pageDocument(site, { file, kind: 'list', title, description: `${paged.title}: ${counted(paged.count, paged.noun, paged.plural)}, by name.` }, main.filter(Boolean).join('\n'));
    });
  }
  return files;
}

/** Links to the list's other pages: the previous, each page by number, the next. */
function pager(list: PageList, page: number, pages: number, root: string): string {
  if (pages === 1) return '';
  const to = (n: number) => escapeHtml(hrefTo(root, listPagePath(list, n)));
  const numbers = Array.from({ length: pages }, (_, i) => (i + 1 === page ? `<li><a aria-current="page" href="${to(i + 1)}">${i + 1}</a></li>` : `<li><a href="${to(i + 1)}">${i + 1}</a></li>`));
  const previous = page > 1 ? `<a rel="prev" href="${to(page - 1)}">Previous</a>` : '';
  const next = page < pages ? `<a rel="next" href="${to(page + 1)}">Next</a>` : '';
  return `<nav class="pager" aria-label="Pages">${previous}<ul class="inline">${numbers.join('')}</ul>${next}</nav>`;
}
