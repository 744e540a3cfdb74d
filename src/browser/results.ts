/**
 * A search's results as both the fragment browser and the pages show them: the count, the first
 * ports, and a button that shows the next ones, so that every match can be reached.
 */
import { fetchJson } from './api.js';
import { h, link } from './dom.js';
import { counted, number } from './format.js';
import { indexed, search, SHOWN, type SearchEntry, type SearchIndex, type SearchIndexed, type SearchResults } from './search.js';

let loaded: Promise<SearchIndex> | undefined;

/** The search index, fetched once from `url` (the site's `browser/search.json`) and made ready to search. */
export function loadSearchIndex(url: string): Promise<SearchIndex> {
  loaded ??= fetchJson<SearchEntry[]>(url).then(indexed);
  return loaded;
}

/** The event dispatched on the document once a search's results are in the page (for tests and for whoever embeds the script). */
const RESULTS_SHOWN = 'ports:results';

/** A port's link among the results: the arrow keys move through these. */
export const RESULT_LINK = 'ul.results li > span > a:first-child';

function item(port: SearchIndexed, href: (name: string) => string): HTMLElement {
  return h('li', {}, h('span', {}, link(href(port.name), port.name), port.active ? null : h('span', { class: 'badge' }, 'retired'), h('span', { class: 'desc' }, port.description)));
}

/**
 * The results of `query`, ranked (see search): a heading line with their count, the first
 * SHOWN, and under them how many are shown with a "Show more" button while any are left.
 */
function resultsView(query: string, found: SearchResults, href: (name: string) => string): Node[] {
  const { total } = found;
  const heading = h('p', { class: 'muted', id: 'search-count' }, total === 0 ? `No port matches “${query}”.` : `${counted(total, 'port')} ${total === 1 ? 'matches' : 'match'} “${query}”:`);
  if (total === 0) return [heading];
  const list = h('ul', { class: 'plain results' });
  const status = h('span', { class: 'muted', id: 'search-shown' });
  const more = h('button', { type: 'button', class: 'more' });
  const footer = h('p', { class: 'more-results' }, status, ' ', more);
  let shown = 0;
  const showMore = () => {
    const next = found.slice(shown, shown + SHOWN).map((port) => item(port, href));
    list.append(...next);
    shown += next.length;
    status.textContent = `Showing ${number(shown)} of ${number(total)}`;
    more.textContent = `Show ${number(Math.min(SHOWN, total - shown))} more`;
    if (shown >= total) footer.remove();
    return next[0];
  };
  showMore();
  more.addEventListener('click', () => {
    // The first new result takes the focus, so a keyboard's reader goes on from where the list grew.
    showMore()?.querySelector('a')?.focus();
  });
  return shown < total ? [heading, list, footer] : [heading, list];
}

/** Searches the index and shows the results in `into`; says so with RESULTS_SHOWN. */
export function showResults(into: Element, index: SearchIndex, query: string, href: (name: string) => string, before: Node[] = []): void {
  const found = search(index, query);
  into.replaceChildren(...before, ...resultsView(query, found, href));
  document.dispatchEvent(new CustomEvent(RESULTS_SHOWN, { detail: { query, total: found.total } }));
}
