import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bodyOf, filesOf, relinkedPage } from '../../src/render/query-body.js';
import { decideQuery, isComputedQuery, TOO_MANY_FIELDS_BODY, type QueryDecision, type QueryRoute } from '../../src/routes/query/decide-query.js';
import { queryRouteOf } from '../../src/routes/query/query-route.js';
import { CATEGORIES_ROUTE, CATEGORY_ROUTE, FILES_ROUTE, MAINTAINER_ROUTE, MAINTAINERS_ROUTE, PORT_ROUTE, PORTS_ROUTE, ROOT_ROUTE } from '../../src/routes/route-table.js';
import { plainIndex, QUERY_BASE, type PlainPort } from '../support/query-index.js';

const PORTS: PlainPort[] = [
  { name: 'zlib', categories: ['archivers'], handles: ['ryandesign'] },
  { name: 'glib2', categories: ['devel'], handles: ['dbevans', 'mcalhoun'], variants: ['debug', 'universal'] },
  { name: 'foo-debug', categories: ['devel'], variants: ['universal'] },
  { name: 'bar', categories: ['devel', 'Graphics'], variants: ['universal-debug'] },
  { name: 'SDL2', categories: ['Graphics'], handles: ['ryandesign', 'jmroot'], variants: ['x11'] },
  { name: 'twice', categories: ['devel', 'net'], handles: ['same', 'same'] },
  { name: 'Ünï', categories: ['lang'], variants: ['straße', 'σ'] },
];
const PEOPLE = [
  { name: 'ryan', github: 'ryandesign', ports_count: 2 },
  { name: 'devans', github: 'dbevans', ports_count: 1 },
  { name: 'mww', github: '', ports_count: 3 },
];
const INDEX = plainIndex(PORTS, PEOPLE, 2);
const PORTS_LIST: QueryRoute = { kind: 'ports' };
const URL = `${QUERY_BASE}/api/v1/ports/`;

/** The names a ports decision lists, and its envelope. */
function listed(query: string, route: QueryRoute = PORTS_LIST, index = INDEX): { names: string[]; count: number; next: string | null; previous: string | null } {
  const decision = decideQuery(index, route, query);
  if (decision.kind !== 'ports') throw new Error(`${query}: ${JSON.stringify(decision)}`);
  return { names: decision.ports.map((port) => index.ports.names[port]!), ...decision.envelope };
}

/** Every name a query keeps, over all its pages. */
function all(query: string): string[] {
  return listed(`${query}&page_size=1000`, PORTS_LIST, plainIndex(PORTS, PEOPLE, 100)).names;
}

test('a query of page and format alone is the file; anything else is computed', () => {
  for (const query of ['', 'page=2', 'format=json&page=last', 'page', '&&page=1&', 'pag%65=2']) {
    assert.equal(decideQuery(INDEX, PORTS_LIST, query), { kind: 'static' }, query);
    assert.is(isComputedQuery(query), false, query);
  }
  for (const query of ['search=', '=x', 'page=2&zeta=1', 'PAGE=1', 'page_size=5', 'format=json&x']) assert.is(isComputedQuery(query), true, query);
  assert.is(isComputedQuery('page=1&'.repeat(1001)), true);
});

test('search: a term is a case-insensitive substring of the name, a handle, a variant or a category; all terms must hold', () => {
  assert.equal(all('search=ZLIB'), ['zlib']);
  assert.equal(all('search=RYAN'), ['SDL2', 'zlib']);
  assert.equal(all('search=ryan+sdl'), ['SDL2']);
  assert.equal(all('search=graphics'), ['SDL2', 'bar']);
  assert.equal(all('search=%22SDL2+x%22'), []);
  assert.equal(all('search=STRASSE'), []);
  assert.equal(all('search=STRAßE'), ['Ünï']);
  assert.equal(all('search=%CF%82'), ['Ünï']);
  assert.equal(all('search=%'), []);
  assert.equal(all('search=_'), []);
  assert.equal(all('search=-'), ['bar', 'foo-debug']);
  // Not the maintainer's name: the handle alone is searched.
  assert.equal(all('search=devans'), []);
});

test('search: the terms share one row of the joins (SPEC 4b: universal debug)', () => {
  assert.equal(all('search=universal+debug'), ['bar', 'foo-debug']);
  assert.equal(all('search=devel,universal'), ['bar', 'foo-debug', 'glib2']);
  assert.equal(all('search=dbevans+mcalhoun'), []);
  assert.equal(all('search=dbevans+debug+devel'), ['glib2']);
});

test('no term (empty, blank, commas) is no filtering; a NUL is a bare 400 array before any filter', () => {
  for (const query of ['search=', 'search=+++', 'search=,,,', 'search=%22%22']) assert.is(listed(query).count, PORTS.length, query);
  assert.equal(decideQuery(INDEX, PORTS_LIST, 'categories=nosuch&search=a%00'), { kind: 'error', status: 400, body: ['Null characters are not allowed.'] });
  assert.equal(decideQuery(INDEX, { kind: 'maintainers' }, 'search=%00'), { kind: 'error', status: 400, body: ['Null characters are not allowed.'] });
});

test('filters: exact, the last value counting, categories OR-ed, each port once', () => {
  assert.equal(all('name=SDL2'), ['SDL2']);
  assert.equal(all('name=sdl2'), []);
  assert.equal(all('name=zlib&name=SDL2'), ['SDL2']);
  assert.equal(all('categories=Graphics&categories=archivers&categories=Graphics'), ['SDL2', 'bar', 'zlib']);
  assert.equal(all('variants__variant=universal'), ['foo-debug', 'glib2']);
  assert.equal(all('maintainers__github=ryandesign&categories=Graphics'), ['SDL2']);
  assert.equal(all('maintainers__github=nobody'), []);
  assert.equal(all('variants__variant=universal&search=debug&name=glib2'), ['glib2']);
});

test('a handle two people of one port share lists the port twice, as the join without DISTINCT does, unless categories asks DISTINCT', () => {
  assert.equal(all('maintainers__github=same'), ['twice', 'twice']);
  assert.equal(all('maintainers__github=same&categories=net'), ['twice']);
  assert.equal(all('search=same'), ['twice']);
});

test('ordering: newest first by default, by name in code points, silent drops', () => {
  const names = PORTS.map((port) => port.name);
  assert.equal(all('x=1'), [...names].reverse());
  assert.equal(all('ordering=created_at'), names);
  assert.equal(all('ordering=name'), ['SDL2', 'bar', 'foo-debug', 'glib2', 'twice', 'zlib', 'Ünï']);
  assert.equal(all('ordering=-name,created_at'), ['Ünï', 'zlib', 'twice', 'glib2', 'foo-debug', 'bar', 'SDL2']);
  assert.equal(all('ordering=NAME'), [...names].reverse());
});

test('pages after filtering: count, links keeping the query, page=last, an empty result has a page 1', () => {
  assert.equal(listed('search=devel'), { names: ['twice', 'bar'], count: 4, next: `${URL}?page=2&search=devel`, previous: null });
  assert.equal(listed('search=devel&page=last'), { names: ['foo-debug', 'glib2'], count: 4, next: null, previous: `${URL}?search=devel` });
  assert.equal(listed('search=nosuch&page=last'), { names: [], count: 0, next: null, previous: null });
  for (const page of ['2', '0', 'abc', '2.0']) assert.equal(decideQuery(INDEX, PORTS_LIST, `search=nosuch&page=${page}`), { kind: 'error', status: 404, body: { detail: 'Invalid page.' } });
  assert.equal(decideQuery(INDEX, PORTS_LIST, 'categories=nosuch&page=abc'), {
    kind: 'error',
    status: 400,
    body: { categories: ['Select a valid choice. nosuch is not one of the available choices.'] },
  });
});

test('the port route filters before its lookup, and finds the port in any letter case', () => {
  const port = (name: string, query: string) => decideQuery(INDEX, { kind: 'port', name }, query);
  assert.equal(port('sdl2', 'search=x11'), { kind: 'port', port: 4 });
  assert.equal(port('SDL2', 'categories=Graphics&ordering=name'), { kind: 'port', port: 4 });
  assert.equal(port('SDL2', 'name=SDL2'), { kind: 'port', port: 4 });
  assert.equal(port('sdl2', 'name=zlib'), { kind: 'error', status: 404, body: { detail: 'No Port matches the given query.' } });
  assert.equal(port('zlib', 'categories=devel'), { kind: 'error', status: 404, body: { detail: 'No Port matches the given query.' } });
  assert.equal(port('nosuch', 'search=a'), { kind: 'error', status: 404, body: { detail: 'No Port matches the given query.' } });
  assert.equal(port('nosuch', 'categories=nosuch').kind, 'error');
  assert.is((port('nosuch', 'categories=nosuch') as { status: number }).status, 400);
  assert.equal(port('zlib', 'page=2'), { kind: 'static' });
});

test('the maintainer list: search on name or handle, filters exact, its own order', () => {
  const people = (query: string) => {
    const decision = decideQuery(INDEX, { kind: 'maintainers' }, query);
    return decision.kind === 'maintainers' ? decision.maintainers.map((person) => PEOPLE[person]!.name) : decision;
  };
  assert.equal(people('search=R'), ['ryan']);
  assert.equal(people('search=A'), ['ryan', 'devans']);
  assert.equal(people('search=mww'), ['mww']);
  assert.equal(people('search=ryan,dbevans'), []);
  assert.equal(people('github=dbevans'), ['devans']);
  assert.equal(people('name=%20mww%20&github='), ['mww']);
  assert.equal(people('ordering=-name'), ['ryan', 'devans']);
  assert.equal(people('github=%00'), { kind: 'error', status: 400, body: { github: ['Null characters are not allowed.'] } });
});

test('a list without filters keeps its page and takes the query into its links', () => {
  assert.equal(decideQuery(INDEX, { kind: 'relinked', list: 'files', pages: 3 }, 'search=zlib&page=2'), {
    kind: 'relinked',
    list: 'files',
    page: 2,
    links: { next: `${QUERY_BASE}/api/v1/files/?page=3&search=zlib`, previous: `${QUERY_BASE}/api/v1/files/?search=zlib` },
  });
  assert.equal(decideQuery(INDEX, { kind: 'relinked', list: 'category', pages: 1 }, 'categories=nosuch&search=%00&page=2'), { kind: 'error', status: 404, body: { detail: 'Invalid page.' } });
});

test('more fields than Django takes is a 400, on every route', () => {
  for (const route of [PORTS_LIST, { kind: 'maintainers' } as const, { kind: 'port', name: 'zlib' } as const]) {
    assert.equal(decideQuery(INDEX, route, 'page=1&'.repeat(1000)), { kind: 'error', status: 400, body: TOO_MANY_FIELDS_BODY });
  }
});

test('bodies: the files each needs, and the text DRF writes', () => {
  const decision = decideQuery(INDEX, PORTS_LIST, 'search=devel') as Exclude<QueryDecision, { kind: 'static' }>;
  assert.equal(filesOf(INDEX, decision), ['api/v1/ports/twice/index.json', 'api/v1/ports/bar/index.json']);
  assert.is(bodyOf(INDEX, decision, ['{"name":"twice"}', '{"name":"bar"}']), `{"count":4,"next":"${URL}?page=2&search=devel","previous":null,"results":[{"name":"twice"},{"name":"bar"}]}`);
  const none = decideQuery(INDEX, PORTS_LIST, 'search=nosuch') as Exclude<QueryDecision, { kind: 'static' }>;
  assert.is(bodyOf(INDEX, none, filesOf(INDEX, none)), '{"count":0,"next":null,"previous":null,"results":[]}');
  const error = decideQuery(INDEX, PORTS_LIST, 'name=%00&categories=%E2%80%A8') as Exclude<QueryDecision, { kind: 'static' }>;
  assert.is(bodyOf(INDEX, error, []), '{"name":["Null characters are not allowed."],"categories":["Select a valid choice. \\u2028 is not one of the available choices."]}');
  const people = decideQuery(INDEX, { kind: 'maintainers' }, 'search=a') as Exclude<QueryDecision, { kind: 'static' }>;
  assert.is(bodyOf(INDEX, people, []), '{"count":2,"next":null,"previous":null,"results":[{"name":"ryan","github":"ryandesign","ports_count":2},{"name":"devans","github":"dbevans","ports_count":1}]}');
  const page = `{"count":120,"next":"${QUERY_BASE}/api/v1/files/?page=3","previous":"${QUERY_BASE}/api/v1/files/","results":[{"build_id":1,"files":[{"file":",\\"results\\":["}]}]}`;
  assert.is(relinkedPage(page, { next: 'N', previous: null }), '{"count":120,"next":"N","previous":null,"results":[{"build_id":1,"files":[{"file":",\\"results\\":["}]}]}');
});

test('the routes a query changes, and the engine\'s route of each', () => {
  const pages = { ports: 3, files: 7, category: 2, maintainer: 1 };
  assert.equal([PORTS_ROUTE, PORT_ROUTE, MAINTAINERS_ROUTE].map((route) => route.query), ['filters', 'filters', 'filters']);
  assert.equal([FILES_ROUTE, CATEGORIES_ROUTE].map((route) => route.query), ['links', 'links']);
  assert.equal([MAINTAINER_ROUTE, CATEGORY_ROUTE, ROOT_ROUTE].map((route) => (route as { query?: string }).query), [undefined, undefined, undefined]);
  assert.equal(queryRouteOf(PORTS_ROUTE, undefined, pages), { kind: 'ports' });
  assert.equal(queryRouteOf(MAINTAINERS_ROUTE, undefined, pages), { kind: 'maintainers' });
  assert.equal(queryRouteOf(PORT_ROUTE, 'zlib', pages), { kind: 'port', name: 'zlib' });
  assert.equal(queryRouteOf(FILES_ROUTE, undefined, pages), { kind: 'relinked', list: 'files', pages: 7 });
  assert.equal(queryRouteOf(CATEGORIES_ROUTE, undefined, pages), { kind: 'relinked', list: 'category', pages: 2 });
  assert.is(queryRouteOf(MAINTAINER_ROUTE, 'ryandesign', pages), undefined);
});

test.run();
