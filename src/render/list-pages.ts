import type { CategoryListing, MaintainerListing } from '../derive/listings.js';
import { API_DIR } from '../routes/site-files.js';
import type { Body } from './body.js';
import { PAGE_TAIL, pageCount, pageHead } from './files-page.js';
import { toJsonText } from './json-text.js';

/**
 * The bodies of section "the rest of the read API" in docs/api.md: the API root, the pages of
 * a list, and the category and maintainer pages. Keys in the order the live service writes them.
 */

/** The API root; with `format` (json, api, or empty) every link carries it, as DRF reverses them. */
export function rootBody(baseUrl: string, format?: string): string {
  const link = (list: string) => `${baseUrl}/${API_DIR}/${list}/${format === undefined ? '' : `?format=${format}`}`;
  return toJsonText({ ports: link('ports'), category: link('category'), files: link('files'), maintainer: link('maintainer') });
}

/** A list's pages, each a page envelope around its share of `items` (JSON texts), `pageSize` a page. */
export function listPageBodies(listPath: string, baseUrl: string, items: readonly string[], pageSize: number): Body[] {
  const pages = pageCount(items.length, pageSize);
  return Array.from({ length: pages }, (_, i) => [pageHead(baseUrl, items.length, i + 1, pages, listPath), items.slice(i * pageSize, (i + 1) * pageSize).join(','), PAGE_TAIL]);
}

/** A category as its list shows it: every port in it counted, active or not. */
export function categoryItem(category: CategoryListing): string {
  return toJsonText({ name: category.name, ports_count: category.portsCount });
}

/** A category's own page: its active ports, and their number. */
export function categoryBody(category: CategoryListing): string {
  return toJsonText({ name: category.name, ports_count: category.active.length, ports: category.active });
}

export function maintainerItem(maintainer: MaintainerListing): string {
  return toJsonText(maintainer.person);
}

/** A handle's page: an array of every maintainer with that handle, each with their active ports. */
export function maintainerBody(maintainers: readonly MaintainerListing[]): string {
  return toJsonText(maintainers.map(({ person, active }) => ({ name: person.name, github: person.github, ports_count: person.ports_count, ports: active })));
}
