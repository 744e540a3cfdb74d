import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareCodePoints, stripPython } from '../../src/routes/python-text.js';
import { foldCase } from '../../src/routes/query/fold-case.js';
import { pageLinks, quotePlus } from '../../src/routes/query/links.js';
import { MAX_FIELDS, parseQuery, unquotePlus } from '../../src/routes/query/query-string.js';
import { searchTerms, smartSplit } from '../../src/routes/query/terms.js';

// [value, Django's smart_split tokens, DRF 3.15's search terms], as CPython gives them.
const SPLITS: Array<[string, string[], string[]]> = [
  ['zlib', ['zlib'], ['zlib']],
  ['  gd\tlib\n', ['gd', 'lib'], ['gd', 'lib']],
  // str.isspace: the C0 separators, NEL, NBSP and the Unicode spaces; not U+FEFF, not U+200B.
  ['gd\x1fgraphics', ['gd', 'graphics'], ['gd', 'graphics']],
  ['a\x1cb\x1dc\x1ed', ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd']],
  ['a\x85b', ['a', 'b'], ['a', 'b']],
  ['a\xa0b', ['a', 'b'], ['a', 'b']],
  ['a\u3000b', ['a', 'b'], ['a', 'b']],
  ['a\u2028b', ['a', 'b'], ['a', 'b']],
  ['a\u1680b\u205fc\u202fd', ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd']],
  ['a\ufeffb', ['a\ufeffb'], ['a\ufeffb']],
  ['a\u200bb', ['a\u200bb'], ['a\u200bb']],
  // Quotes keep a phrase; its escapes are undone only when the token is quoted at both ends.
  ['"gd lib"', ['"gd lib"'], ['gd lib']],
  ["'gd lib'", ["'gd lib'"], ['gd lib']],
  ['"gd lib', ['"gd', 'lib'], ['"gd', 'lib']],
  ['x"a b"y', ['x"a b"y'], ['x"a b"y']],
  ['"a\\"b"', ['"a\\"b"'], ['a"b']],
  ["'it\\'s'", ["'it\\'s'"], ["it's"]],
  ['"a\\\\b"', ['"a\\\\b"'], ['a\\b']],
  ['"a\\\nb"', ['"a\\', 'b"'], ['"a\\', 'b"']],
  ['a"b c"d"e f', ['a"b c"d', '"e', 'f'], ['a"b c"d', '"e', 'f']],
  ['"a"b"', ['"a"b', '"'], ['"a"b', '']],
  ['"', ['"'], ['']],
  ['"" x', ['""', 'x'], ['', 'x']],
  ['"a" "b"', ['"a"', '"b"'], ['a', 'b']],
  // Commas: dropped at a token's ends, split at elsewhere unless the token is quoted.
  ['devel,universal', ['devel,universal'], ['devel', 'universal']],
  [',,,', [',,,'], []],
  [',zlib,', [',zlib,'], ['zlib']],
  ['a, b', ['a,', 'b'], ['a', 'b']],
  ['"a,b",c', ['"a,b",c'], ['"a', 'b"', 'c']],
  ['"a,\\"b",', ['"a,\\"b",'], ['a,"b']],
];

for (const [value, tokens, terms] of SPLITS) {
  test(`search ${JSON.stringify(value)}: tokens ${JSON.stringify(tokens)}, terms ${JSON.stringify(terms)}`, () => {
    assert.equal(smartSplit(value), tokens);
    assert.equal(searchTerms(value), terms);
  });
}

test('smart_split is linear: 16 KB of unclosed quotes (each a scan to the end for the regular expression)', () => {
  for (const value of ['" \\"'.repeat(4000), "' \\'".repeat(4000), '"\\'.repeat(8000), `a"${' \\"'.repeat(5000)}`]) {
    const started = performance.now();
    const tokens = smartSplit(value);
    assert.ok(performance.now() - started < 200, `${value.slice(0, 8)}… took ${performance.now() - started} ms`);
    assert.ok(tokens.length > 0);
  }
});

// [query, Python's parse_qsl(query, keep_blank_values=True)].
const QUERIES: Array<[string, Array<[string, string]>]> = [
  ['search=gd+lib', [['search', 'gd lib']]],
  ['a=1&b', [['a', '1'], ['b', '']]],
  ['a=1;b=2', [['a', '1;b=2']]],
  ['x=%zz%4', [['x', '%zz%4']]],
  ['x=%C3%A9', [['x', 'é']]],
  ['x=%C3', [['x', '\ufffd']]],
  ['x=%E2%82%AC%FF', [['x', '€\ufffd']]],
  ['x=%EF%BB%BFa', [['x', '\ufeffa']]],
  ['&&a=&=b&', [['a', ''], ['', 'b']]],
  ['name=libsigc++', [['name', 'libsigc  ']]],
  ['name=libsigc%2B%2B', [['name', 'libsigc++']]],
  ['k%3D=v%26', [['k=', 'v&']]],
  ['x=café%C3%A9', [['x', 'caféé']]],
  // Each run of ASCII is unquoted on its own: an escape split by a raw character decodes apart.
  ['x=%C3é%A9', [['x', '\ufffdé\ufffd']]],
  ['x=%00', [['x', '\0']]],
  ['', []],
];

for (const [query, pairs] of QUERIES) {
  test(`parse_qsl(${JSON.stringify(query)})`, () => {
    assert.equal(parseQuery(query), pairs);
  });
}

test('a fragment is no part of the query; a lone surrogate is read as U+FFFD', () => {
  assert.equal(parseQuery('search=a#b&c=d'), [['search', 'a']]);
  assert.equal(parseQuery('x=\ud800'), [['x', '\ufffd']]);
});

test('more fields than Django takes (one more than the &s, empty ones counted) is too-many', () => {
  assert.is(parseQuery('&'.repeat(MAX_FIELDS - 1)).length, 0);
  assert.is(parseQuery('&'.repeat(MAX_FIELDS)), 'too-many');
  assert.is((parseQuery('page=1&'.repeat(MAX_FIELDS - 1) + 'page=2') as unknown[]).length, MAX_FIELDS);
});

test('unquote keeps malformed escapes and decodes bytes with U+FFFD as Python does', () => {
  assert.is(unquotePlus('%'), '%');
  assert.is(unquotePlus('%%41'), '%A');
  assert.is(unquotePlus('%e9'), '\ufffd');
  assert.is(unquotePlus('%F0%9F%98%80'), '😀');
  assert.is(unquotePlus('%ED%A0%80'), '\ufffd\ufffd\ufffd');
});

// [pairs, Python's urlencode(sorted(parse_qs(...).items()), doseq=True)].
test('links write the query again as DRF does: keys sorted by code point, values in order, quote_plus', () => {
  assert.is(quotePlus(" -name , "), '+-name+%2C+');
  assert.is(quotePlus("café ~_.-*'()!,;:@/?&=+%#"), 'caf%C3%A9+~_.-%2A%27%28%29%21%2C%3B%3A%40%2F%3F%26%3D%2B%25%23');
  const list = 'http://h/api/v1/ports/';
  const links = (pairs: Array<[string, string]>, page: number, pages: number) => pageLinks(list, pairs, page, pages);
  assert.equal(links([['page', '2'], ['search', ''], ['zeta', '1'], ['alpha', 'x y']], 2, 2), { next: null, previous: `${list}?alpha=x+y&search=&zeta=1` });
  assert.equal(links([['b', '1'], ['a', '2'], ['b', '0']], 1, 3), { next: `${list}?a=2&b=1&b=0&page=2`, previous: null });
  assert.equal(links([['page', '3'], ['page', 'x'], ['ordering', 'name']], 3, 4), { next: `${list}?ordering=name&page=4`, previous: `${list}?ordering=name&page=2` });
  assert.equal(links([['page', '2']], 2, 2), { next: null, previous: list });
  assert.equal(links([['😀', '1'], ['\uffff', '2']], 1, 2), { next: `${list}?page=2&%EF%BF%BF=2&%F0%9F%98%80=1`, previous: null });
  assert.equal(links([['', ''], ['k', '']], 1, 2), { next: `${list}?=&k=&page=2`, previous: null });
});

test('Python white space and string order', () => {
  assert.is(stripPython('\x1c\x85 a b\u3000\u2029'), 'a b');
  assert.is(stripPython('\ufeffa\u200b'), '\ufeffa\u200b');
  assert.ok(compareCodePoints('\uffff', '😀') < 0);
  assert.ok(compareCodePoints('SDL2', 'cmake') < 0);
  assert.ok(compareCodePoints('ab', 'abc') < 0);
  assert.is(compareCodePoints('x', 'x'), 0);
});

test('case folding is UPPER: one character to one, σ and ς alike, ß kept, the subscript iota to its capital', () => {
  assert.is(foldCase('zlib'), 'ZLIB');
  assert.is(foldCase('σς'), 'ΣΣ');
  assert.is(foldCase('straße'), 'STRAßE');
  assert.is(foldCase('ıi'), 'II');
  assert.is(foldCase('ﬀ'), 'ﬀ');
  assert.is(foldCase('ᾳ'), 'ᾼ');
  assert.is(foldCase('ᾀ'), 'ᾈ');
  assert.is(foldCase('😀é'), '😀É');
});

test.run();
