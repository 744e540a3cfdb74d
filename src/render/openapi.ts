/**
 * `api/v1/openapi.json`: the API described in OpenAPI 3.1, for client generators and API tools.
 * The paths come from the route table and the bodies' schemas from the Zod schemas the tests
 * check every built file against (routes/output-schemas.ts), so the document cannot drift from
 * the bytes. Pure.
 */
import * as z from 'zod';
import { OUTPUT_SCHEMAS, apiRoot, categoriesPage, categoryResource, errorBody, filesPage, maintainerResource, maintainersPage, portResource, portsDump, portsPage, versionsDump } from '../routes/output-schemas.js';
import { API_HEADERS, CATEGORY_ROUTE, JSON_FORMATS, LAST_PAGE, LIST_ROUTES, MAINTAINER_ROUTE, PORT_ROUTE, ROOT_ROUTE, type Route } from '../routes/route-table.js';
import { DUMP_PORTS, DUMP_VERSIONS, ERROR_BODIES, FEED_ATOM, FEED_JSON, GITHUB_SEGMENT, PORT_SEGMENT, type ErrorKind, type ListName } from '../routes/site-files.js';
import { toJsonText } from './json-text.js';

const SCHEMAS = '#/components/schemas/';

/** The components' schemas, each referring to the others by `$ref` (no `$id` or `$schema` of their own). */
function componentSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(OUTPUT_SCHEMAS, { uri: (id) => `${SCHEMAS}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...schema }]) => [id, schema]));
}

const idOf = (schema: z.ZodType) => OUTPUT_SCHEMAS.get(schema)!.id;
const ref = (schema: z.ZodType) => ({ $ref: `${SCHEMAS}${idOf(schema)}` });

/** The body of each list's pages. */
const LIST_BODIES: Record<ListName, z.ZodType> = { ports: portsPage, files: filesPage, category: categoriesPage, maintainer: maintainersPage };

/** The headers every answer has (Content-Type is the content's own), by reference. */
const HEADER_NAMES = Object.keys(API_HEADERS).filter((name) => name !== 'Content-Type') as Array<Exclude<keyof typeof API_HEADERS, 'Content-Type'>>;
const HEADERS = Object.fromEntries(HEADER_NAMES.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

function ok(description: string, schema: z.ZodType): unknown {
  return { description, headers: HEADERS, content: { 'application/json': { schema: ref(schema) } } };
}

/** A 404 with the bodies it can have. */
function notFound(kinds: readonly ErrorKind[]): unknown {
  const examples = Object.fromEntries(kinds.map((kind) => [kind, { value: ERROR_BODIES[kind] }]));
  return { description: kinds.map((kind) => ERROR_BODIES[kind].detail).join(' or '), headers: HEADERS, content: { 'application/json': { schema: ref(errorBody), examples } } };
}

const FORMAT = { $ref: '#/components/parameters/format' };
const PAGE = { $ref: '#/components/parameters/page' };

/** A route's path as OpenAPI writes it: `:name` as `{name}` (`{github}` for a maintainer). */
function pathOf(route: Route): { path: string; parameter?: unknown } {
  if (!route.path.includes(':name')) return { path: route.path };
  const name = route === MAINTAINER_ROUTE ? 'github' : 'name';
  const segment = route === MAINTAINER_ROUTE ? GITHUB_SEGMENT : route === PORT_ROUTE ? PORT_SEGMENT : undefined;
  const schema = segment ? { type: 'string', pattern: `^${segment}$` } : { type: 'string' };
  const description =
    route === PORT_ROUTE ? "the port's name, in any letter case" : route === CATEGORY_ROUTE ? "the category's name, exactly as the catalogue first spells it" : 'a GitHub handle, exactly';
  return { path: route.path.replace(':name', `{${name}}`), parameter: { name, in: 'path', required: true, description, schema } };
}

function operation(route: Route, summary: string, parameters: unknown[], responses: Record<string, unknown>): [string, unknown] {
  const { path, parameter } = pathOf(route);
  const operationId = route.viewName.replace(/ /g, '');
  return [path, { get: { operationId: operationId[0]!.toLowerCase() + operationId.slice(1), summary, parameters: parameter ? [parameter, ...parameters] : parameters, responses } }];
}

const LIST_SUMMARIES: Record<ListName, string> = {
  ports: 'Every port, newest first',
  files: 'The file lists of the builds',
  category: 'Every category, with its number of ports',
  maintainer: 'Every maintainer, with their number of ports',
};

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
export function openApiDocument(baseUrl: string): unknown {
  const paths = [
    operation(ROOT_ROUTE, 'The links to the lists', [FORMAT], { 200: ok('The API root; with `format`, every link carries it', apiRoot), 404: notFound(['not-found']) }),
    ...LIST_ROUTES.map((route) =>
      operation(route, LIST_SUMMARIES[route.list], [PAGE, FORMAT], { 200: ok('One page of the list', LIST_BODIES[route.list]), 404: notFound(['invalid-page', 'not-found']) }),
    ),
    operation(PORT_ROUTE, 'One port', [FORMAT], { 200: ok('The port', portResource), 404: notFound(['no-port', 'not-found']) }),
    operation(CATEGORY_ROUTE, 'One category and its active ports', [FORMAT], { 200: ok('The category', categoryResource), 404: notFound(['no-category', 'not-found']) }),
    operation(MAINTAINER_ROUTE, 'The maintainers with one GitHub handle, and their active ports', [FORMAT], {
      200: ok('Every maintainer with the handle: an array, [] for a handle no maintainer has', maintainerResource),
      404: notFound(['not-found']),
    }),
  ];
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
