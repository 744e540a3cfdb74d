import type { PortSummary } from '../derive/ports.js';
import { listPagePath, NOT_FOUND_PAGE, PAGE_FILE, SEARCH_PAGE } from '../routes/site-files.js';
import { counted, hrefTo, items, link } from './html.js';
import { portItem, type Describe } from './listing-pages.js';
import { pageDocument, type PageSite } from './layout.js';

/** The newest ports the start page shows. */
const NEWEST = 20;

interface SiteCounts {
  ports: number;
  active: number;
  categories: number;
  maintainers: number;
}

/** The start page, at the site's root: the counts, the newest ports (the last the catalogue lists), and the search box above. */
export function startPage(site: PageSite, counts: SiteCounts, newest: readonly PortSummary[], describe: Describe): string {
  const to = (file: string) => hrefTo('', file);
  const main = [
    '<h1>Ports</h1>',
    `<p>${counted(counts.ports, 'port')} (${counted(counts.active, 'active port')}) in ${link(to(listPagePath('categories', 1)), counted(counts.categories, 'category', 'categories'))}, by ${link(to(listPagePath('maintainers', 1)), counted(counts.maintainers, 'maintainer'))}. Search them by name or description above (press / to start typing), or ${link(to(listPagePath('ports', 1)), 'browse them all by name')}.</p>`,
    '<h2>Newest ports</h2>',
    items(newest.slice(-NEWEST).reverse().map((port) => portItem(port.name, '', describe)), 'plain results'),
  ];
  return pageDocument(site, { file: PAGE_FILE, kind: 'start', title: 'Ports', description: `${counted(counts.ports, 'port')}: each with its version, variants, dependencies and maintainers.` }, main.join('\n'));
}

/** `search/`: the script shows the results for `?q=`; without it, the lists are the way in. */
export function searchPage(site: PageSite): string {
  const root = '../';
  const lists = [link(hrefTo(root, listPagePath('ports', 1)), 'every port by name'), link(hrefTo(root, listPagePath('categories', 1)), 'the categories'), link(hrefTo(root, listPagePath('maintainers', 1)), 'the maintainers')];
  const main = ['<h1>Search</h1>', `<noscript><p>Searching needs JavaScript. Browse ${lists.join(', ')} instead.</p></noscript>`, '<div id="results"></div>'];
  return pageDocument(site, { file: SEARCH_PAGE, kind: 'search', title: 'Search', description: 'Search the ports by name or description.' }, main.join('\n'));
}

/**
 * `404.html`: what a host answers for an address no page has. It is served at any depth, so it
 * links from the root's own path (the base URL's).
 */
export function notFoundPage(site: PageSite): string {
  const root = new URL(`${site.baseUrl}/`).pathname;
  const main = ['<h1>Not found</h1>', `<p>No page of this site has this address. Try the search above, or ${link(root, 'the start page')}.</p>`];
  return pageDocument(site, { file: NOT_FOUND_PAGE, kind: 'not-found', title: 'Not found', description: 'No page of this site has this address.', root }, main.join('\n'));
}
