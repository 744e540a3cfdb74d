/**
 * Where each resource lives in the output tree. The route table (URL ↔ file) builds on these,
 * and so do the writer and `serve`: one fact, one place.
 */
export const PORTS_DIR = 'api/v1/ports';
export const FILES_DIR = 'api/v1/files';
export const ERRORS_DIR = '_errors';
/** Netlify's per-deploy rule files, written at the top of the site. */
export const NETLIFY_REDIRECTS = '_redirects';
export const NETLIFY_HEADERS = '_headers';
/** Marks a directory as written by ports-gen; holds the manifest of the build. */
export const MARKER_FILE = '.ports-gen.json';

export function portDirectory(name: string): string {
  return `${PORTS_DIR}/${name}`;
}

export function portFile(name: string): string {
  return `${portDirectory(name)}/index.json`;
}

export function pageFile(page: number): string {
  return `${FILES_DIR}/page-${page}.json`;
}

/** The files of pages 1 to `pages`. */
export function pageFiles(pages: number): string[] {
  return Array.from({ length: pages }, (_, i) => pageFile(i + 1));
}

/** Bodies of the error responses, as DRF words them (docs/api.md). */
export const ERROR_BODIES = {
  'not-found': { detail: 'Not found.' },
  'no-port': { detail: 'No Port matches the given query.' },
  'invalid-page': { detail: 'Invalid page.' },
} as const;
export type ErrorKind = keyof typeof ERROR_BODIES;

export function errorFile(kind: ErrorKind): string {
  return `${ERRORS_DIR}/${kind}.json`;
}
