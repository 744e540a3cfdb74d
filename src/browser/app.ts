/**
 * The site's browser of its own API (`index.html`): every page is made from the JSON files the
 * site already serves, fetched by their API URLs, plus one search index the build writes
 * (`browser/search.json`). No framework and no network beyond the site: it works offline on
 * any host. Routes live in the URL's fragment (`#/ports/zlib`), so a static host needs no rule.
 * Everything shown is built as DOM nodes from data, never parsed as HTML.
 */

// The bodies' types from the schemas the built files are tested against: erased when bundled.
import type { CategoryBody, MaintainersBody, PortBody } from '../routes/output-schemas.js';
import { buildItem, categoryItem, categoryRoute, h, link, list, maintainerItem, maintainerRoute, pager, portItem, portLink, type Child, type Page } from './dom.js';
import { indexed, search, SHOWN, type SearchEntry, type SearchIndexed } from './search.js';

type Dependency = PortBody['dependencies'][number];


const API = 'api/v1/';

class NotFound extends Error {}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (response.status === 404) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new NotFound(body.detail ?? 'Not found.');
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const main = () => document.getElementById('main')!;
const searchBox = () => document.getElementById('search') as HTMLInputElement;

/** Replaces the page's content; `raw`: the API URL it shows, linked as raw JSON. */
function show(title: string, raw: string | undefined, ...content: Child[]): void {
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

async function showPort(name: string): Promise<void> {
  const api = `${API}ports/${encodeURIComponent(name)}/`;
  const port = await fetchJson<PortBody>(api);
  const maintainers = port.maintainers.map((m) => (m.github ? link(maintainerRoute(m.github), m.name ? `${m.name} (@${m.github})` : `@${m.github}`) : document.createTextNode(m.name || '(unnamed)')));
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
      ...field('Categories', port.categories.length ? list(port.categories.map((c) => link(categoryRoute(c), c))) : '—'),
      ...field('Maintainers', maintainers.length ? list(maintainers) : 'none'),
      ...field('Variants', port.variants.length ? port.variants.join(', ') : '—'),
    ),
    port.long_description && port.long_description !== port.description ? h('p', {}, port.long_description) : null,
    ...dependencies('Dependencies', port.dependencies),
    ...dependencies('Depended on by', port.depends_on),
  );
}

async function showCategory(name: string): Promise<void> {
  const api = `${API}category/${encodeURIComponent(name)}/`;
  const category = await fetchJson<CategoryBody>(api);
  show(category.name, api, h('h1', {}, category.name), h('p', { class: 'muted' }, `${category.ports_count} active ports`), list(category.ports.map(portLink)));
}

async function showMaintainer(github: string): Promise<void> {
  const api = `${API}maintainer/${encodeURIComponent(github)}/`;
  const people = await fetchJson<MaintainersBody>(api);
  show(
    `@${github}`,
    api,
    h('h1', {}, `@${github}`),
    people.length === 0 ? h('p', { class: 'muted' }, 'No port lists this GitHub handle.') : null,
    ...people.map((person) =>
      h('section', { class: 'card' }, h('h2', {}, person.name || `@${person.github}`), h('p', { class: 'muted' }, `${person.ports_count} ports, ${person.ports.length} active`), list(person.ports.map(portLink))),
    ),
  );
}

/** A paged list: its page from the API, its items as `item` draws them. */
async function showList<T>(title: string, route: string, api: string, page: number, item: (value: T) => Node): Promise<void> {
  const url = page > 1 ? `${api}?page=${page}` : api;
  const body = await fetchJson<Page<T>>(url);
  const size = await pageSizeOf(api, page, body);
  show(title, url, h('h1', {}, title), h('p', { class: 'muted' }, `${body.count.toLocaleString('en-US')} in all`), list(body.results.map(item), 'plain results'), pager(route, page, body.count, body, size));
}

let searchIndex: Promise<SearchIndexed[]> | undefined;

function loadSearchIndex(): Promise<SearchIndexed[]> {
  searchIndex ??= fetchJson<SearchEntry[]>('browser/search.json').then(indexed);
  return searchIndex;
}

async function showSearch(query: string): Promise<void> {
  if (searchBox().value !== query) searchBox().value = query;
  const { total, found } = search(await loadSearchIndex(), query);
  if ((parseRoute()?.parts[1] ?? '') !== query) return; // typed on meanwhile
  show(
    `Search: ${query}`,
    undefined,
    h('h1', {}, 'Search'),
    h('p', { class: 'muted', id: 'search-count' }, total === 0 ? `No port matches “${query}”.` : `${total.toLocaleString('en-US')} ports match “${query}”${total > SHOWN ? `; the first ${SHOWN}:` : ':'}`),
    list(found.map((port) => h('span', {}, portLink(port.name), port.active ? null : h('span', { class: 'badge' }, 'retired'), h('span', { class: 'desc' }, port.description))), 'plain results'),
  );
}

async function showHome(): Promise<void> {
  const [ports, categories, maintainers, files] = await Promise.all(
    ['ports/', 'category/', 'maintainer/', 'files/'].map((list) => fetchJson<Page<unknown>>(`${API}${list}`).then((page) => page.count)),
  );
  const row = (href: string, label: string, count: number | undefined) => h('li', {}, link(href, label), ' ', h('span', { class: 'muted' }, (count ?? 0).toLocaleString('en-US')));
  show(
    'Ports',
    API,
    h('h1', {}, 'Ports'),
    h('p', {}, 'Search the ports by name or description above (press / to start typing), or browse a list:'),
    h('ul', { class: 'plain' }, row('#/ports', 'Every port, newest first', ports), row('#/categories', 'Categories', categories), row('#/maintainers', 'Maintainers', maintainers), row('#/files', 'Files of the builds', files)),
    h('p', { class: 'muted' }, 'Every page links to the API URL it shows (raw JSON). The API is described in ', link(`${API}openapi.json`, 'OpenAPI'), '.'),
  );
}

/**
 * The route in the fragment: its segments, and its `page` as a number (1 when absent or not
 * one); undefined when a segment is no percent-encoded text (`%E0%A4%A`), which no route is.
 */
function parseRoute(): { parts: string[]; page: number } | undefined {
  const [path = '', query = ''] = location.hash.replace(/^#\/?/, '').split('?');
  const page = Number(new URLSearchParams(query).get('page'));
  try {
    return { parts: path.split('/').filter(Boolean).map((part) => decodeURIComponent(part)), page: Number.isInteger(page) && page > 0 ? page : 1 };
  } catch {
    return undefined;
  }
}

/**
 * A name that can be a segment of an API URL: `.` and `..` (however encoded) would step out of
 * it (the category `..` would fetch the API root), and name nothing the API has.
 */
const isName = (name: string | undefined): name is string => name !== undefined && name !== '.' && name !== '..';

async function route(): Promise<void> {
  const parsed = parseRoute();
  const [first, second, ...rest] = parsed?.parts ?? ['?'];
  const page = parsed?.page ?? 1;
  const alone = second === undefined && rest.length === 0;
  try {
    if (first === 'search' && rest.length === 0) await showSearch(second ?? '');
    else if (first === 'ports' && isName(second) && rest.length === 0) await showPort(second);
    else if (first === 'ports' && alone) await showList<PortBody>('Ports, newest first', '#/ports', `${API}ports/`, page, portItem);
    else if (first === 'category' && isName(second) && rest.length === 0) await showCategory(second);
    else if (first === 'categories' && alone) await showList('Categories', '#/categories', `${API}category/`, page, categoryItem);
    else if (first === 'maintainer' && isName(second) && rest.length === 0) await showMaintainer(second);
    else if (first === 'maintainers' && alone) await showList('Maintainers', '#/maintainers', `${API}maintainer/`, page, maintainerItem);
    else if (first === 'files' && alone) await showList('Files of the builds', '#/files', `${API}files/`, page, buildItem);
    else if (first === undefined) await showHome();
    else throw new NotFound('No page of this site has this address.');
  } catch (cause) {
    // A miss in the API's own words; anything else (the site unreachable) said as plainly.
    const missing = cause instanceof NotFound;
    const title = missing ? 'Not found' : 'Could not load this page';
    show(title, undefined, h('h1', {}, title), h('p', {}, cause instanceof Error ? cause.message : String(cause)), h('p', {}, link('#/', 'Back to the start')));
  }
  if (first !== 'search') main().focus({ preventScroll: true });
}

/** The search box drives `#/search/<query>`: typing replaces the entry, so Back leaves the search. */
function wireSearch(): void {
  const box = searchBox();
  box.addEventListener('focus', () => void loadSearchIndex(), { once: true });
  box.addEventListener('input', () => {
    const target = box.value.trim() ? `#/search/${encodeURIComponent(box.value.trim())}` : '#/';
    if (location.hash.startsWith('#/search/')) history.replaceState(null, '', target);
    else history.pushState(null, '', target);
    void route();
  });
  document.getElementById('search-form')!.addEventListener('submit', (event) => {
    event.preventDefault();
    main().querySelector<HTMLAnchorElement>('ul.results a')?.click();
  });
  document.addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (event.key === '/' && !typing) {
      event.preventDefault();
      box.focus();
      box.select();
      return;
    }
    if (event.key === 'Escape' && event.target === box) {
      box.value = '';
      location.hash = '#/';
      return;
    }
    // Down and Up move through the results (from the search box too).
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...main().querySelectorAll<HTMLAnchorElement>('ul.results li > span > a:first-child')];
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    event.preventDefault();
    if (next < 0) box.focus();
    else links[next]!.focus();
  });
}

window.addEventListener('hashchange', () => void route());
wireSearch();
void route();
