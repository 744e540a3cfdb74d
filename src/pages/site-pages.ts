import { contentHash } from '../core/content-hash.js';
import { maintainersByHandle, maintainersByName, type CategoryListing, type MaintainerListing } from '../derive/listings.js';
import type { PortSummary } from '../derive/ports.js';
import { categoryPageFile, hasCategoryPage, hasMaintainerPage, maintainerPageFile, NOT_FOUND_PAGE, PAGE_FILE, pageUrlPath, portPagePath, ROBOTS_FILE, SEARCH_PAGE } from '../routes/site-files.js';
import { notFoundPage, searchPage, startPage } from './fixed-pages.js';
import { byName, counted, escapeHtml, hrefTo, link } from './html.js';
import type { PageSite } from './layout.js';
import { categoryPage, maintainerPage, portItem } from './listing-pages.js';
import { listPages } from './list-pages.js';
import { robotsText, sitemapFiles, SITEMAP_LIMIT } from './sitemap.js';

/** What the pages but the ports' own are made of: the ports in catalogue order, the listings. */
interface PageListings {
  ports: readonly PortSummary[];
  categories: readonly CategoryListing[];
  maintainers: readonly MaintainerListing[];
}

/**
 * The key of the pages but the ports' own: they follow from the listings' key (the ports'
 * cores, the base URL) and whether the site has feeds; undefined when that key is not known.
 */
export function sitePagesKey(listingsKey: string | undefined, site: PageSite): string | undefined {
  return listingsKey === undefined ? undefined : contentHash(JSON.stringify(['pages', listingsKey, site.feeds]));
}

/**
 * A port's page's key: its print (see PortList.printAt) under the pages' options, their hash
 * made once and appended: a hash per port would be planning's largest cost.
 */
export function portPageKeys(site: PageSite): (print: string | undefined) => string | undefined {
  const options = contentHash(JSON.stringify(['port-page', site.baseUrl, site.feeds]));
  return (print) => (print === undefined ? undefined : `${print}:${options}`);
}

/** A page made when it is written: the pages are planned by their paths, and most are kept. */
export type LazyPage = () => string;

/**
 * Every page but the ports' own, by file, with the sitemap and robots.txt: pure, each made
 * when asked for, so that the planning holds only their paths.
 */
export function sitePages(site: PageSite, listings: PageListings, sitemapLimit = SITEMAP_LIMIT): Map<string, LazyPage> {
  const byPort = new Map(listings.ports.map((port) => [port.name, port]));
  const describe = (name: string) => byPort.get(name);
  const handles = [...maintainersByHandle(listings.maintainers)].filter(([github]) => hasMaintainerPage(github));
  const maintainers = maintainerEntries(listings.maintainers);
  const categories = listings.categories.filter((category) => hasCategoryPage(category.name));
  const files = new Map<string, LazyPage>();
  const counts = { ports: listings.ports.length, active: listings.ports.filter((port) => port.active).length, categories: listings.categories.length, maintainers: maintainers.length };
  files.set(PAGE_FILE, () => startPage(site, counts, listings.ports, describe));
  const lists = [
    ...listPages(site, { list: 'ports', title: 'Ports', noun: 'port', entries: () => byName(listings.ports, (port) => port.name).map((port) => (root: string) => portItem(port.name, root, describe)), count: listings.ports.length }),
    ...listPages(site, {
      list: 'categories',
      title: 'Categories',
      noun: 'category',
      plural: 'categories',
      entries: () => byName(listings.categories, (category) => category.name).map((category) => (root: string) => namedEntry(hasCategoryPage(category.name) ? hrefTo(root, categoryPageFile(category.name)) : undefined, category.name, counted(category.portsCount, 'port'))),
      count: listings.categories.length,
    }),
    ...listPages(site, {
      list: 'maintainers',
      title: 'Maintainers',
      noun: 'maintainer',
      entries: () => byName(maintainers, (entry) => entry.key).map((entry) => (root: string) => namedEntry(entry.page === undefined ? undefined : hrefTo(root, entry.page), entry.text, counted(entry.active, 'active port'))),
      count: maintainers.length,
    }),
  ];
  for (const [file, page] of lists) files.set(file, page);
  for (const category of categories) files.set(categoryPageFile(category.name), () => categoryPage(site, category, describe));
  for (const [github, same] of handles) files.set(maintainerPageFile(github), () => maintainerPage(site, github, same, describe));
  files.set(SEARCH_PAGE, () => searchPage(site));
  files.set(NOT_FOUND_PAGE, () => notFoundPage(site));
  const pages = [...files.keys()].filter((file) => file !== SEARCH_PAGE && file !== NOT_FOUND_PAGE);
  const urls = () => [...pages.map(pageUrlPath), ...listings.ports.map((port) => portPagePath(port.name))].map((path) => site.baseUrl + path);
  for (const [file, page] of sitemapFiles(site.baseUrl, urls, pages.length + listings.ports.length, sitemapLimit)) files.set(file, page);
  files.set(ROBOTS_FILE, () => robotsText(site.baseUrl));
  return files;
}

/** A maintainer in the list of maintainers: by what people know them by, with their page when they have one. */
interface MaintainerEntry {
  /** What the list is sorted by: the handle, or the name. */
  key: string;
  text: string;
  page: string | undefined;
  /** Their active ports. */
  active: number;
}

/**
 * Every maintainer as the list shows them: one entry per handle (everyone who uses it, as its
 * page), and, by name, the people the ports list with an e-mail address alone, whom the API
 * lists too but who have no page of their own.
 */
function maintainerEntries(listings: readonly MaintainerListing[]): MaintainerEntry[] {
  const active = (same: readonly MaintainerListing[]) => new Set(same.flatMap((listing) => listing.active)).size;
  const byHandle = [...maintainersByHandle(listings)].map(([github, same]) => ({ key: github, text: `@${github}`, page: hasMaintainerPage(github) ? maintainerPageFile(github) : undefined, active: active(same) }));
  const byPersonName = [...maintainersByName(listings).values()].map((same) => ({ key: same[0]!.person.name, text: same[0]!.person.name, page: undefined, active: active(same) }));
  return [...byHandle, ...byPersonName];
}

function namedEntry(href: string | undefined, name: string, count: string): string {
  return `${href === undefined ? escapeHtml(name) : link(href, name)} <span class="muted">${count}</span>`;
}
