/**
 * The query index: what the query engine needs of a built site, written by the build beside
 * it (render/query-index.ts) and read once by whatever answers queries (read-query-index.ts).
 * Compact: every category, handle, variant and maintainer name is written once in `strings`,
 * and referred to by its place there. A per-port list is flat, its lengths beside its places:
 * read on every cold start of the Netlify function, a hundred thousand small arrays would cost
 * it more to parse and to collect than the places themselves.
 */
export const QUERY_INDEX_VERSION = 2;

/** Per port, places in `strings`: port i's are the `lengths[i]` places of `places` after those of the ports before it. */
export interface PlaceLists {
  lengths: number[];
  places: number[];
}

export interface QueryIndexFile {
  version: typeof QUERY_INDEX_VERSION;
  /** The base URL and page size the site's pages were written with: computed pages link as they do. */
  baseUrl: string;
  pageSize: number;
  strings: string[];
  /** Every port, in catalogue order (the order `created_at` follows). */
  ports: {
    names: string[];
    /** Per port, its categories as published (first spellings). */
    categories: PlaceLists;
    /** Per port, the GitHub handle of each of its maintainers that has one, in its order (a handle twice for two people). */
    handles: PlaceLists;
    variants: PlaceLists;
  };
  /** The category list's names, in its order: the choices of the `categories` filter. */
  categories: number[];
  /** The maintainer list, in its order. */
  maintainers: { names: number[]; handles: number[]; portsCounts: number[] };
}
