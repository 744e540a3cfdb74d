import { thousands } from '../core/thousands.js';
import { pageUrlPath, portPagePath } from '../routes/site-files.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;

/** Text as HTML, in an element or a quoted attribute alike; most text has nothing to escape, and is not copied. */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c]!) : text;
}

/** A count and its noun: `1 port`, `40,000 ports`. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${thousands(n)} ${n === 1 ? one : many}`;
}

/** The relative way from a page's file to the site's root: `../../` from `port/zlib/index.html`. */
export function rootOf(file: string): string {
  return '../'.repeat(file.split('/').length - 1);
}

/**
 * A relative link from a page under `root` to a file of the site (its directory when it is a
 * page): relative, so a site works at any path of its host and read from the disk alike.
 */
export function hrefTo(root: string, file: string): string {
  return root + pageUrlPath(file).slice(1) || './';
}

/**
 * A link to a port's page: hrefTo's, made directly for the many links of the pages. The path
 * encodes the name; the text is escaped all the same, so that no name reaches a page raw,
 * whatever check let it through.
 */
export function portLink(root: string, name: string): string {
  return `<a href="${escapeHtml(root + portPagePath(name).slice(1))}">${escapeHtml(name)}</a>`;
}

export function link(href: string, text: string, attributes = ''): string {
  return `<a href="${escapeHtml(href)}"${attributes}>${escapeHtml(text)}</a>`;
}

/** A link out of the site, to a URL of the catalogue's: only http(s), else the text alone. */
export function outLink(url: string, text = url): string {
  return /^https?:\/\//i.test(url) ? link(url, text, ' rel="noopener noreferrer"') : escapeHtml(text);
}

/** Items of a list, `<li>` each, already HTML. */
export function items(list: readonly string[], className?: string): string {
  return `<ul${className ? ` class="${className}"` : ''}>${list.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/** Names in the order people look them up: letter case aside, then as spelled. */
export function byName<T>(list: readonly T[], name: (item: T) => string): T[] {
  const keyed = list.map((item) => ({ item, name: name(item), lower: name(item).toLowerCase() }));
  keyed.sort((a, b) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return keyed.map(({ item }) => item);
}
