import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readMaintainerFilters, readPortFilters } from '../../src/routes/query/filters.js';
import { readOrdering } from '../../src/routes/query/ordering.js';
import { parseQuery, type QueryPairs } from '../../src/routes/query/query-string.js';

const CATEGORIES = new Set(['devel', 'Graphics', 'python']);
const pairs = (query: string) => parseQuery(query) as QueryPairs;
const ports = (query: string) => readPortFilters(pairs(query), CATEGORIES);

// [query, the filters, or the 400 body] as django-filter's form cleans them (SPEC section 4b).
const PORT_CASES: Array<[string, unknown]> = [
  ['', { ok: true, filters: {} }],
  ['name=zlib', { ok: true, filters: { name: 'zlib' } }],
  ['name=%20zlib%20', { ok: true, filters: { name: 'zlib' } }],
  ['name=%E3%80%80zlib%C2%85', { ok: true, filters: { name: 'zlib' } }],
  ['name=', { ok: true, filters: {} }],
  ['name=%20%09', { ok: true, filters: {} }],
  ['name=libsigc++', { ok: true, filters: { name: 'libsigc' } }],
  ['name=zlib&name=xz', { ok: true, filters: { name: 'xz' } }],
  ['name=xz&name=', { ok: true, filters: {} }],
  ['maintainers__github=ryandesign&variants__variant=universal', { ok: true, filters: { github: 'ryandesign', variant: 'universal' } }],
  ['categories=devel&categories=Graphics&categories=devel', { ok: true, filters: { categories: ['devel', 'Graphics', 'devel'] } }],
  ['category=nosuch&variants=x&name__contains=y&limit=1&page_size=5', { ok: true, filters: {} }],
  ['name=%00', { ok: false, errors: { name: ['Null characters are not allowed.'] } }],
  ['name=%20%00%20', { ok: false, errors: { name: ['Null characters are not allowed.'] } }],
  ['categories=graphics', { ok: false, errors: { categories: ['Select a valid choice. graphics is not one of the available choices.'] } }],
  ['categories=', { ok: false, errors: { categories: ['Select a valid choice.  is not one of the available choices.'] } }],
  ['categories=%20devel', { ok: false, errors: { categories: ['Select a valid choice.  devel is not one of the available choices.'] } }],
  ['categories=devel&categories=nosuch&categories=other', { ok: false, errors: { categories: ['Select a valid choice. nosuch is not one of the available choices.'] } }],
  ['categories=%00', { ok: false, errors: { categories: ['Select a valid choice. \0 is not one of the available choices.'] } }],
  // One body for every field's error, in the filter set's order whatever the query's.
  [
    'variants__variant=%00&categories=nosuch&maintainers__github=%00&name=%00',
    {
      ok: false,
      errors: {
        name: ['Null characters are not allowed.'],
        categories: ['Select a valid choice. nosuch is not one of the available choices.'],
        maintainers__github: ['Null characters are not allowed.'],
        variants__variant: ['Null characters are not allowed.'],
      },
    },
  ],
];

const defined = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

for (const [query, expected] of PORT_CASES) {
  test(`ports filters of ${JSON.stringify(query)}`, () => {
    const read = ports(query);
    assert.equal(defined(read), expected);
    // Deep equality ignores the order of keys; the body's order is part of its bytes.
    if (!read.ok) assert.equal(Object.keys(read.errors), Object.keys((expected as { errors: object }).errors));
  });
}

test('the maintainer list filters name and github, exactly, its errors in that order', () => {
  assert.equal(defined(readMaintainerFilters(pairs('github=ryandesign&name=%20ryan%20&search=x'))), { ok: true, filters: { name: 'ryan', github: 'ryandesign' } });
  const bad = readMaintainerFilters(pairs('github=%00&name=%00'));
  assert.equal(bad, { ok: false, errors: { name: ['Null characters are not allowed.'], github: ['Null characters are not allowed.'] } });
  assert.equal(Object.keys(bad.ok ? {} : bad.errors), ['name', 'github']);
});

// [ordering value, the order]: the first part that counts decides; anything else is dropped.
const ORDERINGS: Array<[string | undefined, string]> = [
  [undefined, 'reverse-catalogue'],
  ['', 'reverse-catalogue'],
  ['name', 'name'],
  ['-name', 'reverse-name'],
  ['created_at', 'catalogue'],
  ['-created_at', 'reverse-catalogue'],
  ['updated_at', 'catalogue'],
  ['-updated_at', 'reverse-catalogue'],
  ['NAME', 'reverse-catalogue'],
  ['--name', 'reverse-catalogue'],
  ['portdir,name', 'name'],
  ['nosuch,-name', 'reverse-name'],
  [' -name , ', 'reverse-name'],
  ['\u3000name\x85', 'name'],
  ['name,-created_at', 'name'],
  ['constructor', 'reverse-catalogue'],
  ['__proto__,toString', 'reverse-catalogue'],
  [',,,', 'reverse-catalogue'],
];

for (const [value, order] of ORDERINGS) {
  test(`ordering=${JSON.stringify(value)} is ${order}`, () => {
    assert.is(readOrdering(value), order);
  });
}

test.run();
