/**
 * `api/v1/openapi.json`: the API described in OpenAPI 3.1, for client generators and API tools.
 * The paths come from the route table and the bodies' schemas from the Zod schemas the tests
 * check every built file against (routes/output-schemas.ts), so the document cannot drift from
 * the bytes. Pure.
 */
import * as z from 'zod';
import { OUTPUT_SCHEMAS, errorBody, portsDump, versionsDump } from '../routes/output-schemas.js';
import { API_HEADERS, JSON_FORMATS, LAST_PAGE, ROUTES, type Route } from '../routes/route-table.js';
import {  } from '../routes/file-routes.js';
import { DUMP_PORTS, DUMP_VERSIONS, ERROR_BODIES, FEED_ATOM, FEED_JSON, type ErrorKind } from '../routes/site-files.js';
import { toJsonText } from './json-text.js';

const SCHEMAS = '#/components/schemas/';

/** The components' schemas, each referring to the others by `$ref` (no `$id` or `$schema` of their own). */
function componentSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(OUTPUT_SCHEMAS, { uri: (id) => `${SCHEMAS}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...schema }]) => [id, schema]));
}

const idOf = (schema: z.ZodType) => OUTPUT_SCHEMAS.get(schema)!.id;
const ref = (schema: z.ZodType) => ({ $ref: `${SCHEMAS}${idOf(schema)}` });

/** The headers every answer has (Content-Type is the content's own), by reference. */
const HEADER_NAMES = Object.keys(API_HEADERS).filter((name) => name !== 'Content-Type') as Array<Exclude<keyof typeof API_HEADERS, 'Content-Type'>>;
const HEADERS = Object.fromEntries(HEADER_NAMES.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** A 404 with the bodies it can have. */
function notFound(kinds: readonly ErrorKind[]): unknown {
  const examples = Object.fromEntries(kinds.map((kind) => [kind, { value: ERROR_BODIES[kind] }]));
  return { description: kinds.map((kind) => ERROR_BODIES[kind].detail).join(' or '), headers: HEADERS, content: { 'application/json': { schema: ref(errorBody), examples } } };
}

const FORMAT = { $ref: '#/components/parameters/format' };
const PAGE = { $ref: '#/components/parameters/page' };

/** A route's path as OpenAPI writes it: `:name` as its parameter's name, `{name}` or `{github}`. */
function pathOf(route: Route): { path: string; parameter?: unknown } {
  const param = route.param;
  if (!param) return { path: route.path };
  const schema = param.patterned ? { type: 'string', pattern: `^${param.segment}$` } : { type: 'string' };
  return { path: route.path.replace(':name', `{${param.name}}`), parameter: { name: param.name, in: 'path', required: true, description: param.description, schema } };
}

/**
 * The query parameters of search, filters and ordering (SPEC 4b), by name in the components:
 * the ports' (on their list and on a port, whose query must keep it), the maintainers'.
 */
const QUERY_PARAMETERS: Record<string, { name: string; description: string }> = {
  search: {
    name: 'search',
    description:
      "Search terms (the last `search` counts), cut as Django's smart_split cuts text: at white space, a quoted phrase kept whole, commas between terms. Each term must be found, letter case aside and `%`, `_` and `\\` as themselves, in the port's name or in the GitHub handle of one of its maintainers, the name of one of its variants or of one of its categories, all terms within the name and one maintainer, one variant and one category together. No term: no filtering. The list keeps its order. A NUL is 400.",
  },
  ordering: { name: 'ordering', description: '`name`, `created_at` or `updated_at`, each with or without a leading `-`, separated by commas; anything else is dropped. Default `-created_at`: the catalogue\'s order, newest first (`updated_at` orders as `created_at`).' },
  name: { name: 'name', description: 'Only the port of exactly this name (spaces around are dropped; empty: no filtering).' },
  categories: { name: 'categories', description: 'Only the ports in this category, named exactly; repeated, in any of them. A name no category has is 400.' },
  maintainers__github: { name: 'maintainers__github', description: 'Only the ports one of whose maintainers has exactly this GitHub handle.' },
  variants__variant: { name: 'variants__variant', description: 'Only the ports with a variant of exactly this name.' },
  maintainerSearch: { name: 'search', description: "Search terms, cut as for the ports' search; each must be found, letter case aside, in the maintainer's name (its e-mail's local part) or GitHub handle." },
  maintainerName: { name: 'name', description: "Only the maintainers of exactly this name (the e-mail's local part)." },
  github: { name: 'github', description: 'Only the maintainers with exactly this GitHub handle.' },
};

const PORT_QUERIES = ['search', 'ordering', 'name', 'categories', 'maintainers__github', 'variants__variant'];
const MAINTAINER_QUERIES = ['maintainerSearch', 'maintainerName', 'github'];

/** The query parameters a route computes (see Route.query), by reference. */
function queryParameters(route: Route): unknown[] {
  if (route.query !== 'filters') return [];
  const names = route.list === 'maintainer' ? MAINTAINER_QUERIES : PORT_QUERIES;
  return names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
}

/** A 400 of a filter's value: each field's errors, by field. */
const INVALID_QUERY = {
  description: "A filter's value is not valid (a category no port has, a NUL): each field's errors, by field (a NUL in `search`: an array of one error)",
  headers: HEADERS,
  content: { 'application/json': { schema: { oneOf: [{ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, { type: 'array', items: { type: 'string' } }] } } },
};

/** A route's operation: its parameters, its body, and the 404s it can answer (its own missing, and Not found). */
function operation(route: Route): [string, unknown] {
  const { path, parameter } = pathOf(route);
  const parameters = [...(route.kind === 'list' ? [PAGE, FORMAT] : [FORMAT]), ...queryParameters(route)];
  const errors = [...new Set<ErrorKind>([route.missing, 'not-found'])];
  const ok = { description: route.bodyDescription, headers: HEADERS, content: { 'application/json': { schema: { $ref: `${SCHEMAS}${route.body}` } } } };
  const responses = route.query === 'filters' ? { 200: ok, 400: INVALID_QUERY, 404: notFound(errors) } : { 200: ok, 404: notFound(errors) };
  const operationId = route.viewName.replace(/ /g, '');
  return [path, { get: { operationId: operationId[0]!.toLowerCase() + operationId.slice(1), summary: route.summary, parameters: parameter ? [parameter, ...parameters] : parameters, responses } }];
}

/** A file for programs outside the API (see DATA_ROUTES): its own type, readable from any origin. */
function dataFile(summary: string, contentType: string, schema: unknown, description: string): unknown {
  const headers = { 'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' } };
  return { get: { operationId: summary.replace(/[^A-Za-z]/g, ''), summary, responses: { 200: { description, headers, content: { [contentType]: { schema } } } } } };
}

const SIGNATURE =
  "OpenBSD signify's format: a line `untrusted comment: verify with <key>.pub`, then the base64 of `Ed`, the key's 8-byte number and the file's 64-byte Ed25519 signature; only when the site is built with --sign-key";

/** The files for programs: the dumps, their signatures and the feeds. */
function dataPaths(): Array<[string, unknown]> {
  const text = { type: 'string' };
  return [
    [`/${DUMP_PORTS}`, dataFile('Every port object', 'application/json', ref(portsDump), 'Every port object, in catalogue order, each the bytes of its own file')],
    [`/${DUMP_VERSIONS}`, dataFile('Every port version', 'application/json', ref(versionsDump), "Each port's version, revision, epoch, port directory and activity, by name")],
    [`/${DUMP_PORTS}.sig`, dataFile('The signature of every port object', 'text/plain; charset=utf-8', text, SIGNATURE)],
    [`/${DUMP_VERSIONS}.sig`, dataFile('The signature of every port version', 'text/plain; charset=utf-8', text, SIGNATURE)],
    [`/${FEED_ATOM}`, dataFile('The newest changes, as Atom', 'application/atom+xml; charset=utf-8', text, 'Atom 1.0: the newest 500 changes, a port per import; only when the catalogue has a record of its imports')],
    [`/${FEED_JSON}`, dataFile('The newest changes, as JSON Feed', 'application/feed+json; charset=utf-8', { type: 'object' }, 'JSON Feed 1.1: the same entries as the Atom feed')],
  ];
}

/** The document, for a site whose pages link to `baseUrl`. */
function openApiDocument(baseUrl: string): unknown {
  const paths = ROUTES.filter((route) => route.kind !== 'document').map(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ports API',
      version: 'v1',
      description:
        'The read API of a ports catalogue, as static files that answer as the live service (Django REST Framework) does. Every answer under /api/v1/, errors and OPTIONS included, carries Allow, Content-Type: application/json, Vary: Accept and Access-Control-Allow-Origin: *; a path without its trailing slash is redirected (301) to the path with it; any method other than GET, HEAD and OPTIONS is answered 405. Outside /api/v1/, files for programs: the dumps of every port and version, their signify signatures, and feeds of changes.',
    },
    servers: [{ url: baseUrl }],
    paths: Object.fromEntries([...paths, ...dataPaths()]),
    components: {
      schemas: componentSchemas(),
      parameters: {
        ...Object.fromEntries(Object.entries(QUERY_PARAMETERS).map(([id, { name, description }]) => [id, { name, in: 'query', description, schema: { type: 'string' } }])),
        page: {
          name: 'page',
          in: 'query',
          description: `A page number, read as Python's int() reads it (\`02\`, \` 2 \` and \`1_0\` are numbers; the last of repeated ones counts), or \`${LAST_PAGE}\`. Absent or empty: page 1. Past the last page, 0, negative or not a number: 404 Invalid page.`,
          schema: { type: 'string' },
        },
        format: {
          name: 'format',
          in: 'query',
          description: 'The same JSON for either value; any other value is 404 Not found.',
          schema: { type: 'string', enum: [...JSON_FORMATS] },
        },
      },
      headers: Object.fromEntries(HEADER_NAMES.map((name) => [name, { description: `Always \`${API_HEADERS[name]}\``, schema: { type: 'string', const: API_HEADERS[name] } }])),
    },
  };
}

/** The document's bytes, compact as every file of the site. */
export function openApiBody(baseUrl: string): string {
  return toJsonText(openApiDocument(baseUrl));
}
