import type { CategoryListing, MaintainerListing } from '../derive/listings.js';
import type { PortSummary } from '../derive/ports.js';
import { categoryFile, categoryPageFile, maintainerFile, maintainerPageFile } from '../routes/site-files.js';
import { byName, counted, escapeHtml, hrefTo, items, link, outLink, portLink, rootOf } from './html.js';
import { pageDocument, type PageSite } from './layout.js';

/** A port's description by its name, for the lists that name ports. */
export type Describe = (name: string) => PortSummary | undefined;

/** Ports as a list people read: by name. */
function portItems(names: readonly string[], root: string, describe: Describe): string {
  return items(byName(names, (name) => name).map((name) => portItem(name, root, describe)), 'plain results');
}

/** A port in a list: its link, a retired one marked, its description. */
export function portItem(name: string, root: string, describe: Describe): string {
  const port = describe(name);
  const retired = port && !port.active ? ' <span class="badge">retired</span>' : '';
  return `${portLink(root, name)}${retired}${port?.description ? ` <span class="desc">${escapeHtml(port.description)}</span>` : ''}`;
}

/** `category/<name>/index.html`: the category's active ports. */
export function categoryPage(site: PageSite, category: CategoryListing, describe: Describe): string {
  const file = categoryPageFile(category.name);
  const root = rootOf(file);
  const main = [
    `<h1>${escapeHtml(category.name)}</h1>`,
    `<p class="muted">${counted(category.active.length, 'active port')}, ${counted(category.portsCount, 'port')} in all. ${link(hrefTo(root, categoryFile(category.name)).replace(/index\.json$/, ''), 'JSON')}</p>`,
    category.active.length ? portItems(category.active, root, describe) : '<p>No active port is in this category.</p>',
  ];
  return pageDocument(site, { file, kind: 'category', title: `Category ${category.name}`, description: `The ${counted(category.active.length, 'active port')} of the category ${category.name}.` }, main.join('\n'));
}

/**
 * `maintainer/<github>/index.html`: everyone who uses the handle, as one entry (one handle may
 * stand with several addresses), and their active ports.
 */
export function maintainerPage(site: PageSite, github: string, same: readonly MaintainerListing[], describe: Describe): string {
  const file = maintainerPageFile(github);
  const root = rootOf(file);
  const ports = [...new Set(same.flatMap((listing) => listing.active))];
  const names = [...new Set(same.map((listing) => listing.person.name).filter(Boolean))];
  const main = [
    `<h1>@${escapeHtml(github)}</h1>`,
    `<p class="muted">${counted(ports.length, 'active port')}. ${outLink(`https://github.com/${encodeURIComponent(github)}`, 'GitHub account')} · ${link(hrefTo(root, maintainerFile(github)).replace(/index\.json$/, ''), 'JSON')}</p>`,
    // The names of the e-mail addresses the ports list this handle with (the API has no more of them).
    names.length ? `<p>Listed in the ports as ${inWords(names.map(escapeHtml))}.</p>` : '',
    ports.length ? portItems(ports, root, describe) : '<p>No active port lists this maintainer.</p>',
  ];
  return pageDocument(site, { file, kind: 'maintainer', title: `@${github}`, description: `The ${counted(ports.length, 'active port')} maintained by @${github}.` }, main.filter(Boolean).join('\n'));
}

/** `a`, `a and b`, `a, b and c`. */
function inWords(list: readonly string[]): string {
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)!}` : list[0]!;
}
