import { contentHash } from '../core/content-hash.js';
import type { CategoryListing, MaintainerListing } from '../derive/listings.js';
import { maintainersByHandle } from '../derive/listings.js';
import type { MaintainerResource } from '../derive/maintainers.js';
import { CATEGORIES_ROUTE, MAINTAINERS_ROUTE, ROOT_LINK_FORMATS } from '../routes/route-table.js';
import { categoryFile, hasCategoryPage, hasMaintainerPage, listPageFile, maintainerFile, OPENAPI_FILE, rootFile } from '../routes/site-files.js';
import { openApiBody } from './openapi.js';
import type { Body } from './body.js';
import { categoryBody, categoryItem, listPageBodies, maintainerBody, maintainerItem, rootBody } from './list-pages.js';

/** The files of the API root (and its OpenAPI document), the categories and the maintainers, and what the routes need of them. */
export interface ListingFiles {
  /** Path → body, in the order they are written. */
  files: Map<string, Body>;
  /** The categories and handles that have a page of their own. */
  categories: string[];
  maintainers: string[];
  /** The number of pages of each list. */
  categoryPages: number;
  maintainerPages: number;
  /** What the lists list, in their order: the categories' names, the maintainers. */
  listed: { categories: string[]; maintainers: MaintainerResource[] };
}

/**
 * The listing files' key: they follow from the ports' cores (see derive/snapshot), the base URL
 * and the page size alone; undefined when the cores key is not known.
 */
export function listingsKey(cores: string | undefined, baseUrl: string, pageSize: number): string | undefined {
  return cores === undefined ? undefined : contentHash(JSON.stringify(['listings', cores, baseUrl, pageSize]));
}

/**
 * Every file of the API root, its OpenAPI document and the category and maintainer lists
 * (docs/api.md). Pure, and small beside the ports (a category or a person per file): made
 * whole when the ports are derived, and kept by their key (see listingsKey) when a previous
 * tree holds them.
 */
export function listingFiles(categories: readonly CategoryListing[], maintainers: readonly MaintainerListing[], baseUrl: string, pageSize: number): ListingFiles {
  const files = new Map<string, Body>();
  files.set(rootFile(), rootBody(baseUrl));
  for (const format of ROOT_LINK_FORMATS) files.set(rootFile(format), rootBody(baseUrl, format));
  files.set(OPENAPI_FILE, openApiBody(baseUrl));

  const categoryPages = listPageBodies(CATEGORIES_ROUTE.path, baseUrl, categories.map(categoryItem), pageSize);
  categoryPages.forEach((body, i) => files.set(listPageFile('category', i + 1), body));
  const withPages = categories.filter((category) => hasCategoryPage(category.name));
  for (const category of withPages) files.set(categoryFile(category.name), categoryBody(category));

  const maintainerPages = listPageBodies(MAINTAINERS_ROUTE.path, baseUrl, maintainers.map(maintainerItem), pageSize);
  maintainerPages.forEach((body, i) => files.set(listPageFile('maintainer', i + 1), body));
  const handles = [...maintainersByHandle(maintainers)].filter(([github]) => hasMaintainerPage(github));
  for (const [github, same] of handles) files.set(maintainerFile(github), maintainerBody(same));

  return {
    files,
    categories: withPages.map((category) => category.name),
    maintainers: handles.map(([github]) => github),
    categoryPages: categoryPages.length,
    maintainerPages: maintainerPages.length,
    listed: { categories: categories.map((category) => category.name), maintainers: maintainers.map((listing) => listing.person) },
  };
}
