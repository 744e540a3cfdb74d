import { contentHash } from '../core/content-hash.js';
import { maintainersByHandle, type CategoryListing, type MaintainerListing } from '../derive/listings.js';
import type { PortSummary } from '../derive/ports.js';
import { categoryPageFile, hasCategoryPage, hasMaintainerPage, maintainerPageFile, NOT_FOUND_PAGE, PAGE_FILE, pageUrlPath, portPagePath, ROBOTS_FILE, SEARCH_PAGE } from '../routes/site-files.js';
import { notFoundPage, searchPage, startPage } from './fixed-pages.js';
import { byName, counted, escapeHtml, hrefTo, link } from './html.js';
import type { PageSite } from './layout.js';
import { categoryPage, maintainerPage, portItem } from './listing-pages.js';
import { listPages } from './list-pages.js';
import { robotsText, sitemapFiles, SITEMAP_LIMIT } from './sitemap.js';

/** What the pages but the ports' own are made of: the ports in catalogue order, the listings. */
export interface PageListings {
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
  const categories = listings.categories.filter((category) => hasCategoryPage(category.name));
  const files = new Map<string, LazyPage>();
  const counts = { ports: listings.ports.length, active: listings.ports.filter((port) => port.active).length, categories: listings.categories.length, maintainers: handles.length };
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
      entries: () => byName(handles, ([github]) => github).map(([github, same]) => (root: string) => namedEntry(hrefTo(root, maintainerPageFile(github)), `@${github}`, counted(new Set(same.flatMap((l) => l.active)).size, 'active port'))),
      count: handles.length,
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

function namedEntry(href: string | undefined, name: string, count: string): string {
  return `${href === undefined ? escapeHtml(name) : link(href, name)} <span class="muted">${count}</span>`;
}
