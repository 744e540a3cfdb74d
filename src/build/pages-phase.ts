/**
 * The pages for people in a build (`--pages`, see src/pages/): each port's page under a key
 * from its print, so a rebuild remakes only the pages whose port changed; the other pages
 * under one key from the listings, made whole when the ports are derived.
 */
import { summaries, type PortList } from '../derive/ports.js';
import type { PageSite } from '../pages/layout.js';
import { PortPageRenderer } from '../pages/port-page.js';
import { portPageKeys, sitePages, type LazyPage } from '../pages/site-pages.js';
import { portPageFile } from '../routes/site-files.js';
import type { SiteWriter } from '../writer/thread/site-writer.js';

/** The ports' pages, port i's at `files[i]`, and what makes them. */
export interface PortPages {
  files: string[];
  renderer: PortPageRenderer;
}

/** Wants each port's page (port i's under its print `prints[i]`). */
export function wantPortPages(writer: SiteWriter, site: PageSite, names: readonly string[], prints: ReadonlyArray<string | undefined>): PortPages {
  const files = names.map(portPageFile);
  const keyOf = portPageKeys(site);
  files.forEach((file, i) => writer.want(file, keyOf(prints[i])));
  return { files, renderer: new PortPageRenderer(site) };
}

/** Every page but the ports' own, made from the derived ports (see sitePages). */
export function sitePagesOf(site: PageSite, ports: PortList): Map<string, LazyPage> {
  return sitePages(site, { ports: [...summaries(ports)], categories: ports.categoryListings(), maintainers: ports.maintainerListings() });
}

