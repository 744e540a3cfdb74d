import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coresKey, decodeSnapshot, encodeSnapshot, type Snapshot } from '../src/derive/snapshot.js';
import { warning } from '../src/problems/problem.js';

const SNAPSHOT: Snapshot = {
  file: 'catalogue/portindex.json',
  baseUrl: 'https://ports.example.org',
  pageSize: 50,
  names: ['zlib', 'py-c++@2', 'a.b_c-d'],
  textHashes: ['0123456789abcdef', 'fedcba9876543210', '0000000000000000'],
  coreHashes: ['1111111111111111', '2222222222222222', '3333333333333333'],
  crossDigests: ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'cccccccccccccccc'],
  listings: ['api/v1/index.json', 'api/v1/category/net/index.json'],
  warnings: [{ ...warning('unresolved-dependency', 'catalogue/portindex.json', { path: 'ports[1].depends_lib[0]' }, '"port:x" names no port'), port: 'py-c++@2' }],
};

test('a snapshot decodes to what was encoded, for the code that wrote it', () => {
  const bytes = Buffer.from(encodeSnapshot('code-a', SNAPSHOT));
  assert.equal(decodeSnapshot(bytes, 'code-a'), SNAPSHOT);
  assert.is(decodeSnapshot(bytes, 'code-b'), undefined, 'other code');
  assert.equal(decodeSnapshot(bytes, 'code-a', 3), SNAPSHOT, 'of the count asked for');
  assert.is(decodeSnapshot(bytes, 'code-a', 4), undefined, 'of another count');
  const empty: Snapshot = { ...SNAPSHOT, names: [], textHashes: [], coreHashes: [], crossDigests: [], listings: [], warnings: [] };
  assert.equal(decodeSnapshot(Buffer.from(encodeSnapshot('code-a', empty)), 'code-a'), empty);
});

test('a snapshot changed in any byte, cut short, or not a snapshot, is not used', () => {
  const text = encodeSnapshot('code-a', SNAPSHOT);
  const bytes = Buffer.from(text);
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
