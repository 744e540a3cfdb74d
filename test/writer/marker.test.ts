import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MARKER_FILE } from '../../src/routes/site-files.js';
import { readMarker, renderMarker, type Entry } from '../../src/writer/trees/marker.js';
import { markerFiles } from '../support/marker-files.js';
import { withTempDir } from '../support/paths.js';
import { random, somePaths } from '../support/random-files.js';

function writeMarkerText(dir: string, text: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, MARKER_FILE), text);
}

test('a marker read back gives every file it was written with, and no other', async () => {
  await withTempDir((dir) => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const paths = somePaths(next, 1 + Math.floor(next() * 60));
      const files = new Map<string, Entry>(paths.map((relative, i) => [relative, { hash: `h${i}`, key: i % 3 === 0 ? '' : `k${i}` }]));
      const tree = path.join(dir, String(seed));
      writeMarkerText(tree, renderMarker('fp', files, undefined));
      const marker = readMarker(tree)!;
      assert.is(marker.files.size, files.size, `seed ${seed}`);
      for (const [relative, entry] of files) {
        const i = marker.files.indexOf(relative);
        assert.equal([marker.files.path(i), marker.files.hash(i), marker.files.key(i), marker.files.identity(i)], [relative, entry.hash, entry.key, undefined], `seed ${seed}: ${relative}`);
      }
      for (const other of somePaths(next, 30)) if (!files.has(other)) assert.is(marker.files.indexOf(other), -1, `seed ${seed}: ${other}`);
      assert.is(marker.files.indexOf(''), -1);
      assert.equal(marker.files.paths(), [...files.keys()].sort());
    }
  });
});

test("a marker's identities come from its ledger only when it lists one for each file", () => {
  const files = new Map<string, Entry>([
    ['a', { hash: 'ha', key: '' }],
    ['b', { hash: 'hb', key: 'kb' }],
  ]);
  return withTempDir((dir) => {
    writeMarkerText(dir, renderMarker('fp', files, undefined));
    const marker = readMarker(dir)!;
    marker.files.setIdentities(['ia']);
    assert.is(marker.files.identity(0), undefined, 'a ledger of another length is not used');
    marker.files.setIdentities(['ia', 7]);
    assert.equal([marker.files.identity(0), marker.files.identity(1)], ['ia', undefined]);
  });
});

test("sharing another marker's strings leaves every path, hash, key and identity as it was", () => {
  const entries = (list: Array<[string, string, string, string]>) => new Map(list.map(([path, hash, key, identity]) => [path, { hash, key, identity }]));
  const mine = entries([
    ['a', 'h1', 'k1', 'i1'],
    ['b', 'h2', 'k2', 'i2'],
    ['c', 'h3', 'k3', 'i3'],
    ['e', 'h5', '', 'i5'],
  ]);
  const theirs = entries([
    ['0', 'h0', 'k0', 'i0'],
    ['b', 'h2', 'other', 'i2'],
    ['c', 'other', 'k3', 'other'],
    ['d', 'h4', 'k4', 'i4'],
    ['e', 'h5', '', 'i5'],
  ]);
  const files = markerFiles(mine);
  const spare = markerFiles(theirs);
  files.share(spare);
  const seen = [...Array(files.size).keys()].map((i) => [files.path(i), { hash: files.hash(i), key: files.key(i), identity: files.identity(i) }]);
  assert.equal(seen, [...mine]);
  assert.is(files.indexOf('c'), 2);
  // The spare learns which of its files the live tree lists with the same bytes: b and e, not c (other bytes), 0 or d (not listed).
  assert.equal([...Array(spare.size).keys()].filter((i) => spare.listedLive(i)).map((i) => spare.path(i)), ['b', 'e']);
  assert.not.ok(files.listedLive(0), 'the live tree itself is told nothing');
});

test("a marker's text in parts is the JSON of its whole record, for any number of files", () => {
  for (const count of [0, 1, 999, 1000, 1001, 2500]) {
    const files = new Map<string, Entry>();
    for (let i = 0; i < count; i++) files.set(`p/${i}/"é\\ \u2028${i}`, { hash: `h${i}`, key: i % 3 ? `k${i}` : '' });
    const info = count ? { key: 'pk', pages: 2, builds: 3, paths: 4 } : undefined;
    const list = [...files.keys()].sort().flatMap((relative) => [relative, files.get(relative)!.hash, files.get(relative)!.key]);
    const whole = `${JSON.stringify({ generator: 'ports-gen', fingerprint: 'fp"1', filesInfo: info ?? null, files: list })}\n`;
    assert.is(renderMarker('fp"1', files, info), whole, `${count} files`);
  }
});

test('a marker whose paths are out of order or listed twice was not written by a build, and is not trusted', async () => {
  await withTempDir((dir) => {
    const text = (files: unknown[]) => JSON.stringify({ generator: 'ports-gen', fingerprint: 'fp', filesInfo: null, files });
    const cases: Array<[string, unknown[], boolean]> = [
      ['sorted', ['a', 'h', '', 'b', 'h', 'k'], true],
      ['out of order', ['b', 'h', '', 'a', 'h', 'k'], false],
      ['twice', ['a', 'h', '', 'a', 'h', 'k'], false],
      ['in code-unit order, as sort() puts them', ['\u{1F600}', 'h', '', '\uFFFF', 'h', ''], true],
      ['a path leaving the tree', ['../a', 'h', ''], false],
      ['not a flat list of strings', ['a', 'h', 1], false],
    ];
    for (const [name, files, trusted] of cases) {
      const tree = path.join(dir, name.replaceAll(' ', '-'));
      writeMarkerText(tree, text(files));
      assert.is(readMarker(tree) !== undefined, trusted, name);
    }
  });
});

test.run();
