/**
 * The files a build wants, as a list: each its path, its key, and how it is made. The build
 * wants them all, the writer plans, and the build makes what the plan asks for. Providers hold
 * no bytes: what a file is made from is reached only when it is made.
 */
import { summaries, type PortList } from '../derive/ports.js';
import { renderHeaders, renderNetlifyIndex, renderRedirects } from '../hosts/netlify/netlify.js';
import type { PageSite } from '../pages/layout.js';
import type { Body } from '../render/body.js';
import type { LazyPage } from '../pages/site-pages.js';
import type { ListingFiles } from '../render/listing-files.js';
import type { PortsList } from '../render/ports-list.js';
import { queryIndexBody, queryIndexInput, queryIndexKey } from '../render/query-index.js';
import { searchIndexBody, searchIndexKey } from '../render/search-index.js';
import { versionsBody } from '../render/versions.js';
import { DUMP_PORTS, DUMP_PORTS_LENGTHS, DUMP_VERSIONS, listPageFile, NETLIFY_HEADERS, NETLIFY_INDEX, NETLIFY_REDIRECTS, pageFiles, QUERY_INDEX, SEARCH_INDEX } from '../routes/site-files.js';
import type { SiteShape } from '../routes/site-shape.js';
import type { SiteWriter } from '../writer/thread/site-writer.js';
import { sitePagesKey } from '../pages/site-pages.js';

/** One file of the site. */
export interface Output {
  path: string;
  /** What its bytes are made from, when that is known before they are made (see the glossary's key); undefined: kept by its bytes. */
  key: string | undefined;
  /**
   * Its bytes, made when the plan asks for them. Without it, a stream makes the file: the
   * ports' writer (port files, the ports list's pages, the ports' pages) or the files pager.
   */
  make?: () => Body;
  /** Whether make() takes the ports derived in full, which a recalled rebuild does without. */
  derived?: boolean;
  /** For a file the writer assembles from others, end to end: those files, and where their lengths are published. */
  parts?: string[];
  partLengths?: string;
}

/** The ports derived in full, once they are: what the outputs marked `derived` are made from. */
export interface DerivedSite {
  ports: PortList;
  listings: ListingFiles;
  /** The pages but the ports' own, with `--pages`. */
  sitePages?: Map<string, LazyPage>;
  /** What the Netlify rules and the function's index say of the site. */
  shape: SiteShape;
}

/** Reaches the derived site: only outputs the plan asks for call it, after the ports are derived. */
export type Derived = () => DerivedSite;

/** Every output wanted, in the order given: the writer makes each one's directories as it is listed. */
export function wantOutputs(writer: SiteWriter, outputs: Iterable<Output>): void {
  for (const output of outputs) {
    if (output.parts) writer.assemble(output.path, output.parts, output.partLengths);
    else writer.want(output.path, output.key);
  }
}

/** Writes each output the plan asks for that is made by its own make(), and not from derived ports when they are not. */
export async function makeOutputs(writer: SiteWriter, outputs: Iterable<Output>, render: ReadonlySet<string>, derived: boolean): Promise<void> {
  for (const output of outputs) {
    if (output.make && render.has(output.path) && (derived || !output.derived)) await writer.write(output.path, output.make());
  }
}

/** The port files (port i's under its print) and the pages of the ports list, made by the ports' writer. */
export function portOutputs(portFiles: readonly string[], prints: ReadonlyArray<string | undefined>, list: PortsList): Output[] {
  const files = portFiles.map((path, i): Output => ({ path, key: prints[i] }));
  const pages = list.pageKeys(prints).map((key, i): Output => ({ path: listPageFile('ports', i + 1), key }));
  return [...files, ...pages];
}

/** The dump of every port object, assembled by the writer from the port files as placed. */
export function portsDumpOutput(portFiles: string[]): Output {
  return { path: DUMP_PORTS, key: undefined, parts: portFiles, partLengths: DUMP_PORTS_LENGTHS };
}

/** The dump of every port's version entry (port i's is `releases[i]`), made each build and kept by its bytes. */
export function versionsOutput(names: readonly string[], releases: readonly string[]): Output {
  return { path: DUMP_VERSIONS, key: undefined, make: () => versionsBody(names, releases) };
}

/** The browser's search index, under the ports' cores. */
export function searchIndexOutput(cores: string | undefined, derived: Derived): Output {
  return { path: SEARCH_INDEX, key: searchIndexKey(cores), make: () => searchIndexBody(summaries(derived().ports)), derived: true };
}

/** The query index the hosts that compute answer queries from (SPEC 4b), under the ports' cores. */
export function queryIndexOutput(cores: string | undefined, baseUrl: string, pageSize: number, derived: Derived): Output {
  return { path: QUERY_INDEX, key: queryIndexKey(cores, baseUrl, pageSize), make: () => queryIndexBody(queryIndexInput(derived().ports, derived().listings.listed, baseUrl, pageSize)), derived: true };
}

/** Files made whole each build and kept by their bytes: the browser's, the feeds. */
export function fixedOutputs(files: ReadonlyMap<string, string>): Output[] {
  return [...files].map(([path, body]) => ({ path, key: undefined, make: () => body }));
}

/** The category and maintainer files and their lists' pages, under the listings' key. */
export function listingOutputs(paths: readonly string[], key: string | undefined, derived: Derived): Output[] {
  return paths.map((path) => ({ path, key, make: () => derived().listings.files.get(path)!, derived: true }));
}

/** The pages for people but the ports' own, under the pages' key (see sitePagesKey). */
export function sitePageOutputs(site: PageSite, paths: readonly string[], listingsKey: string | undefined, derived: Derived): Output[] {
  const key = sitePagesKey(listingsKey, site);
  return paths.map((path) => ({ path, key, make: () => derived().sitePages!.get(path)!(), derived: true }));
}

/**
 * The files pages (made by the files pager) under their key; the Netlify rules and the
 * function's index under the rules' key (see rulesKey); the headers, kept by their bytes.
 */
export function hostOutputs(pages: number, filesKey: string, rulesKey: string | undefined, derived: Derived): Output[] {
  return [
    ...pageFiles(pages).map((path): Output => ({ path, key: filesKey })),
    { path: NETLIFY_REDIRECTS, key: rulesKey, make: () => renderRedirects(derived().shape), derived: true },
    { path: NETLIFY_INDEX, key: rulesKey, make: () => renderNetlifyIndex(derived().shape), derived: true },
    { path: NETLIFY_HEADERS, key: undefined, make: renderHeaders },
  ];
}
