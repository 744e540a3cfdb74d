/**
 * The Netlify Function behind the site's rules (`_redirects` sends it what no rule can answer:
 * a port in another letter case, an unknown name, a page number as Python's int() reads it, an
 * invalid page, an unknown path). It decides each request as `ports-gen serve` does, with the
 * same pure `answer`, from the index the build publishes (NETLIFY_INDEX), and sends a file's
 * bytes fetched from the site itself. Bundled into netlify/functions/ by scripts/bundle.ts.
 */
import { API_HEADERS } from '../../routes/route-table.js';
import { DUMP_PORTS, fileUrlPath, NETLIFY_INDEX, NOT_FOUND_PAGE, QUERY_INDEX } from '../../routes/site-files.js';
import { dumpElements } from '../../render/dump-elements.js';
import { indexOfShape, type SiteShape } from '../../routes/site-shape.js';
import { answer, missingAnswer, type Answer, type ComputedDecision, type SiteIndex } from '../../routes/answer.js';
import { readQueryIndex, type QueryIndex } from '../../routes/query/read-query-index.js';
import { bodyOf, filesOf } from '../../render/query-body.js';

/** The index of the deploy, read once per instance of the function (a deploy never changes). */
let index: Promise<SiteIndex> | undefined;

async function loadIndex(origin: string): Promise<SiteIndex> {
  const [response, notFoundPage, queryFile] = await Promise.all([
    fetch(new URL(`/${NETLIFY_INDEX}`, origin)),
    fetch(new URL(`/${NOT_FOUND_PAGE}`, origin), { method: 'HEAD' }),
    fetch(new URL(`/${QUERY_INDEX}`, origin)),
  ]);
  if (!response.ok) throw new Error(`${NETLIFY_INDEX}: ${response.status}`);
  const shape = (await response.json()) as SiteShape;
  // A site with pages has its 404 page. Netlify serves each page as a file before any rule
  // could send it here, so the function knows none of them: it answers only what they miss.
  const site = indexOfShape(shape, notFoundPage.ok ? new Map() : undefined);
  // A site built before the query index (or with a damaged one) answers a query with 501, never the unfiltered list.
  const queries = queryFile.ok ? readQueryIndex(await queryFile.text()) : undefined;
  return queries?.ok ? { ...site, queries: queries.index } : { ...site, noQueries: 'no-query-index' };
}

/** The dump of every port, its text and where each port's bytes are; undefined when the site has none that fits the index. */
interface PortsDump {
  text: string;
  bounds: Int32Array;
}
let dump: Promise<PortsDump | undefined> | undefined;

async function loadDump(origin: string, ports: number): Promise<PortsDump | undefined> {
  const response = await fetch(new URL(`/${DUMP_PORTS}`, origin));
  if (!response.ok) return undefined;
  const text = await response.text();
  const bounds = dumpElements(text);
  return bounds && bounds.length === 2 * ports ? { text, bounds } : undefined;
}

/**
 * A query's page: a page of ports from the dump, fetched once per instance (a fetch per port
 * would make each page some fifty requests); anything else, or a site built without dumps,
 * from the files it is made of, fetched at once. Undefined when one is gone (a new deploy).
 */
async function computedBody(queries: QueryIndex, decision: ComputedDecision, origin: string): Promise<string | undefined> {
  if (decision.kind === 'ports') {
    const ports = await (dump ??= loadDump(origin, queries.ports.names.length).catch(() => undefined));
    if (ports) return bodyOf(queries, decision, decision.ports.map((place) => ports.text.slice(ports.bounds[2 * place], ports.bounds[2 * place + 1])));
  }
  const files = await Promise.all(filesOf(queries, decision).map((file) => fetch(new URL(fileUrlPath(file), origin))));
  if (!files.every((file) => file.ok)) return undefined;
  return bodyOf(queries, decision, await Promise.all(files.map((file) => file.text())));
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
    // Fetched whole for HEAD too: its length is the GET's Content-Length.
    const file = await fetch(new URL(fileUrlPath(decision.file), url.origin));
    if (file.ok) return send(decision.status, new Uint8Array(await file.arrayBuffer()), decision.headers);
    decision = missingAnswer(decision.missing);
  }
}
