import { namesFor, type SiteIndex } from './answer.js';
import { INSTANCE_ROUTES, type InstanceList } from './route-table.js';
import type { ListName } from './site-files.js';

/**
 * What a build publishes of its site for the hosts that cannot read its tree (the Netlify
 * function, from `_ports-gen/site-index.json`; the rules of `_redirects`): its names and page
 * counts, as plain JSON.
 */
export interface SiteShape {
  /** The port names as the catalogue spells them. */
  ports: readonly string[];
  /** The pages of the files list, and of the other lists. */
  pages: number;
  listPages: Readonly<Record<Exclude<ListName, 'files'>, number>>;
  /** The categories and handles that have a page (see listing-files). */
  categories: readonly string[];
  maintainers: readonly string[];
}

/** An instance route's names in the site's shape. */
export function shapeNames(site: SiteShape, list: InstanceList): readonly string[] {
  return list === 'ports' ? site.ports : list === 'category' ? site.categories : site.maintainers;
}

/**
 * The site's index as `answer()` takes it, from its shape. An instance route's names are keyed
 * at its first request: a cold Netlify function answering a list's query needs none of them.
 */
export function indexOfShape(shape: SiteShape, sitePages: SiteIndex['sitePages']): SiteIndex {
  const keyed = new Map<InstanceList, ReadonlyMap<string, string>>();
  const names = (route: (typeof INSTANCE_ROUTES)[number]) => {
    let found = keyed.get(route.list);
    if (!found) keyed.set(route.list, (found = namesFor(route, shapeNames(shape, route.list))));
    return found;
  };
  const [port, category, maintainer] = INSTANCE_ROUTES;
  return {
    names: {
      get ports() {
        return names(port);
      },
      get category() {
        return names(category);
      },
      get maintainer() {
        return names(maintainer);
      },
    },
    pages: { ...shape.listPages, files: shape.pages },
    sitePages,
  };
}
