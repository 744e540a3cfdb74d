/**
 * The script of the pages that `build --pages` writes (`<body data-root="../../">`): each page
 * is complete without it. It sends old fragment links (`#/ports/zlib`) to their pages, shows
 * search results as one types (in place of the page's content, or in `#results` on the search
 * page), and wires the keyboard and the copy buttons.
 */
import { followLater } from './address.js';
import { wireCopyButtons } from './copy.js';
import { h } from './dom.js';
import { pageOfFragment } from './fragment-routes.js';
import { wireKeys } from './keys.js';
import { loadSearchIndex, RESULT_LINK, showResults } from './results.js';

/** Sends an old link to the page it now names, from `root` (the path from this page to the site's root); true when it leaves this page. */
function redirect(root: string): boolean {
  const page = pageOfFragment(location.hash);
  if (page === undefined) return false;
  const target = new URL(root + page || './', location.href);
  const here = new URL(location.href);
  here.hash = '';
  // `#/` on the start page names the page itself: only the fragment goes.
  if (target.href === here.href) {
    history.replaceState(null, '', target.href);
    return false;
  }
  location.replace(target.href);
  return true;
}

const queryOfAddress = () => new URLSearchParams(location.search).get('q') ?? '';

/** Keeps the search page's address the search shown (`search/?q=zlib`), so that it can be shared and reloaded. */
function keepQuery(query: string): void {
  const url = new URL(location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  if (url.href !== location.href) history.replaceState(history.state, '', url.href);
}

export function startPages(root: string): void {
  if (redirect(root)) return;
  window.addEventListener('hashchange', () => void redirect(root));
  wireCopyButtons();
  const box = document.getElementById('search') as HTMLInputElement | null;
  const main = document.getElementById('main');
  if (!box || !main) return;
  const onSearchPage = document.body.dataset.page === 'search';
  const results = (onSearchPage && document.getElementById('results')) || main;
  // The page's own content, put back when the search is left.
  const own = [...main.childNodes];
  let replaced = false;
  const index = () => loadSearchIndex(`${root}browser/search.json`);
  const href = (name: string) => `${root}port/${encodeURIComponent(name)}/`;

  const leave = () => {
    if (replaced) main.replaceChildren(...own);
    replaced = false;
  };
  const update = async () => {
    const query = box.value.trim();
    if (!query) {
      if (onSearchPage) {
        keepQuery(query);
        results.replaceChildren();
      } else leave();
      return;
    }
    const loaded = await index();
    if (box.value.trim() !== query) return; // typed on meanwhile
    replaced = !onSearchPage;
    showResults(results, loaded, query, href, onSearchPage ? [] : [h('h1', {}, 'Search')]);
    if (onSearchPage) followLater(() => box.value.trim() === query && keepQuery(query));
  };
  // After any navigation the box is empty (a page back from the back/forward cache too), but on
  // the search page, whose address holds its query.
  const reset = () => {
    box.value = onSearchPage ? queryOfAddress() : '';
    void update();
  };

  box.addEventListener('focus', () => void index(), { once: true });
  box.addEventListener('input', () => void update());
  box.form?.addEventListener('submit', (event) => {
    // With results shown, Enter opens the first; else the form goes to the search page.
    const first = results.querySelector<HTMLAnchorElement>(RESULT_LINK);
    if (!first || !box.value.trim()) return;
    event.preventDefault();
    first.click();
  });
  // The arrows move through the search's results, not through a list of the page's own.
  wireKeys(box, () => (replaced || onSearchPage ? results : null), () => void update());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) reset();
  });
  reset();
}
