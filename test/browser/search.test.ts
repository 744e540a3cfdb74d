import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { indexed, search, type SearchEntry } from '../../src/browser/search.js';
import { synthSearchIndex } from '../../scripts/search-site.js';

/** The browser's search (src/browser/search.ts) on plain data: which ports match, and in which order. */
const all = (entries: readonly SearchEntry[], query: string) => {
  const found = search(indexed(entries), query);
  return found.slice(0, found.total);
};
const names = (entries: readonly SearchEntry[], query: string) => all(entries, query).map((port) => port.name);

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
  const [zstd] = all(CATALOGUE, 'zstd');
  assert.equal(zstd, { name: 'zstd', description: 'Fast real-time compression algorithm', active: false });
});

test('all the matches are returned, however many: the page shows them 50 at a time', () => {
  const many: SearchEntry[] = Array.from({ length: 1234 }, (_, at) => [`port${at}`, 'a library']);
  const found = search(indexed(many), 'library');
  assert.is(found.total, 1234);
  assert.equal(found.slice(0, 2).map((port) => port.name), ['port0', 'port1']);
  assert.equal(found.slice(1200, 1250).map((port) => port.name), many.slice(1200).map(([name]) => name));
  assert.equal(found.slice(1234, 1284), []);
  const ranks = search(indexed(CATALOGUE), 'gn');
  assert.equal([1, 2, 3, 4].map((from) => ranks.slice(from, from + 2).map((port) => port.name)), [['gnutls', 'gnome-shell'], ['gnome-shell', 'dgn'], ['dgn', 'libsignal'], ['libsignal']], 'runs across ranks');
});

test('a letter or digit before a word that is not ASCII is told apart too', () => {
  assert.equal(names([['x', 'éclair'], ['y', 'aéclair'], ['z', 'café éclair']], 'éclair'), ['x', 'z', 'y']);
});

test('at 2,000 ports of the synthetic catalogue, the search ranks as a plain reading of its rules does', () => {
  const entries = JSON.parse(synthSearchIndex(2000)) as SearchEntry[];
  const index = indexed(entries);
  const startsWord = (text: string, word: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(text);
  const rankOf = ([name, description]: SearchEntry, query: string) => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const [lower, text] = [name.toLowerCase(), description.toLowerCase()];
    if (!words.every((word) => lower.includes(word) || text.includes(word))) return undefined;
    const whole = words.join(' ');
    if (lower === whole) return 0;
    if (lower.startsWith(whole)) return 1;
    if (words.every((word) => lower.includes(word))) return 2;
    return words.every((word) => startsWord(lower, word) || startsWord(text, word)) ? 3 : 4;
  };
  for (const query of ['a', 'g', 'z', '7', 'gn', 'lib', 'py', 'qt5', 'c++', 'data library', 'ing', 'x-', 'no such thing']) {
    const expected = entries
      .map((entry, at) => ({ entry, at, rank: rankOf(entry, query) }))
      .filter((match) => match.rank !== undefined)
      .sort((a, b) => a.rank! - b.rank! || a.entry[0].length - b.entry[0].length || a.at - b.at)
      .map((match) => match.entry[0]);
    const found = search(index, query);
    assert.equal(found.slice(0, found.total).map((port) => port.name), expected, query);
  }
});

test.run();
