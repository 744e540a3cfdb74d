/**
 * The Netlify Function behind the site's rules (`_redirects` sends it what no rule can answer:
 * a port in another letter case, an unknown name, a page number as Python's int() reads it, an
 * invalid page, an unknown path). It decides each request as `ports-gen serve` does, with the
 * same pure `answer`, from the index the build publishes (NETLIFY_INDEX), and sends a file's
 * bytes, read from its own bundle or fetched from the site itself. Bundled into
 * netlify/functions/ by scripts/bundle.ts.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { API_HEADERS } from '../../routes/route-table.js';
import { DUMP_PORTS, DUMP_PORTS_LENGTHS, fileUrlPath, NETLIFY_INDEX, NETLIFY_PUBLISH, NOT_FOUND_PAGE, QUERY_INDEX } from '../../routes/site-files.js';
import { dumpElements, lengthBounds } from '../../render/dump-elements.js';
import { indexOfShape, type SiteShape } from '../../routes/site-shape.js';
import { answer, missingAnswer, type Answer, type ComputedDecision, type SiteIndex } from '../../routes/answer.js';
import { readQueryIndex, type QueryIndex } from '../../routes/query/read-query-index.js';
import { bodyOf, filesOf } from '../../render/query-body.js';

/**
 * The site's files the function's bundle holds (see config), laid out beside the function as in
 * the repository: read there, they cost no request to the site. Any other file, and every file
 * of a function deployed without them (`netlify deploy --functions`), is fetched from the site.
 * The module's URL is passed as a string: Netlify's bundler takes `new URL(dir, import.meta.url)`
 * for a file the function reads, and would pack the whole site.
 */
const BUNDLE = new URL(`../../${NETLIFY_PUBLISH}/`, String(import.meta.url));

/**
 * Netlify's configuration in the function's source, which its bundler reads (literal values
 * only): the files of the site it packs beside the function, paths from the function's
 * directory to the publish directory (see BUNDLE): the indexes, the dump of every port and its
 * ports' lengths, the 404 page. (The ports' own files, one each, would make Netlify's emulation
 * copy and watch tens of thousands of files, and take seconds over every call.)
 */
export const config = {
  includedFiles: ['../../dist/_ports-gen/site-index.json', '../../dist/_ports-gen/query-index.json', '../../dist/dump/ports.json', '../../dist/_ports-gen/dump-ports-lengths.json', '../../dist/404.html'],
};

/** Where a file of the site is in the function's bundle; undefined for a path that leaves it. */
function bundledUrl(file: string): URL | undefined {
  const url = new URL(`.${fileUrlPath(file)}`, BUNDLE);
  return url.href.startsWith(BUNDLE.href) ? url : undefined;
}

/** A file of the site from the function's bundle; undefined when the bundle does not hold it. */
async function bundledBytes(file: string): Promise<Uint8Array | undefined> {
  const url = bundledUrl(file);
  try {
    return url && (await readFile(url));
  } catch {
    return undefined;
  }
}

/** A file of the site fetched from it; undefined when the site has it no more (a new deploy). */
async function fetchedBytes(file: string, origin: string): Promise<Uint8Array | undefined> {
  const response = await fetch(new URL(fileUrlPath(file), origin));
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
}

/** A file of the site: from the bundle when it holds it, else fetched. */
async function siteBytes(file: string, origin: string): Promise<Uint8Array | undefined> {
  return (await bundledBytes(file)) ?? fetchedBytes(file, origin);
}

const decoder = new TextDecoder();

/** The index of the deploy, read once per instance of the function (a deploy never changes). */
let index: Promise<SiteIndex> | undefined;

async function loadIndex(origin: string): Promise<SiteIndex> {
  const bundled = await bundledBytes(NETLIFY_INDEX);
  // A bundle that holds the index holds the 404 page of a site that has one.
  const [shapeBytes, hasNotFoundPage, queryFile] = await Promise.all([
    bundled ?? fetchedBytes(NETLIFY_INDEX, origin),
    bundled ? bundledBytes(NOT_FOUND_PAGE).then((page) => page !== undefined) : fetch(new URL(`/${NOT_FOUND_PAGE}`, origin), { method: 'HEAD' }).then((page) => page.ok),
    siteBytes(QUERY_INDEX, origin),
  ]);
  if (!shapeBytes) throw new Error(`${NETLIFY_INDEX}: not found`);
  const shape = JSON.parse(decoder.decode(shapeBytes)) as SiteShape;
  // A site with pages has its 404 page. Netlify serves each page as a file before any rule
  // could send it here, so the function knows none of them: it answers only what they miss.
  const site = indexOfShape(shape, hasNotFoundPage ? new Map() : undefined);
  // A site built before the query index (or with a damaged one) answers a query with 501, never the unfiltered list.
  const queries = queryFile ? readQueryIndex(decoder.decode(queryFile)) : undefined;
  return queries?.ok ? { ...site, queries: queries.index } : { ...site, noQueries: 'no-query-index' };
}

/** The dump of every port: where each port's bytes are, and a read of them; undefined when the site has none that fits the index. */
interface PortsDump {
  bounds: Int32Array;
  read: (from: number, to: number) => Uint8Array;
}
let dump: Promise<PortsDump | undefined> | undefined;

/**
 * The dump in the bundle is read a port at a time, where the lengths beside it say (a cold start
 * reads some fifty ports, not tens of megabytes); a dump fetched, or without lengths that fit
 * it, is read whole and its ports found in its bytes (see dumpElements).
 */
async function loadDump(origin: string, ports: number): Promise<PortsDump | undefined> {
  const lengthsFile = await siteBytes(DUMP_PORTS_LENGTHS, origin);
  let lengths: unknown;
  try {
    lengths = lengthsFile && JSON.parse(decoder.decode(lengthsFile));
  } catch {
    // Not JSON: the ports are found in the dump's bytes.
  }
  const bundled = bundledDescriptor(DUMP_PORTS);
  if (bundled !== undefined) {
    const bounds = lengthBounds(lengths, fstatSync(bundled).size);
    if (bounds?.length === 2 * ports) return { bounds, read: (from, to) => readRange(bundled, from, to) };
    closeSync(bundled);
  }
  const bytes = await siteBytes(DUMP_PORTS, origin);
  if (!bytes) return undefined;
  const bounds = lengthBounds(lengths, bytes.length) ?? dumpElements(bytes);
  return bounds?.length === 2 * ports ? { bounds, read: (from, to) => bytes.subarray(from, to) } : undefined;
}

/** A file of the function's bundle, open for reading; undefined when the bundle does not hold it. */
function bundledDescriptor(file: string): number | undefined {
  const url = bundledUrl(file);
  try {
    return url && openSync(url, 'r');
  } catch {
    return undefined;
  }
}

/**
 * Bytes `from`-`to` of an open file. Read at once: a port is a few kilobytes of a local file, and
 * an instance answers one request at a time.
 */
function readRange(fd: number, from: number, to: number): Uint8Array {
  const bytes = new Uint8Array(to - from);
  for (let at = 0; at < bytes.length; ) {
    const read = readSync(fd, bytes, at, bytes.length - at, from + at);
    if (read === 0) throw new Error(`${DUMP_PORTS}: shorter than its lengths say`);
    at += read;
  }
  return bytes;
}

/** The texts of the ports at `places`, from the dump; undefined when it cannot be read, or its lengths do not fit it after all. */
function portTexts(ports: PortsDump, places: readonly number[]): string[] | undefined {
  try {
    const texts = places.map((place) => decoder.decode(ports.read(ports.bounds[2 * place]!, ports.bounds[2 * place + 1]!)));
    return texts.every((text) => text.startsWith('{') && text.endsWith('}')) ? texts : undefined;
  } catch {
    return undefined; // answered from the ports' own files
  }
}

/**
 * A query's body: a page of ports from the dump, read once per instance (a request per port
 * would make each page some fifty); anything else, or a site built without dumps, from the
 * files it is made of, at once. Undefined when one is gone (a new deploy).
 */
async function computedBody(queries: QueryIndex, decision: ComputedDecision, origin: string): Promise<string | undefined> {
  if (decision.kind === 'ports') {
    const ports = await (dump ??= loadDump(origin, queries.ports.names.length).catch(() => undefined));
    const texts = ports && portTexts(ports, decision.ports);
    if (texts) return bodyOf(queries, decision, texts);
  }
  const files = await Promise.all(filesOf(queries, decision).map((file) => siteBytes(file, origin)));
  if (!files.every((file) => file !== undefined)) return undefined;
  return bodyOf(queries, decision, files.map((file) => decoder.decode(file)));
}

export default async function handle(request: Request): Promise<Response> {
  // HEAD gets the status and headers alone, the GET's Content-Length among them: a body, even
  // one to drop, holds the runtime's stream open.
  const head = request.method === 'HEAD';
  const send = (status: number, bytes: Uint8Array, headers: Record<string, string> = API_HEADERS) =>
    new Response(head ? null : bytes, { status, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } });
  const json = (status: number, body: unknown) => send(status, new TextEncoder().encode(JSON.stringify(body)));
  const url = new URL(request.url);
  let site: SiteIndex;
  try {
    site = await (index ??= loadIndex(url.origin));
  } catch {
    index = undefined; // tried again by the next request
    return json(503, { detail: 'Service temporarily unavailable, try again later.' });
  }
  // The target as the client wrote it: the path is compared with the index, never opened.
  const cors = { origin: request.headers.get('origin') ?? undefined, requestMethod: request.headers.get('access-control-request-method') ?? undefined };
  let decision: Answer = answer(request.method, url.pathname + url.search, site, cors);
  // A file gone is answered as missing: a page by the 404 page, which when gone is a JSON body.
  for (;;) {
    if ('preflight' in decision) return new Response(null, { status: 200, headers: { ...decision.preflight, 'Content-Length': '0' } });
    if ('location' in decision) return new Response(null, { status: 301, headers: { ...(decision.headers ?? API_HEADERS), Location: decision.location } });
    if ('body' in decision) return json(decision.status, decision.body);
    if ('computed' in decision) {
      const body = await computedBody(site.queries!, decision.computed, url.origin);
      if (body === undefined) return json(503, { detail: 'Service temporarily unavailable, try again later.' });
      return send(200, new TextEncoder().encode(body));
    }
    // Read whole for HEAD too: its length is the GET's Content-Length.
    const file = await siteBytes(decision.file, url.origin);
    if (file) return send(decision.status, file, decision.headers);
    decision = missingAnswer(decision.missing);
  }
}
