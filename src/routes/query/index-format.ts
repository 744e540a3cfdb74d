/**
 * The query index: what the query engine needs of a built site, written by the build beside
 * it (render/query-index.ts) and read once by whatever answers queries (read-query-index.ts).
 * Compact: every category, handle, variant and maintainer name is written once in `strings`,
 * and referred to by its place there.
 */
export const QUERY_INDEX_VERSION = 1;

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
    categories: number[][];
    /** Per port, the GitHub handle of each of its maintainers that has one, in its order (a handle twice for two people). */
    handles: number[][];
    variants: number[][];
  };
  /** The category list's names, in its order: the choices of the `categories` filter. */
  categories: number[];
  /** The maintainer list, in its order. */
  maintainers: { names: number[]; handles: number[]; portsCounts: number[] };
}
