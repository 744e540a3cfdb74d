/**
 * The conformance table: SPEC section 3, one row per request, run against `ports-gen serve`
 * over real HTTP and against Netlify's own emulation. Where a static host cannot do what the
 * live service does, the row says what the host does instead (`netlify`) and why; the README's
 * hosting notes are written from these rows.
 */
export interface Expected {
  status: number;
  /** A file of ./expected (hand-written from SPEC.md), or an exact JSON body. */
  body?: { file: string } | { json: unknown } | { empty: true };
  location?: string;
  /** The three SPEC 3 headers; true unless a host difference says otherwise. */
  apiHeaders?: boolean;
}

export interface Case {
  name: string;
  method: string;
  target: string;
  headers?: Record<string, string>;
  expect: Expected;
  /** What Netlify does instead, with the reason; absent when it matches `expect`. */
  netlify?: Expected & { why: string };
}

const NOT_FOUND = { json: { detail: 'Not found.' } };
const NO_PORT = { json: { detail: 'No Port matches the given query.' } };
const INVALID_PAGE = { json: { detail: 'Invalid page.' } };
const metadata = (name: string) => ({
  json: {
    name,
    description: '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  },
});
const file = (name: string) => ({ file: name });

export const CASES: Case[] = [
  // Ports
  { name: 'a port', method: 'GET', target: '/api/v1/ports/zlib/', expect: { status: 200, body: file('zlib.json') } },
  { name: 'a port in another letter case', method: 'GET', target: '/api/v1/ports/ZLIB/', expect: { status: 200, body: file('zlib.json') } },
  { name: 'a mixed-case port by its own name', method: 'GET', target: '/api/v1/ports/SDL2/', expect: { status: 200, body: file('SDL2.json') } },
  { name: 'a mixed-case port in lower case', method: 'GET', target: '/api/v1/ports/sdl2/', expect: { status: 200, body: file('SDL2.json') } },
  { name: 'a name with + signs', method: 'GET', target: '/api/v1/ports/libsigc++/', expect: { status: 200, body: file('libsigc++.json') } },
  { name: 'a name with percent-encoded + signs', method: 'GET', target: '/api/v1/ports/libsigc%2B%2B/', expect: { status: 200, body: file('libsigc++.json') } },
  { name: 'format=api', method: 'GET', target: '/api/v1/ports/zlib/?format=api', expect: { status: 200, body: file('zlib.json') } },
  { name: 'format=json', method: 'GET', target: '/api/v1/ports/zlib/?format=json', expect: { status: 200, body: file('zlib.json') } },
  { name: 'an unknown port', method: 'GET', target: '/api/v1/ports/nosuchport/', expect: { status: 404, body: NO_PORT } },
  {
    name: 'an unknown format',
    method: 'GET',
    target: '/api/v1/ports/zlib/?format=xml',
    expect: { status: 404, body: NOT_FOUND },
  },
  { name: 'a port without its trailing slash', method: 'GET', target: '/api/v1/ports/zlib', expect: { status: 301, location: '/api/v1/ports/zlib/', body: { empty: true } } },
  { name: 'the redirect keeps the query', method: 'GET', target: '/api/v1/ports/zlib?format=api', expect: { status: 301, location: '/api/v1/ports/zlib/?format=api', body: { empty: true } } },

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
    netlify: { status: 404, body: INVALID_PAGE, why: 'rewrites match page values literally; only canonical numbers are generated' },
  },
  {
    name: 'surrounding spaces are allowed',
    method: 'GET',
    target: '/api/v1/files/?page=%202%20',
    expect: { status: 200, body: file('page-2.json') },
    netlify: { status: 404, body: INVALID_PAGE, why: 'rewrites match page values literally' },
  },
  {
    name: 'a repeated page: the last one counts',
    method: 'GET',
    target: '/api/v1/files/?page=1&page=3',
    expect: { status: 200, body: file('page-3.json') },
    netlify: { status: 200, body: file('page-1.json'), why: 'Netlify matches the first value of a repeated parameter' },
  },
  { name: 'page 0', method: 'GET', target: '/api/v1/files/?page=0', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'a negative page', method: 'GET', target: '/api/v1/files/?page=-1', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'a page that is not a number', method: 'GET', target: '/api/v1/files/?page=abc', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'a page that is not an integer', method: 'GET', target: '/api/v1/files/?page=2.0', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'a page past the last', method: 'GET', target: '/api/v1/files/?page=4', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'a huge page number', method: 'GET', target: '/api/v1/files/?page=99999999999999999999999', expect: { status: 404, body: INVALID_PAGE } },
  { name: 'the files list with an unknown format', method: 'GET', target: '/api/v1/files/?page=2&format=yaml', expect: { status: 404, body: NOT_FOUND } },
  { name: 'the files list without its trailing slash', method: 'GET', target: '/api/v1/files?page=2', expect: { status: 301, location: '/api/v1/files/?page=2', body: { empty: true } } },

  // Other paths
  { name: 'an unknown path under /api/v1/', method: 'GET', target: '/api/v1/nothing/', expect: { status: 404, body: NOT_FOUND } },
  { name: 'an unknown path under /api/', method: 'GET', target: '/api/v2/ports/zlib/', expect: { status: 404, body: NOT_FOUND } },
  { name: 'a path below a port', method: 'GET', target: '/api/v1/ports/zlib/files/', expect: { status: 404, body: NOT_FOUND } },

  // Methods
  { name: 'HEAD of a port', method: 'HEAD', target: '/api/v1/ports/zlib/', expect: { status: 200, body: { empty: true } } },
  { name: 'HEAD of a missing page', method: 'HEAD', target: '/api/v1/files/?page=9', expect: { status: 404, body: { empty: true } } },
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
    expect: { status: 200, body: metadata('Installed Files Api List') },
  },
  { name: 'POST', method: 'POST', target: '/api/v1/files/', expect: { status: 405, body: { json: { detail: 'Method "POST" not allowed.' } } } },
  { name: 'PUT', method: 'PUT', target: '/api/v1/ports/zlib/', expect: { status: 405, body: { json: { detail: 'Method "PUT" not allowed.' } } } },
  { name: 'PATCH', method: 'PATCH', target: '/api/v1/ports/zlib/', expect: { status: 405, body: { json: { detail: 'Method "PATCH" not allowed.' } } } },
  { name: 'DELETE', method: 'DELETE', target: '/api/v1/ports/zlib/', expect: { status: 405, body: { json: { detail: 'Method "DELETE" not allowed.' } } } },
];
