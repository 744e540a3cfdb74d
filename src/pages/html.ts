import { thousands } from '../report/thousands.js';
import { pageUrlPath } from '../routes/site-files.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML, in an element or a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
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
  return [...list].sort((a, b) => {
    const [x, y] = [name(a), name(b)];
    const [lx, ly] = [x.toLowerCase(), y.toLowerCase()];
    return lx < ly ? -1 : lx > ly ? 1 : x < y ? -1 : x > y ? 1 : 0;
  });
}
