/**
 * The script-rendered browser (`index.html` without `build --pages`): one page whose routes
 * live in the URL's fragment (`#/ports/zlib`), so a static host needs no rule.
 */
import { followLater } from './address.js';
import type { BuildBody, CategoryItemBody, PortBody } from '../routes/output-schemas.js';
import { API, NotFound } from './api.js';
import { buildItem, categoryItem, h, link, portItem, portRoute } from './dom.js';
import { parseFragment, viewOf } from './fragment-routes.js';
import { wireKeys } from './keys.js';
import { maintainerItems } from './people.js';
import { loadSearchIndex, showResults } from './results.js';
import { main, show, showCategory, showHome, showList, showMaintainer, showPort } from './views.js';

const SEARCH_INDEX = 'browser/search.json';
const searchBox = () => document.getElementById('search') as HTMLInputElement;

async function showSearch(query: string): Promise<void> {
  // The box keeps what is typed (a space before the next word); an address's query fills it.
  if (searchBox().value.trim() !== query) searchBox().value = query;
  const index = await loadSearchIndex(SEARCH_INDEX);
  if (searchBox().value.trim() !== query) return; // typed on meanwhile
  document.title = `Search: ${query} · Ports`;
  showResults(main(), index, query, portRoute, [h('h1', {}, 'Search')]);
}

async function route(): Promise<void> {
  const shown = viewOf(parseFragment(location.hash));
  // Any page but a search's leaves the search behind: the box is emptied.
  if (shown.view !== 'search') searchBox().value = '';
  try {
    switch (shown.view) {
      case 'search':
        if (shown.query) await showSearch(shown.query);
        else await showHome();
        break;
      case 'port':
        await showPort(shown.name);
        break;
      case 'category':
        await showCategory(shown.name);
        break;
      case 'maintainer':
        await showMaintainer(shown.name);
        break;
      case 'ports':
        await showList<PortBody>('Ports, newest first', '#/ports', `${API}ports/`, shown.page, (ports) => ports.map(portItem));
        break;
      case 'categories':
        await showList<CategoryItemBody>('Categories', '#/categories', `${API}category/`, shown.page, (categories) => categories.map(categoryItem));
        break;
      case 'maintainers':
        await showList('Maintainers', '#/maintainers', `${API}maintainer/`, shown.page, maintainerItems);
        break;
      case 'files':
        await showList<BuildBody>('Files of the builds', '#/files', `${API}files/`, shown.page, (builds) => builds.map(buildItem));
        break;
      case 'start':
        await showHome();
        break;
      case 'not-found':
        throw new NotFound('No page of this site has this address.');
    }
  } catch (cause) {
    // A miss in the API's own words; anything else (the site unreachable) said as plainly.
    const missing = cause instanceof NotFound;
    const title = missing ? 'Not found' : 'Could not load this page';
    show(title, undefined, h('h1', {}, title), h('p', {}, cause instanceof Error ? cause.message : String(cause)), h('p', {}, link('#/', 'Back to the start')));
  }
  if (shown.view !== 'search') main().focus({ preventScroll: true });
}

/**
 * The search box drives `#/search/<query>`: its first key adds an entry to the history, the
 * next ones replace it, so Back leaves the search. The results are shown first and the address
 * follows: a history entry's update costs the browser more than the search.
 */
function wireSearch(): void {
  const box = searchBox();
  box.addEventListener('focus', () => void loadSearchIndex(SEARCH_INDEX), { once: true });
  box.addEventListener('input', () => {
    const query = box.value.trim();
    const target = query ? `#/search/${encodeURIComponent(query)}` : '#/';
    if (!location.hash.startsWith('#/search/')) {
      history.pushState(null, '', target);
      void route();
      return;
    }
    if (!query) {
      history.replaceState(null, '', target);
      void route();
      return;
    }
    // Not once the reader has left the search (a result opened meanwhile): that address stays.
    const follow = () => box.value.trim() === query && location.hash.startsWith('#/search/') && history.replaceState(null, '', target);
    void showSearch(query).then(() => followLater(follow));
  });
  document.getElementById('search-form')!.addEventListener('submit', (event) => {
    event.preventDefault();
    main().querySelector<HTMLAnchorElement>('ul.results a')?.click();
  });
  wireKeys(box, main, () => {
    location.hash = '#/';
  });
}

export function startBrowser(): void {
  window.addEventListener('hashchange', () => void route());
  wireSearch();
  void route();
}
