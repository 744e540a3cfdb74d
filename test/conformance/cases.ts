/**
 * The conformance table: docs/api.md, one row per request, run against `ports-gen serve`
 * over real HTTP, against real nginx configured by `ports-gen nginx`, and against Netlify's own
 * emulation. Where a host cannot do what the live service does, the row says what the host does
 * instead (`netlify`, `nginx`) and why; the host differences of docs/hosting.md are written from these rows.
 */
export interface Expected {
  status: number;
  /** A file of ./expected (hand-written from the contract, docs/api.md), or an exact JSON body. */
  body?: { file: string } | { json: unknown } | { empty: true };
  location?: string;
  /** The three docs/api.md headers; true unless a host difference says otherwise. */
  apiHeaders?: boolean;
  /** Headers by their lower-case name, each with its exact value; undefined: must be absent. */
  headers?: Record<string, string | undefined>;
  /** The Content-Type of a file outside the API (the browser's), whose headers are its own. */
  contentType?: string;
  /** HEAD: the body the GET would send, whose length `Content-Length` must give. */
  lengthOf?: { file: string } | { json: unknown };
}

export interface Case {
  name: string;
  method: string;
  target: string;
  headers?: Record<string, string>;
  expect: Expected;
  /** What Netlify does instead, with the reason; absent when it matches `expect`. */
  netlify?: Expected & { why: string };
  /** What nginx (configured by `ports-gen nginx`) does instead, with the reason. */
  nginx?: Expected & { why: string };
}

const NOT_FOUND = { json: { detail: 'Not found.' } };
const NO_PORT = { json: { detail: 'No Port matches the given query.' } };
const INVALID_PAGE = { json: { detail: 'Invalid page.' } };
const NO_CATEGORY = { json: { detail: 'No Category matches the given query.' } };
const metadata = (name: string, description = '') => ({
  json: {
    name,
    description,
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  },
});
const file = (name: string) => ({ file: name });

/**
 * What Netlify cannot do even with its function: a rule that serves a file answers before any
 * function, whatever the method, and matches a path with or without its trailing slash.
 */
const METHODS = 'a rule serving a file answers every method like GET, before the function could';
const NO_SLASH = 'Netlify matches rules with or without the trailing slash';
const ENCODED_FILE = 'Netlify\'s local emulation looks a file up by its path as sent, undecoded, so a name that needs percent-encoding in a URL finds no file there';
const UNDECODED_QUERY = 'query values are compared as sent, undecoded';
const DOT_SEGMENTS = 'the `.` and `..` segments of a path are resolved before it is matched';

/** A CORS preflight as django-cors-headers answers it, on any path (see PREFLIGHT_HEADERS). */
const PREFLIGHT_REQUEST = { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-requested-with' };
const PREFLIGHT: Expected = {
  status: 200,
  body: { empty: true },
  apiHeaders: false,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'content-length': '0',
    vary: 'Origin',
    allow: undefined,
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with',
    'access-control-allow-methods': 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
    'access-control-max-age': '86400',
  },
};
const PREFLIGHT_NO_ORIGIN: Expected = { ...PREFLIGHT, headers: { ...PREFLIGHT.headers, 'access-control-allow-origin': undefined, 'access-control-allow-headers': undefined, 'access-control-allow-methods': undefined, 'access-control-max-age': undefined } };

export const CASES: Case[] = [
  // The files for programs, outside the API: their own type, readable from any origin
  { name: 'the versions of every port', method: 'GET', target: '/dump/versions.json', headers: { Origin: 'https://elsewhere.example' }, expect: { status: 200, body: file('dump-versions.json'), apiHeaders: false, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } } },
  { name: 'the dump of every port, HEAD', method: 'HEAD', target: '/dump/ports.json', expect: { status: 200, body: { empty: true }, apiHeaders: false, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } } },
  { name: 'the feed of changes, as Atom', method: 'GET', target: '/feeds/updates.atom', expect: { status: 200, body: file('updates.atom'), apiHeaders: false, headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'access-control-allow-origin': '*' } } },
  { name: 'the feed of changes, as JSON Feed, HEAD', method: 'HEAD', target: '/feeds/updates.json', expect: { status: 200, body: { empty: true }, apiHeaders: false, headers: { 'content-type': 'application/feed+json; charset=utf-8', 'access-control-allow-origin': '*' } } },
  { name: 'no signature without --sign-key', method: 'GET', target: '/dump/ports.json.sig', expect: { status: 404, body: NOT_FOUND }, netlify: { status: 404, apiHeaders: false, why: 'a path outside /api/ that no file answers is Netlify\'s own 404' } },
  // CORS: every answer above carries Access-Control-Allow-Origin: * (see check.ts); preflights on any path
  { name: 'a CORS preflight of a port', method: 'OPTIONS', target: '/api/v1/ports/zlib/', headers: PREFLIGHT_REQUEST, expect: PREFLIGHT, netlify: { status: 200, body: file('zlib.json'), why: METHODS } },
  { name: 'a CORS preflight of no route, before any 404', method: 'OPTIONS', target: '/api/v2/nowhere', headers: PREFLIGHT_REQUEST, expect: PREFLIGHT },
  { name: 'a CORS preflight of a port without its slash, before the 301', method: 'OPTIONS', target: '/api/v1/ports/zlib', headers: PREFLIGHT_REQUEST, expect: PREFLIGHT, netlify: { status: 200, body: file('zlib.json'), why: METHODS } },
  { name: 'a preflight without an Origin: no CORS headers', method: 'OPTIONS', target: '/api/v1/category/anything/', headers: { 'Access-Control-Request-Method': 'GET' }, expect: PREFLIGHT_NO_ORIGIN },
  { name: 'OPTIONS with an Origin but no requested method is no preflight', method: 'OPTIONS', target: '/api/v1/ports/nosuch/', headers: { Origin: 'https://elsewhere.example' }, expect: { status: 200, body: metadata('Port Api Instance') } },
  { name: 'a GET from another origin', method: 'GET', target: '/api/v1/ports/zlib/', headers: { Origin: 'https://elsewhere.example' }, expect: { status: 200, body: file('zlib.json') } },

  // Ports
  { name: 'a port', method: 'GET', target: '/api/v1/ports/zlib/', expect: { status: 200, body: file('zlib.json') } },
  { name: 'a port in another letter case', method: 'GET', target: '/api/v1/ports/ZLIB/', expect: { status: 200, body: file('zlib.json') }},
  { name: 'a mixed-case port by its own name', method: 'GET', target: '/api/v1/ports/SDL2/', expect: { status: 200, body: file('SDL2.json') } },
  { name: 'a mixed-case port in lower case', method: 'GET', target: '/api/v1/ports/sdl2/', expect: { status: 200, body: file('SDL2.json') } },
  { name: 'a name with + signs', method: 'GET', target: '/api/v1/ports/libsigc++/', expect: { status: 200, body: file('libsigc++.json') } },
  { name: 'a name with percent-encoded + signs', method: 'GET', target: '/api/v1/ports/libsigc%2B%2B/', expect: { status: 200, body: file('libsigc++.json') } },
  { name: 'format=api', method: 'GET', target: '/api/v1/ports/zlib/?format=api', expect: { status: 200, body: file('zlib.json') } },
  { name: 'format=json', method: 'GET', target: '/api/v1/ports/zlib/?format=json', expect: { status: 200, body: file('zlib.json') } },
  { name: 'an unknown port', method: 'GET', target: '/api/v1/ports/nosuchport/', expect: { status: 404, body: NO_PORT }},
  // The live router's pattern for a port's name does not match these: no view is reached.
  { name: 'a port segment with a space', method: 'GET', target: '/api/v1/ports/no%20such/', expect: { status: 404, body: NOT_FOUND } },
  { name: 'a port segment beyond ASCII', method: 'GET', target: '/api/v1/ports/caf%C3%A9/', expect: { status: 404, body: NOT_FOUND } },
  { name: 'OPTIONS on a port segment the route does not match', method: 'OPTIONS', target: '/api/v1/ports/caf%C3%A9/', expect: { status: 404, body: NOT_FOUND } },
  { name: 'a port segment the route does not match, without its trailing slash', method: 'GET', target: '/api/v1/ports/no%20such', expect: { status: 404, body: NOT_FOUND } },
  {
    name: 'an unknown format',
    method: 'GET',
    target: '/api/v1/ports/zlib/?format=xml',
    expect: { status: 404, body: NOT_FOUND },
  },
  { name: 'a port without its trailing slash', method: 'GET', target: '/api/v1/ports/zlib', expect: { status: 301, location: '/api/v1/ports/zlib/', body: { empty: true } }, netlify: { status: 200, body: file('zlib.json'), why: NO_SLASH } },
  { name: 'the redirect keeps the query', method: 'GET', target: '/api/v1/ports/zlib?format=api', expect: { status: 301, location: '/api/v1/ports/zlib/?format=api', body: { empty: true } }},

  // Files list
  { name: 'the files list is page 1', method: 'GET', target: '/api/v1/files/', expect: { status: 200, body: file('page-1.json') } },
  { name: 'an empty page parameter is page 1', method: 'GET', target: '/api/v1/files/?page=', expect: { status: 200, body: file('page-1.json') } },
  { name: 'page 2', method: 'GET', target: '/api/v1/files/?page=2', expect: { status: 200, body: file('page-2.json') } },
  { name: 'page 3, the last', method: 'GET', target: '/api/v1/files/?page=3', expect: { status: 200, body: file('page-3.json') } },
  { name: 'page=last', method: 'GET', target: '/api/v1/files/?page=last', expect: { status: 200, body: file('page-3.json') } },
  { name: 'page with format=api after it', method: 'GET', target: '/api/v1/files/?page=2&format=api', expect: { status: 200, body: file('page-2.json') } },
  { name: 'page with format=json before it', method: 'GET', target: '/api/v1/files/?format=json&page=2', expect: { status: 200, body: file('page-2.json') } },
  {
    name: 'page=01 is read as int() reads it',
    method: 'GET',
    target: '/api/v1/files/?page=02',
    expect: { status: 200, body: file('page-2.json') },
  },
  {
    name: 'surrounding spaces are allowed',
    method: 'GET',
    target: '/api/v1/files/?page=%202%20',
    expect: { status: 200, body: file('page-2.json') },
  },
  {
    name: 'a repeated page: the last one counts',
    method: 'GET',
    target: '/api/v1/files/?page=1&page=3',
    expect: { status: 200, body: file('page-3.json') },
  },
  { name: 'a percent-encoded page', method: 'GET', target: '/api/v1/files/?page=%32', expect: { status: 200, body: file('page-2.json') }, nginx: { status: 404, body: INVALID_PAGE, why: UNDECODED_QUERY } },
  { name: 'an underscore between digits (PEP 515)', method: 'GET', target: '/api/v1/files/?page=0_2', expect: { status: 200, body: file('page-2.json') } },
  { name: 'two underscores are not a number', method: 'GET', target: '/api/v1/files/?page=1__0', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'a + in a query is a space', method: 'GET', target: '/api/v1/files/?page=+3', expect: { status: 200, body: file('page-3.json') } },
  { name: 'an encoded + is a sign', method: 'GET', target: '/api/v1/files/?page=%2B3', expect: { status: 200, body: file('page-3.json') } },
  { name: 'page 0', method: 'GET', target: '/api/v1/files/?page=0', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'a negative page', method: 'GET', target: '/api/v1/files/?page=-1', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'a page that is not a number', method: 'GET', target: '/api/v1/files/?page=abc', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'a page that is not an integer', method: 'GET', target: '/api/v1/files/?page=2.0', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'a page past the last', method: 'GET', target: '/api/v1/files/?page=4', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'a huge page number', method: 'GET', target: '/api/v1/files/?page=99999999999999999999999', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the files list with an unknown format', method: 'GET', target: '/api/v1/files/?page=2&format=yaml', expect: { status: 404, body: NOT_FOUND }},
  { name: 'the files list without its trailing slash', method: 'GET', target: '/api/v1/files?page=2', expect: { status: 301, location: '/api/v1/files/?page=2', body: { empty: true } }, netlify: { status: 200, body: file('page-2.json'), why: NO_SLASH } },

  // Other paths
  { name: 'an unknown path under /api/v1/', method: 'GET', target: '/api/v1/nothing/', expect: { status: 404, body: NOT_FOUND }},
  { name: 'an unknown path under /api/', method: 'GET', target: '/api/v2/ports/zlib/', expect: { status: 404, body: NOT_FOUND }},
  { name: 'a path below a port', method: 'GET', target: '/api/v1/ports/zlib/files/', expect: { status: 404, body: NOT_FOUND }},
  { name: 'a file behind a route is no route', method: 'GET', target: '/api/v1/root.json', expect: { status: 404, body: NOT_FOUND }, netlify: { status: 200, body: file('root.json'), why: 'the function fetches the files behind the routes by their URLs' } },

  // Methods
  { name: 'HEAD of a port', method: 'HEAD', target: '/api/v1/ports/zlib/', expect: { status: 200, body: { empty: true }, lengthOf: file('zlib.json') } },
  { name: 'HEAD of a missing page', method: 'HEAD', target: '/api/v1/files/?page=9', expect: { status: 404, body: { empty: true }, lengthOf: INVALID_PAGE }},
  { name: 'HEAD of a files page', method: 'HEAD', target: '/api/v1/files/?page=2', expect: { status: 200, body: { empty: true }, lengthOf: file('page-2.json') } },
  {
    name: 'OPTIONS of a port',
    method: 'OPTIONS',
    target: '/api/v1/ports/anything/',
    expect: { status: 200, body: metadata('Port Api Instance') },
  },
  {
    name: 'OPTIONS of the files list',
    method: 'OPTIONS',
    target: '/api/v1/files/',
    expect: { status: 200, body: metadata('Installed Files Api List') }, netlify: { status: 200, body: file('page-1.json'), why: METHODS },
  },
  { name: 'POST', method: 'POST', target: '/api/v1/files/', expect: { status: 405, body: { json: { detail: 'Method "POST" not allowed.' } } }, netlify: { status: 200, body: file('page-1.json'), why: METHODS } },
  { name: 'PUT', method: 'PUT', target: '/api/v1/ports/zlib/', expect: { status: 405, body: { json: { detail: 'Method "PUT" not allowed.' } } }, netlify: { status: 200, body: file('zlib.json'), why: METHODS } },
  { name: 'PATCH', method: 'PATCH', target: '/api/v1/ports/zlib/', expect: { status: 405, body: { json: { detail: 'Method "PATCH" not allowed.' } } }, netlify: { status: 200, body: file('zlib.json'), why: METHODS } },
  { name: 'DELETE', method: 'DELETE', target: '/api/v1/ports/zlib/', expect: { status: 405, body: { json: { detail: 'Method "DELETE" not allowed.' } } }, netlify: { status: 200, body: file('zlib.json'), why: METHODS } },

  // The API root
  { name: 'the API root', method: 'GET', target: '/api/v1/', expect: { status: 200, body: file('root.json') } },
  { name: 'the API root with format=json: its links carry it', method: 'GET', target: '/api/v1/?format=json', expect: { status: 200, body: file('root-format-json.json') } },
  { name: 'the API root with format=api', method: 'GET', target: '/api/v1/?format=api', expect: { status: 200, body: file('root-format-api.json') } },
  { name: 'the API root with an empty format: its links carry it too', method: 'GET', target: '/api/v1/?format=', expect: { status: 200, body: file('root-format-empty.json') } },
  { name: 'the API root with a bare format, an empty one', method: 'GET', target: '/api/v1/?format', expect: { status: 200, body: file('root-format-empty.json') }, netlify: { status: 200, body: file('root.json'), why: 'Netlify\'s rules see no query key without a value' } },
  { name: 'the API root with a percent-encoded format', method: 'GET', target: '/api/v1/?format=%6Ason', expect: { status: 200, body: file('root-format-json.json') }, nginx: { status: 404, body: NOT_FOUND, why: UNDECODED_QUERY } },
  { name: 'the API root: the last format counts, an empty one too', method: 'GET', target: '/api/v1/?format=json&format=', expect: { status: 200, body: file('root-format-empty.json') } },
  { name: 'the API root: the last format counts', method: 'GET', target: '/api/v1/?format=&format=api', expect: { status: 200, body: file('root-format-api.json') } },
  { name: 'HEAD of the API root', method: 'HEAD', target: '/api/v1/', expect: { status: 200, body: { empty: true }, lengthOf: file('root.json') } },
  { name: 'the API root with an unknown format', method: 'GET', target: '/api/v1/?format=xml', expect: { status: 404, body: NOT_FOUND }},
  { name: 'the API root without its trailing slash', method: 'GET', target: '/api/v1', expect: { status: 301, location: '/api/v1/', body: { empty: true } }, netlify: { status: 200, body: file('root.json'), why: NO_SLASH } },
  { name: 'OPTIONS of the API root', method: 'OPTIONS', target: '/api/v1/', expect: { status: 200, body: metadata('Api Root', 'The default basic root view for DefaultRouter') }, netlify: { status: 200, body: file('root.json'), why: METHODS } },
  { name: 'POST to the API root', method: 'POST', target: '/api/v1/', expect: { status: 405, body: { json: { detail: 'Method "POST" not allowed.' } } }, netlify: { status: 200, body: file('root.json'), why: METHODS } },

  // The browser of the API (ours), outside /api/: its own types, none of the API's headers
  { name: 'the browser\'s page', method: 'GET', target: '/', expect: { status: 200, apiHeaders: false, contentType: 'text/html; charset=utf-8' } },
  { name: 'the browser\'s page, HEAD', method: 'HEAD', target: '/', expect: { status: 200, apiHeaders: false, contentType: 'text/html; charset=utf-8', body: { empty: true } } },
  { name: 'the browser\'s script', method: 'GET', target: '/browser/app.js', expect: { status: 200, apiHeaders: false, contentType: 'text/javascript; charset=utf-8' } },
  { name: 'the browser\'s styles', method: 'GET', target: '/browser/style.css', expect: { status: 200, apiHeaders: false, contentType: 'text/css; charset=utf-8' } },
  { name: 'the browser\'s search index', method: 'GET', target: '/browser/search.json', expect: { status: 200, apiHeaders: false, contentType: 'application/json; charset=utf-8' } },

  // The OpenAPI document (ours: the live service has none); its content is test/openapi.test.ts's
  { name: 'the OpenAPI document', method: 'GET', target: '/api/v1/openapi.json', expect: { status: 200 } },
  { name: 'the OpenAPI document with format=json', method: 'GET', target: '/api/v1/openapi.json?format=json', expect: { status: 200 } },
  { name: 'the OpenAPI document with a slash after it', method: 'GET', target: '/api/v1/openapi.json/', expect: { status: 404, body: NOT_FOUND }, netlify: { status: 200, why: NO_SLASH } },
  { name: 'OPTIONS of the OpenAPI document', method: 'OPTIONS', target: '/api/v1/openapi.json', expect: { status: 200, body: metadata('OpenAPI Document', 'The OpenAPI 3.1 description of this API') }, netlify: { status: 200, why: METHODS } },

  // The ports list: newest first, the reverse of catalogue order
  { name: 'the ports list', method: 'GET', target: '/api/v1/ports/', expect: { status: 200, body: file('ports-page-1.json') } },
  { name: 'the ports list, page 2', method: 'GET', target: '/api/v1/ports/?page=2', expect: { status: 200, body: file('ports-page-2.json') } },
  { name: 'the ports list, page=last', method: 'GET', target: '/api/v1/ports/?page=last', expect: { status: 200, body: file('ports-page-3.json') } },
  { name: 'the ports list, page=03', method: 'GET', target: '/api/v1/ports/?page=03', expect: { status: 200, body: file('ports-page-3.json') }},
  { name: 'the ports list past its last page', method: 'GET', target: '/api/v1/ports/?page=4', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the ports list, page 0', method: 'GET', target: '/api/v1/ports/?page=0', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the ports list, a page that is not a number', method: 'GET', target: '/api/v1/ports/?page=abc', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the ports list, an empty page is page 1', method: 'GET', target: '/api/v1/ports/?page=', expect: { status: 200, body: file('ports-page-1.json') } },
  { name: 'the ports list with an unknown format', method: 'GET', target: '/api/v1/ports/?format=xml', expect: { status: 404, body: NOT_FOUND }},
  { name: 'HEAD of the ports list', method: 'HEAD', target: '/api/v1/ports/?page=2', expect: { status: 200, body: { empty: true }, lengthOf: file('ports-page-2.json') } },
  { name: 'POST to the ports list', method: 'POST', target: '/api/v1/ports/', expect: { status: 405, body: { json: { detail: 'Method "POST" not allowed.' } } }, netlify: { status: 200, body: file('ports-page-1.json'), why: METHODS } },
  { name: 'the ports list with format=api', method: 'GET', target: '/api/v1/ports/?format=api&page=2', expect: { status: 200, body: file('ports-page-2.json') } },
  { name: 'the ports list without its trailing slash', method: 'GET', target: '/api/v1/ports?page=2', expect: { status: 301, location: '/api/v1/ports/?page=2', body: { empty: true } }, netlify: { status: 200, body: file('ports-page-2.json'), why: NO_SLASH } },
  { name: 'OPTIONS of the ports list', method: 'OPTIONS', target: '/api/v1/ports/', expect: { status: 200, body: metadata('Port Api List') }, netlify: { status: 200, body: file('ports-page-1.json'), why: METHODS } },
  { name: 'a retired port is still listed and served', method: 'GET', target: '/api/v1/ports/zstd/', expect: { status: 200, body: file('zstd.json') } },

  // Categories
  { name: 'the categories', method: 'GET', target: '/api/v1/category/', expect: { status: 200, body: file('categories-page-1.json') } },
  { name: 'the categories, page 2', method: 'GET', target: '/api/v1/category/?page=2', expect: { status: 200, body: file('categories-page-2.json') } },
  { name: 'the categories, page=last', method: 'GET', target: '/api/v1/category/?page=last', expect: { status: 200, body: file('categories-page-2.json') } },
  { name: 'the categories past their last page', method: 'GET', target: '/api/v1/category/?page=3', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the categories, page 0', method: 'GET', target: '/api/v1/category/?page=0', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the categories, a page that is not a number', method: 'GET', target: '/api/v1/category/?page=abc', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the categories with an unknown format', method: 'GET', target: '/api/v1/category/?format=xml', expect: { status: 404, body: NOT_FOUND }},
  { name: 'the categories without their trailing slash', method: 'GET', target: '/api/v1/category?page=2', expect: { status: 301, location: '/api/v1/category/?page=2', body: { empty: true } }, netlify: { status: 200, body: file('categories-page-2.json'), why: NO_SLASH } },
  { name: 'HEAD of the categories', method: 'HEAD', target: '/api/v1/category/', expect: { status: 200, body: { empty: true }, lengthOf: file('categories-page-1.json') } },
  { name: 'POST to the categories', method: 'POST', target: '/api/v1/category/', expect: { status: 405, body: { json: { detail: 'Method "POST" not allowed.' } } }, netlify: { status: 200, body: file('categories-page-1.json'), why: METHODS } },
  { name: 'a category with a space in its name', method: 'GET', target: '/api/v1/category/two%20words/', expect: { status: 200, body: file('category-two-words.json') }, netlify: { status: 404, body: NO_CATEGORY, why: ENCODED_FILE } },
  { name: 'a category with a space, without its trailing slash', method: 'GET', target: '/api/v1/category/two%20words', expect: { status: 301, location: '/api/v1/category/two%20words/', body: { empty: true } } },
  { name: 'a redirect names the path as Django writes it again', method: 'GET', target: '/api/v1/category/%61rchivers', expect: { status: 301, location: '/api/v1/category/archivers/', body: { empty: true } }, netlify: { status: 200, body: file('category-archivers.json'), why: NO_SLASH }, nginx: { status: 301, location: '/api/v1/category/%61rchivers/', body: { empty: true }, why: 'the redirect repeats the path as the request wrote it' } },
  { name: 'a path with two slashes in a row matches no route', method: 'GET', target: '/api/v1//category/', expect: { status: 404, body: NOT_FOUND } },
  { name: 'a path with a dot segment matches no route', method: 'GET', target: '/api/v1/category/./', expect: { status: 404, body: NOT_FOUND }, nginx: { status: 200, body: file('categories-page-1.json'), why: DOT_SEGMENTS }, netlify: { status: 200, body: file('categories-page-1.json'), why: DOT_SEGMENTS } },
  { name: 'PUT to a category', method: 'PUT', target: '/api/v1/category/archivers/', expect: { status: 405, body: { json: { detail: 'Method "PUT" not allowed.' } } }, netlify: { status: 200, body: file('category-archivers.json'), why: METHODS } },
  { name: 'a category: its active ports', method: 'GET', target: '/api/v1/category/archivers/', expect: { status: 200, body: file('category-archivers.json') } },
  { name: 'a category whose ports are all retired', method: 'GET', target: '/api/v1/category/devel/', expect: { status: 200, body: file('category-devel.json') } },
  { name: 'a category in another letter case', method: 'GET', target: '/api/v1/category/Archivers/', expect: { status: 404, body: NO_CATEGORY }},
  { name: 'an unknown category', method: 'GET', target: '/api/v1/category/nothing/', expect: { status: 404, body: NO_CATEGORY }},
  { name: 'a category path with a dot matches no route', method: 'GET', target: '/api/v1/category/a.b/', expect: { status: 404, body: NOT_FOUND }},
  { name: 'a category with format=json', method: 'GET', target: '/api/v1/category/archivers/?format=json', expect: { status: 200, body: file('category-archivers.json') } },
  { name: 'a category without its trailing slash', method: 'GET', target: '/api/v1/category/archivers', expect: { status: 301, location: '/api/v1/category/archivers/', body: { empty: true } }, netlify: { status: 200, body: file('category-archivers.json'), why: NO_SLASH } },
  { name: 'HEAD of a category', method: 'HEAD', target: '/api/v1/category/archivers/', expect: { status: 200, body: { empty: true }, lengthOf: file('category-archivers.json') } },
  { name: 'OPTIONS of the categories', method: 'OPTIONS', target: '/api/v1/category/', expect: { status: 200, body: metadata('Category Api List') }, netlify: { status: 200, body: file('categories-page-1.json'), why: METHODS } },
  { name: 'OPTIONS of a category', method: 'OPTIONS', target: '/api/v1/category/anything/', expect: { status: 200, body: metadata('Category Api Instance') }},

  // Maintainers
  { name: 'the maintainers', method: 'GET', target: '/api/v1/maintainer/', expect: { status: 200, body: file('maintainers-page-1.json') } },
  { name: 'the maintainers, page 2', method: 'GET', target: '/api/v1/maintainer/?page=2', expect: { status: 200, body: file('maintainers-page-2.json') } },
  { name: 'the maintainers, page=last', method: 'GET', target: '/api/v1/maintainer/?page=last', expect: { status: 200, body: file('maintainers-page-2.json') } },
  { name: 'the maintainers past their last page', method: 'GET', target: '/api/v1/maintainer/?page=3', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the maintainers, a page that is not a number', method: 'GET', target: '/api/v1/maintainer/?page=abc', expect: { status: 404, body: INVALID_PAGE }},
  { name: 'the maintainers with an unknown format', method: 'GET', target: '/api/v1/maintainer/?format=xml', expect: { status: 404, body: NOT_FOUND }},
  { name: 'the maintainers without their trailing slash', method: 'GET', target: '/api/v1/maintainer', expect: { status: 301, location: '/api/v1/maintainer/', body: { empty: true } }, netlify: { status: 200, body: file('maintainers-page-1.json'), why: NO_SLASH } },
  { name: 'HEAD of the maintainers', method: 'HEAD', target: '/api/v1/maintainer/', expect: { status: 200, body: { empty: true }, lengthOf: file('maintainers-page-1.json') } },
  { name: 'POST to the maintainers', method: 'POST', target: '/api/v1/maintainer/', expect: { status: 405, body: { json: { detail: 'Method "POST" not allowed.' } } }, netlify: { status: 200, body: file('maintainers-page-1.json'), why: METHODS } },
  { name: 'a handle of one maintainer', method: 'GET', target: '/api/v1/maintainer/slouken/', expect: { status: 200, body: file('maintainer-slouken.json') } },
  { name: 'HEAD of a handle', method: 'HEAD', target: '/api/v1/maintainer/jmr/', expect: { status: 200, body: { empty: true }, lengthOf: file('maintainer-jmr.json') } },
  { name: 'a handle no maintainer has, without its trailing slash', method: 'GET', target: '/api/v1/maintainer/nobody', expect: { status: 301, location: '/api/v1/maintainer/nobody/', body: { empty: true } } },
  { name: 'a handle: every maintainer with it, an array', method: 'GET', target: '/api/v1/maintainer/jmr/', expect: { status: 200, body: file('maintainer-jmr.json') } },
  { name: 'a handle in another letter case is another handle', method: 'GET', target: '/api/v1/maintainer/JMR/', expect: { status: 200, body: { json: [] } } },
  { name: 'a handle no maintainer has: an empty array', method: 'GET', target: '/api/v1/maintainer/nobody/', expect: { status: 200, body: { json: [] } } },
  { name: 'a handle the route does not match', method: 'GET', target: '/api/v1/maintainer/a%20b/', expect: { status: 404, body: NOT_FOUND }},
  { name: 'a handle with an unknown format', method: 'GET', target: '/api/v1/maintainer/jmr/?format=xml', expect: { status: 404, body: NOT_FOUND }},
  { name: 'a handle without its trailing slash', method: 'GET', target: '/api/v1/maintainer/jmr', expect: { status: 301, location: '/api/v1/maintainer/jmr/', body: { empty: true } }, netlify: { status: 200, body: file('maintainer-jmr.json'), why: NO_SLASH } },
  { name: 'OPTIONS of the maintainers', method: 'OPTIONS', target: '/api/v1/maintainer/', expect: { status: 200, body: metadata('Maintainer Api List') }, netlify: { status: 200, body: file('maintainers-page-1.json'), why: METHODS } },
  { name: 'OPTIONS of a handle', method: 'OPTIONS', target: '/api/v1/maintainer/anyone/', expect: { status: 200, body: metadata('Maintainer Api Instance') }},
  { name: 'a method Node does not know', method: 'FOO', target: '/api/v1/maintainer/jmr/', expect: { status: 405, body: { json: { detail: 'Method "FOO" not allowed.' } } } },
  { name: 'DELETE of a handle', method: 'DELETE', target: '/api/v1/maintainer/jmr/', expect: { status: 405, body: { json: { detail: 'Method "DELETE" not allowed.' } } }, netlify: { status: 200, body: file('maintainer-jmr.json'), why: METHODS } },
];
