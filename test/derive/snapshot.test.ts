import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PairList, type DependencyLinks } from '../../src/derive/dependencies.js';
import { coresKey, decodeSnapshot, encodeSnapshot, type Snapshot } from '../../src/derive/snapshot.js';
import { warning } from '../../src/core/problems/problem.js';

/** zlib names nothing; py-c++@2 names zlib (lib) and itself (build, kind 4); a.b_c-d names zlib twice (run, test). */
function links(): DependencyLinks {
  const pairs = new PairList();
  for (const [kind, target] of [[0, 0], [4, 1], [2, 0], [5, 0]] as const) pairs.push(kind, target);
  return { pairs, firstPair: Int32Array.of(0, 0, 2, 4) };
}

/** A snapshot with its links as plain lists, to compare. */
function plain(snapshot: Snapshot | undefined) {
  if (!snapshot) return undefined;
  const { kinds, targets } = snapshot.links.pairs.views();
  return { ...snapshot, links: { firstPair: [...snapshot.links.firstPair], kinds: [...kinds], targets: [...targets] } };
}

const SNAPSHOT: Snapshot = {
  file: 'catalogue/portindex.json',
  baseUrl: 'https://ports.example.org',
  pageSize: 50,
  names: ['zlib', 'py-c++@2', 'a.b_c-d'],
  textHashes: ['0123456789abcdef', 'fedcba9876543210', '0000000000000000'],
  coreHashes: ['1111111111111111', '2222222222222222', '3333333333333333'],
  crossDigests: ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'cccccccccccccccc'],
  listingDigests: ['dddddddddddddddd', 'eeeeeeeeeeeeeeee', 'ffffffffffffffff'],
  links: links(),
  releases: ['{"version":"1.3.1","revision":0,"epoch":0,"portdir":"archivers/zlib","active":true}', '{"version":"2\\n","revision":"x","epoch":1,"portdir":"python/py-c","active":false}', '{}'],
  listings: ['api/v1/index.json', 'api/v1/category/net/index.json'],
  warnings: [{ ...warning('unresolved-dependency', 'catalogue/portindex.json', { path: 'ports[1].depends_lib[0]' }, '"port:x" names no port'), port: 'py-c++@2' }],
};

test('a snapshot decodes to what was encoded, for the code that wrote it', () => {
  const bytes = Buffer.concat(encodeSnapshot('code-a', SNAPSHOT));
  assert.equal(plain(decodeSnapshot(bytes, 'code-a')), plain(SNAPSHOT));
  assert.is(decodeSnapshot(bytes, 'code-b'), undefined, 'other code');
  assert.equal(plain(decodeSnapshot(bytes, 'code-a', 3)), plain(SNAPSHOT), 'of the count asked for');
  assert.is(decodeSnapshot(bytes, 'code-a', 4), undefined, 'of another count');
  const none = { pairs: new PairList(), firstPair: Int32Array.of(0) };
  const empty: Snapshot = { ...SNAPSHOT, names: [], textHashes: [], coreHashes: [], crossDigests: [], listingDigests: [], links: none, releases: [], listings: [], warnings: [] };
  assert.equal(plain(decodeSnapshot(Buffer.concat(encodeSnapshot('code-a', empty)), 'code-a')), plain(empty));
});

test('a snapshot changed in any byte, cut short, or not a snapshot, is not used', () => {
  const bytes = Buffer.concat(encodeSnapshot('code-a', SNAPSHOT));
  const text = bytes.toString();
  for (let at = 0; at < bytes.length; at++) {
    const flipped = Buffer.from(bytes);
    flipped[at] = flipped[at]! ^ 0x01;
    assert.is(decodeSnapshot(flipped, 'code-a'), undefined, `byte ${at} changed`);
  }
  for (let end = 0; end < bytes.length; end += 5) assert.is(decodeSnapshot(bytes.subarray(0, end), 'code-a'), undefined, `cut at ${end}`);
  for (const other of ['', '\n', 'not json\n', '{}\n', text.replace('"derived"', '"records"')]) assert.is(decodeSnapshot(Buffer.from(other), 'code-a'), undefined, JSON.stringify(other));
});

test('the cores key follows every core hash and their order', () => {
  const key = coresKey(SNAPSHOT.coreHashes);
  assert.is(coresKey([...SNAPSHOT.coreHashes]), key);
  assert.is.not(coresKey([...SNAPSHOT.coreHashes].reverse()), key);
  assert.is.not(coresKey(SNAPSHOT.coreHashes.slice(1)), key);
  assert.is.not(coresKey(['1111111111111112', ...SNAPSHOT.coreHashes.slice(1)]), key);
});

test.run();
