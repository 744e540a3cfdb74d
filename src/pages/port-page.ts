import type { DependencyResource } from '../derive/dependencies.js';
import type { MaintainerResource } from '../derive/maintainers.js';
import type { PortPageData } from '../derive/ports.js';
import { categoryPageFile, hasCategoryPage, hasMaintainerPage, maintainerPageFile, portPageFile, portPagePath } from '../routes/site-files.js';
import { byName, escapeHtml, hrefTo, items, link, outLink, portLink, rootOf } from './html.js';
import { pageDocument, type PageSite } from './layout.js';

/** Where a port's Portfile is read: MacPorts' ports repository, at the port's directory. */
const PORTFILES = 'https://github.com/macports/macports-ports/blob/master/';

/** The kinds of dependency as people name them, in the order a build meets them. */
const KINDS: ReadonlyArray<[DependencyResource['type'], string]> = [
  ['fetch', 'Fetch'],
  ['extract', 'Extract'],
  ['patch', 'Patch'],
  ['build', 'Build'],
  ['lib', 'Library'],
  ['run', 'Runtime'],
  ['test', 'Test'],
];

/**
 * The ports' pages of a build (`port/<name>/index.html`): what the live site's page of a port
 * shows, without a script. Each category's and person's link is made once: the same few recur
 * on thousands of pages.
 */
export class PortPageRenderer {
  private readonly categories = new Map<string, string>();
  private readonly people = new Map<string, string>();

  constructor(private readonly site: PageSite) {}

  page(data: PortPageData): string {
    return portPage(this.site, data, (name) => once(this.categories, name, () => categoryLink(name)), (person) => once(this.people, person.github, () => personItem(person)));
  }
}

/** The links of a port's page are from its directory, two below the root. */
const ROOT = rootOf(portPageFile('x'));

function portPage(site: PageSite, { port, variantNotes }: PortPageData, toCategory: (name: string) => string, toPerson: (person: MaintainerResource) => string): string {
  const file = portPageFile(port.name);
  const root = ROOT;
  const toPort = (name: string) => portLink(root, name);
  // Made directly: the generic way (hrefTo) took a fifth of a page's time.
  const segment = encodeURIComponent(port.name);
  const json = `${root}api/v1/ports/${segment}/`;
  const field = (name: string, value: string) => `<dt>${name}</dt><dd>${value}</dd>`;
  const fields = [
    field('Version', escapeHtml(port.version) + (port.epoch ? ` (epoch ${port.epoch})` : '')),
    field('License', escapeHtml(port.license || 'unknown')),
    field('Platforms', escapeHtml(port.platforms)),
    field('Homepage', port.homepage ? outLink(port.homepage) : 'none given'),
    port.replaced_by ? field('Replaced by', toPort(port.replaced_by)) : '',
    field('Categories', port.categories.length ? items(byName(port.categories, (c) => c).map((c) => toCategory(c)), 'inline') : 'none'),
    field('Maintainers', port.maintainers.length ? items(people(port.maintainers).map((person) => (person.github ? toPerson(person) : escapeHtml(person.name || 'unnamed'))), 'inline') : 'none'),
    field('Portfile', outLink(`${PORTFILES}${port.portdir}/Portfile`, `${port.portdir}/Portfile`)),
  ];
  const main = [
    `<h1>${escapeHtml(port.name)} <span class="badge">${escapeHtml(port.version)}</span>${port.active ? '' : ' <span class="badge">retired</span>'}</h1>`,
    port.active ? '' : `<p class="retired" role="note"><strong>Retired.</strong> The newest PortIndex no longer lists this port: this page shows it as it was last published.${port.replaced_by ? ` It is replaced by ${toPort(port.replaced_by)}.` : ''}</p>`,
    port.description ? `<p class="lead">${escapeHtml(port.description)}</p>` : '',
    '<h2>Install</h2>',
    // A retired port is in no PortIndex that `port` reads: the command would only fail.
    port.active
      ? `<div class="install"><pre id="install"><code>sudo port install ${escapeHtml(port.name)}</code></pre><button type="button" class="copy" data-copy="install" hidden>Copy</button></div>`
      : `<p class="muted">Not installable: the port is retired${port.replaced_by ? `; install ${toPort(port.replaced_by)} instead` : ''}.</p>`,
    `<dl class="fields">${fields.join('')}</dl>`,
    port.long_description && port.long_description !== port.description ? `<h2>Description</h2><p>${escapeHtml(port.long_description)}</p>` : '',
    '<h2>Variants</h2>',
    port.variants.length
      ? `<dl class="variants">${port.variants.map((v) => `<dt>${escapeHtml(v)}</dt>${variantNotes[v.toLowerCase()] ? `<dd>${escapeHtml(variantNotes[v.toLowerCase()]!)}</dd>` : '<dd class="muted">no description</dd>'}`).join('')}</dl>`
      : '<p class="muted">None.</p>',
    ...dependencies('Dependencies', 'This port depends on no other port.', port.dependencies, toPort),
    ...dependencies('Depended on by', 'No port depends on this one.', port.depends_on, toPort),
    '<h2>Data</h2>',
    items([link(json, 'This port as JSON'), ...(site.feeds ? [link(`${root}feeds/updates.atom`, 'Feed of port updates (Atom)')] : [])]),
  ];
  return pageDocument(
    site,
    {
      file,
      path: portPagePath(port.name),
      kind: 'port',
      title: `${port.name} ${port.version}`,
      description: port.description || `The port ${port.name}, version ${port.version}.`,
      alternates: [{ type: 'application/json', href: json, title: `${port.name} as JSON` }],
    },
    main.filter(Boolean).join('\n'),
  );
}

function dependencies(title: string, none: string, groups: readonly DependencyResource[], toPort: (name: string) => string): string[] {
  if (groups.length === 0) return [`<h2>${title}</h2>`, `<p class="muted">${none}</p>`];
  const byKind = new Map(groups.map((group) => [group.type, group.ports]));
  const kinds = KINDS.filter(([kind]) => byKind.has(kind));
  return [`<h2>${title}</h2>`, `<dl class="fields">${kinds.map(([kind, label]) => `<dt>${label}</dt><dd>${items(byKind.get(kind)!.map(toPort), 'inline')}</dd>`).join('')}</dl>`];
}

/** A port's maintainers as people see them: one entry per GitHub handle, by name. */
function people(list: readonly MaintainerResource[]): MaintainerResource[] {
  const seen = new Set<string>();
  const once = list.filter((person) => {
    const key = person.github ? `@${person.github.toLowerCase()}` : person.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return byName(once, (person) => person.github || person.name);
}

function personItem(person: MaintainerResource): string {
  const handle = `@${person.github}`;
  const own = hasMaintainerPage(person.github) ? link(hrefTo(ROOT, maintainerPageFile(person.github)), handle) : escapeHtml(handle);
  return `${own} (${outLink(`https://github.com/${encodeURIComponent(person.github)}`, 'GitHub')})`;
}

function categoryLink(name: string): string {
  return hasCategoryPage(name) ? link(hrefTo(ROOT, categoryPageFile(name)), name) : escapeHtml(name);
}

function once(made: Map<string, string>, key: string, make: () => string): string {
  let text = made.get(key);
  if (text === undefined) made.set(key, (text = make()));
  return text;
}
