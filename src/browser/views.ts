/**
 * The fragment browser's views: each made from the JSON file the site serves at its API URL,
 * shown in `#main` with a link to that URL (raw JSON).
 */

// The bodies' types from the schemas the built files are tested against: erased when bundled.
import type { CategoryBody, MaintainersBody, PortBody } from '../routes/output-schemas.js';
import { API, fetchJson } from './api.js';
import { categoryRoute, h, link, list, pager, portLink, type Child, type Page } from './dom.js';
import { counted, number } from './format.js';
import { maintainerCard, portMaintainers } from './people.js';

type Dependency = PortBody['dependencies'][number];

export const main = () => document.getElementById('main')!;

/** Replaces the page's content; `raw`: the API URL it shows, linked as raw JSON. */
export function show(title: string, raw: string | undefined, ...content: Child[]): void {
  document.title = title === 'Ports' ? 'Ports' : `${title} · Ports`;
  main().replaceChildren(...[raw ? link(raw, 'raw JSON', { class: 'raw' }) : null, ...content].filter((child): child is Node | string => Boolean(child)));
}

/** The page size of a list, from its first page (every page but the last is full). */
const pageSizes = new Map<string, number>();
async function pageSizeOf(api: string, page: number, body: Page<unknown>): Promise<number> {
  if (page === 1 || body.next) return body.results.length;
  const known = pageSizes.get(api);
  if (known !== undefined) return known;
  const first = await fetchJson<Page<unknown>>(api);
  pageSizes.set(api, first.results.length);
  return first.results.length;
}

function dependencies(title: string, groups: readonly Dependency[]): Child[] {
  if (groups.length === 0) return [];
  return [h('h2', {}, title), h('dl', { class: 'fields' }, ...groups.flatMap((group) => [h('dt', {}, group.type), h('dd', {}, list(group.ports.map(portLink)))]))];
}

function field(name: string, value: Child): Node[] {
  return [h('dt', {}, name), h('dd', {}, value)];
}

const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? link(url, url, { rel: 'noopener noreferrer' }) : url);
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export async function showPort(name: string): Promise<void> {
  const api = `${API}ports/${encodeURIComponent(name)}/`;
  const port = await fetchJson<PortBody>(api);
  // Sorted by name for people to find one; the API keeps the catalogue's order.
  const categories = [...port.categories].sort(byName.compare);
  const maintainers = portMaintainers(port.maintainers);
  show(
    port.name,
    api,
    h('h1', {}, port.name, h('span', { class: 'badge' }, port.version), port.active ? null : h('span', { class: 'badge' }, 'retired')),
    port.active ? null : h('p', { class: 'retired', role: 'note' }, 'Retired: the newest PortIndex no longer lists this port. It is kept as it was last published.'),
    port.description ? h('p', {}, port.description) : null,
    h(
      'dl',
      { class: 'fields' },
      ...field('Version', `${port.version}${port.epoch ? ` (epoch ${port.epoch})` : ''}`),
      ...field('Port directory', port.portdir),
      ...field('License', port.license || '—'),
      ...field('Platforms', port.platforms),
      ...field('Homepage', port.homepage ? safeUrl(port.homepage) : '—'),
      ...(port.replaced_by ? field('Replaced by', portLink(port.replaced_by)) : []),
      ...field('Categories', categories.length ? list(categories.map((c) => link(categoryRoute(c), c))) : '—'),
      ...field('Maintainers', maintainers.length ? list(maintainers) : 'none'),
      ...field('Variants', port.variants.length ? port.variants.join(', ') : '—'),
    ),
    port.long_description && port.long_description !== port.description ? h('p', {}, port.long_description) : null,
    ...dependencies('Dependencies', port.dependencies),
    ...dependencies('Depended on by', port.depends_on),
  );
}

export async function showCategory(name: string): Promise<void> {
  const api = `${API}category/${encodeURIComponent(name)}/`;
  const category = await fetchJson<CategoryBody>(api);
  show(category.name, api, h('h1', {}, category.name), h('p', { class: 'muted' }, counted(category.ports_count, 'active port')), list(category.ports.map(portLink)));
}

export async function showMaintainer(github: string): Promise<void> {
  const api = `${API}maintainer/${encodeURIComponent(github)}/`;
  const people = await fetchJson<MaintainersBody>(api);
  show(
    `@${github}`,
    api,
    h('h1', {}, `@${github}`),
    people.length === 0 ? h('p', { class: 'muted' }, 'No port lists this GitHub handle.') : maintainerCard(people, (names) => list(names.map(portLink))),
  );
}

/** A paged list: its page from the API, its items as `items` draws them. */
export async function showList<T>(title: string, route: string, api: string, page: number, items: (values: T[]) => Node[]): Promise<void> {
  const url = page > 1 ? `${api}?page=${page}` : api;
  const body = await fetchJson<Page<T>>(url);
  const size = await pageSizeOf(api, page, body);
  show(title, url, h('h1', {}, title), h('p', { class: 'muted' }, `${number(body.count)} in all`), list(items(body.results), 'plain results'), pager(route, page, body.count, body, size));
}

export async function showHome(): Promise<void> {
  const [ports, categories, maintainers, files] = await Promise.all(
    ['ports/', 'category/', 'maintainer/', 'files/'].map((list) => fetchJson<Page<unknown>>(`${API}${list}`).then((page) => page.count)),
  );
  const row = (href: string, label: string, count: number | undefined) => h('li', {}, link(href, label), ' ', h('span', { class: 'muted' }, number(count ?? 0)));
  show(
    'Ports',
    API,
    h('h1', {}, 'Ports'),
    h('p', {}, 'Search the ports by name or description above (press / to start typing), or browse a list:'),
    h('ul', { class: 'plain' }, row('#/ports', 'Every port, newest first', ports), row('#/categories', 'Categories', categories), row('#/maintainers', 'Maintainers', maintainers), row('#/files', 'Files of the builds', files)),
    h('p', { class: 'muted' }, 'Every page links to the API URL it shows (raw JSON). The API is described in ', link(`${API}openapi.json`, 'OpenAPI'), '.'),
  );
}
