import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { indexed, search, type SearchEntry } from '../src/browser/search.js';

/** The browser's search (src/browser/search.ts) on plain data: which ports match, and in which order. */
const names = (entries: readonly SearchEntry[], query: string) => search(indexed(entries), query).map((port) => port.name);

const CATALOGUE: SearchEntry[] = [
  ['gnutls', 'GNU Transport Layer Security Library'],
  ['lighttpd', 'Secure, fast web server with high throughput'],
  ['gh', 'GitHub command-line tool'],
  ['ghc', 'The Glorious Glasgow Haskell Compiler'],
  ['py-ghapi', 'A Python client for the GitHub API'],
  ['gn', 'Meta-build system that generates build files for Ninja'],
  ['gnome-shell', 'Core user interface of GNOME'],
  ['dgn', 'Reader of DGN files'],
  ['libsignal', 'Signal protocol library'],
  ['zlib', 'zlib compression library'],
  ['zstd', 'Fast real-time compression algorithm', 0],
];

test('"gn" and "gh" find the ports named gn and gh first, then names that start with it, then names that hold it, then descriptions', () => {
  assert.equal(names(CATALOGUE, 'gn'), ['gn', 'gnutls', 'gnome-shell', 'dgn', 'libsignal']);
  assert.equal(names(CATALOGUE, 'gh'), ['gh', 'ghc', 'lighttpd', 'py-ghapi']);
  assert.equal(names(CATALOGUE, 'GH')[0], 'gh', 'case does not matter');
});

test('a word that starts a word of a description ranks before one found inside another word', () => {
  const entries: SearchEntry[] = [
    ['alpha', 'throughput meter'],
    ['beta', 'put files'],
    ['gamma', 'output filter'],
  ];
  assert.equal(names(entries, 'put'), ['beta', 'alpha', 'gamma']);
});

test('ties: the shorter name first, then the catalogue order', () => {
  const entries: SearchEntry[] = [
    ['libfoo-dev', ''],
    ['foox', ''],
    ['fooa', ''],
    ['libfoo', ''],
  ];
  assert.equal(names(entries, 'foo'), ['foox', 'fooa', 'libfoo', 'libfoo-dev']);
});

test('every word must be in the name or the description; a word never spans both', () => {
  assert.equal(names(CATALOGUE, 'compression library'), ['zlib']);
  assert.equal(names(CATALOGUE, 'COMPRESSION'), ['zlib', 'zstd']);
  assert.equal(names([['ab', 'cd']], 'bc'), [], 'the name and the description are not one text');
  assert.equal(names([['ab', 'cd']], 'b\nc'), ['ab'], 'a newline in the query parts words as a space does');
  assert.equal(names(CATALOGUE, '   '), []);
  assert.equal(names(CATALOGUE, 'nothing-like-it'), []);
});

test('a retired port is found and said to be retired', () => {
  const [zstd] = search(indexed(CATALOGUE), 'zstd');
  assert.equal(zstd, { name: 'zstd', description: 'Fast real-time compression algorithm', active: false });
});

test('all the matches are returned, however many: the page shows them 50 at a time', () => {
  const many: SearchEntry[] = Array.from({ length: 1234 }, (_, at) => [`port${at}`, 'a library']);
  const found = search(indexed(many), 'library');
  assert.is(found.length, 1234);
  assert.is(found[0]!.name, 'port0');
  assert.is(found[1233]!.name, 'port1233');
});

test('a letter or digit before a word that is not ASCII is told apart too', () => {
  assert.equal(names([['x', 'éclair'], ['y', 'aéclair'], ['z', 'café éclair']], 'éclair'), ['x', 'z', 'y']);
});

test.run();
