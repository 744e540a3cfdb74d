import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { queryIndexBody, queryIndexFile } from '../../src/render/query-index.js';
import { readQueryIndex } from '../../src/routes/query/read-query-index.js';
import { portFacts, QUERY_BASE } from '../support/query-index.js';

const INPUT = {
  baseUrl: QUERY_BASE,
  pageSize: 2,
  ports: [
    { name: 'zlib', categories: ['archivers'], handles: ['ryandesign'] },
    { name: 'SDL2', categories: ['devel', 'Graphics'], handles: ['RyanDesign', 'jmroot'], variants: ['universal', 'x11'] },
    { name: 'σίγμα', categories: ['devel'], variants: ['universal'] },
  ].map(portFacts),
  categories: ['archivers', 'devel', 'Graphics'],
  maintainers: [
    { name: 'ryandesign', github: 'ryandesign', ports_count: 2 },
    { name: 'jmr', github: 'jmroot', ports_count: 1 },
    { name: 'mww', github: '', ports_count: 3 },
  ],
};

test('the index writes each string once and refers to it by place, in the order first seen', () => {
  const file = queryIndexFile(INPUT);
  assert.equal(file.strings, ['archivers', 'ryandesign', 'devel', 'Graphics', 'RyanDesign', 'jmroot', 'universal', 'x11', 'jmr', 'mww', '']);
  assert.equal(file.ports, {
    names: ['zlib', 'SDL2', 'σίγμα'],
    categories: { lengths: [1, 2, 1], places: [0, 2, 3, 2] },
    handles: { lengths: [1, 2, 0], places: [1, 4, 5] },
    variants: { lengths: [0, 2, 1], places: [6, 7, 6] },
  });
  assert.equal(file.categories, [0, 2, 3]);
  assert.equal(file.maintainers, { names: [1, 8, 9], handles: [1, 5, 10], portsCounts: [2, 1, 3] });
});

test("for any ports, the reader gives back each port's name and lists from the text written", () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'B', 'é', '"', '\\', '\u2028', '🎉', '') });
  const port = fc.record({ name: text, categories: fc.array(text, { maxLength: 3 }), handles: fc.array(text, { maxLength: 3 }), variants: fc.array(text, { maxLength: 3 }) });
  const person = fc.record({ name: text, github: text, ports_count: fc.nat() });
  // The reader refuses two names that are one in lower case.
  const ports = fc.uniqueArray(port, { maxLength: 6, selector: (p) => p.name.toLowerCase() });
  fc.assert(
    fc.property(ports, fc.array(text, { maxLength: 4 }), fc.array(person, { maxLength: 4 }), (plain, categories, maintainers) => {
      const read = readQueryIndex(queryIndexBody({ baseUrl: QUERY_BASE, pageSize: 50, ports: plain.map(portFacts), categories, maintainers }));
      assert.ok(read.ok);
      if (!read.ok) return;
      const { strings, ports: index } = read.index;
      const listed = (lists: { starts: Int32Array; refs: Int32Array }, i: number) => [...lists.refs.subarray(lists.starts[i], lists.starts[i + 1])].map((ref) => strings[ref]);
      assert.equal(index.names, plain.map((p) => p.name));
      plain.forEach((p, i) => {
        assert.equal([listed(index.categories, i), listed(index.handles, i), listed(index.variants, i)], [p.categories, p.handles.filter((handle) => handle !== ''), p.variants]);
      });
      assert.equal(read.index.maintainers.names, maintainers.map((m) => m.name));
      assert.equal(read.index.maintainers.portsCounts, maintainers.map((m) => m.ports_count));
    }),
  );
});

test('the reader folds every string once and makes the lookups', () => {
  const read = readQueryIndex(queryIndexBody(INPUT));
  assert.ok(read.ok);
  if (!read.ok) return;
  const { index } = read;
  assert.is(index.baseUrl, QUERY_BASE);
  assert.is(index.pageSize, 2);
  assert.equal(index.ports.foldedNames, ['ZLIB', 'SDL2', 'ΣΊΓΜΑ']);
  assert.is(index.ports.byLowerName.get('sdl2'), 1);
  assert.equal([...index.ports.nameOrder], [1, 0, 2]);
  assert.equal([...index.ports.handles.starts], [0, 1, 3, 3]);
  assert.equal([...index.categoryNames], ['archivers', 'devel', 'Graphics']);
  assert.equal(index.maintainers.foldedHandles, ['RYANDESIGN', 'JMROOT', '']);
});

// [what is wrong, the file's value changed so, where the reader says it is].
const BROKEN: Array<[string, (file: Record<string, any>) => unknown, string]> = [
  ['not JSON', () => '{', '(the index)'],
  ['an older version', (f) => ({ ...f, version: 1 }), 'version'],
  ['a page size of 0', (f) => ({ ...f, pageSize: 0 }), 'pageSize'],
  ['a string that is not', (f) => ({ ...f, strings: [...f.strings, 3] }), `strings[11]`],
  ['a place past the strings', (f) => ({ ...f, ports: { ...f.ports, variants: { lengths: [0, 2, 1], places: [6, 99, 6] } } }), 'ports.variants.places[1]'],
  ['a list short of a port', (f) => ({ ...f, ports: { ...f.ports, handles: { lengths: [1], places: [1] } } }), 'ports.handles.lengths'],
  ['lengths that the places do not fill', (f) => ({ ...f, ports: { ...f.ports, handles: { lengths: [1, 2, 0], places: [1, 4] } } }), 'ports.handles.places'],
  ['a list as arrays per port', (f) => ({ ...f, ports: { ...f.ports, categories: [[0], [2, 3], [2]] } }), 'ports.categories'],
  ['two names in one letter case', (f) => ({ ...f, ports: { ...f.ports, names: ['zlib', 'ZLIB', 'x'] } }), 'ports.names'],
  ['a count that is negative', (f) => ({ ...f, maintainers: { ...f.maintainers, portsCounts: [1, -1, 0] } }), 'maintainers.portsCounts[1]'],
  ['a maintainer list of unequal parts', (f) => ({ ...f, maintainers: { ...f.maintainers, handles: [1] } }), 'maintainers.handles'],
  ['no ports', (f) => ({ ...f, ports: null }), 'ports'],
];

for (const [what, change, where] of BROKEN) {
  test(`an index with ${what} is refused, saying where`, () => {
    const changed = change(JSON.parse(queryIndexBody(INPUT)));
    const read = readQueryIndex(typeof changed === 'string' ? changed : JSON.stringify(changed));
    assert.is(read.ok, false);
    if (!read.ok) assert.is(read.where, where);
  });
}

test.run();
