/** The browser's DOM helpers and its fragment routes: elements made from data, text always as text. */

import type { BuildBody, CategoryItemBody, PortBody } from '../routes/output-schemas.js';
import { counted, number } from './format.js';

export type Child = Node | string | null | undefined | false;

/** An element with its attributes and children; text is always text. */
export function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/** The fragment route of a port, a category, a maintainer; names are percent-encoded. */
export const portRoute = (name: string) => `#/ports/${encodeURIComponent(name)}`;
export const categoryRoute = (name: string) => `#/category/${encodeURIComponent(name)}`;
export const maintainerRoute = (github: string) => `#/maintainer/${encodeURIComponent(github)}`;

export const link = (href: string, text: string, attributes: Record<string, string> = {}) => h('a', { href, ...attributes }, text);
export const portLink = (name: string) => link(portRoute(name), name);

export function list(items: readonly Node[], className = 'inline'): HTMLElement {
  return h('ul', { class: className }, ...items.map((item) => h('li', {}, item)));
}

/** DRF's page envelope, around any list's items. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function pager(route: string, page: number, count: number, body: Page<unknown>, pageSize: number): HTMLElement | null {
  const pages = Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
  if (pages === 1) return null;
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    body.previous ? link(`${route}?page=${page - 1}`, '← Previous', { rel: 'prev' }) : null,
    h('span', { class: 'muted' }, `Page ${number(page)} of ${number(pages)}`),
    body.next ? link(`${route}?page=${page + 1}`, 'Next →', { rel: 'next' }) : null,
  );
}

/** One item of each list, as the list pages show it. */
export const portItem = (port: PortBody) =>
  h('span', {}, portLink(port.name), port.active ? null : h('span', { class: 'badge' }, 'retired'), h('span', { class: 'desc' }, port.description));
export const categoryItem = (category: CategoryItemBody) => h('span', {}, link(categoryRoute(category.name), category.name), ` `, h('span', { class: 'muted' }, number(category.ports_count)));
export const buildItem = (build: BuildBody) =>
  h('details', {}, h('summary', {}, `Build ${build.build_id}`, ' ', h('span', { class: 'muted' }, counted(build.files.length, 'file'))), list(build.files.map((f) => document.createTextNode(f.file)), 'plain files'));
