import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MARKER_FILE } from '../src/routes/site-files.js';
import { readMarker, renderMarker, type Entry, type FileListing, type FilesInfo } from '../src/write/marker.js';
import { applyChanges, changesFrom, readThroughDelta, writeDelta, type Changes } from '../src/write/tree-delta.js';
import { markerFiles } from './support/marker-files.js';
import { withTempDir } from './support/paths.js';
import { random, someFiles, somePaths } from './support/random-files.js';

type Placed = Entry & { identity: string };

/** `before` changed as a build might change it: files removed, added, given other bytes or keys, or left alone. */
function nextTree(next: () => number, before: ReadonlyMap<string, Entry>, share: number): Map<string, Placed> {
  const after = new Map<string, Placed>();
  for (const [relative, entry] of before) {
    const roll = next();
    if (roll < share / 3) continue;
    const changed = roll < share ? (next() < 0.5 ? { ...entry, hash: `other-${relative}` } : { ...entry, key: `other-${relative}` }) : entry;
    after.set(relative, { ...changed, identity: `id-${relative}` });
  }
  for (const relative of somePaths(next, Math.floor(before.size * share) + 1)) if (!before.has(relative)) after.set(relative, { hash: 'new', key: next() < 0.5 ? '' : 'k', identity: `id-${relative}` });
  return after;
}

/** Each file of `listing`, in order: path, hash, key, identity. */
const entriesOf = (listing: FileListing) => Array.from({ length: listing.size }, (_, i) => [listing.path(i), listing.hash(i), listing.key(i), listing.identity(i)]);

test("a tree read as its base and its delta lists every file it has, as it has it, and no other", () => {
  let checked = 0;
  for (let seed = 1; seed <= 80; seed++) {
    const next = random(seed);
    // At least 16 files: in fewer, the one file nextTree always adds is more than an eighth.
    const before = someFiles(next, 16 + Math.floor(next() * 64));
    const after = nextTree(next, before, 0.04);
    const base = markerFiles(before);
    const paths = [...after.keys()].sort();
    const changes = changesFrom(base, paths, after);
    if (!changes) continue; // more than an eighth changed: see below
    checked++;
    const applied = applyChanges(base, changes)!;
    const unchanged = (relative: string) => before.get(relative)?.hash === after.get(relative)!.hash && before.get(relative)?.key === after.get(relative)!.key;
    assert.equal(
      entriesOf(applied),
      paths.map((relative) => [relative, after.get(relative)!.hash, after.get(relative)!.key, unchanged(relative) ? undefined : `id-${relative}`]),
      `seed ${seed}: the changed files' identities from the delta, none for the base's`,
    );
    for (const relative of paths) assert.is(applied.path(applied.indexOf(relative)), relative, `seed ${seed}: ${relative}`);
    for (const relative of before.keys()) if (!after.has(relative)) assert.is(applied.indexOf(relative), -1, `seed ${seed}: ${relative} removed`);
    assert.equal(applied.paths(), paths);
    // The ledger, when recalled, has the last word.
    applied.recall(paths.map((relative) => `ledger-${relative}`));
    assert.equal(entriesOf(applied).map((entry) => entry[3]), paths.map((relative) => `ledger-${relative}`));
  }
  assert.ok(checked >= 60, `${checked} trees had a delta`);
});

test('a delta lists only what changed, and none is made when more than an eighth of the files did', () => {
  const before = someFiles(random(3), 80);
  const same = new Map([...before].map(([relative, entry]) => [relative, { ...entry, identity: 'id' }]));
  const paths = [...same.keys()].sort();
  assert.equal(changesFrom(markerFiles(before), paths, same), { files: [], removed: [] });
  const changed = new Map(same);
  for (const relative of paths.slice(0, 10)) changed.set(relative, { ...same.get(relative)!, hash: 'x' });
  assert.is(changesFrom(markerFiles(before), paths, changed)!.files.length, 40, 'ten of eighty');
  changed.set(paths[10]!, { ...same.get(paths[10]!)!, key: 'x' });
  assert.is(changesFrom(markerFiles(before), paths, changed), undefined, 'eleven of eighty');
  assert.equal(changesFrom(markerFiles(before), paths.slice(1), same), { files: [], removed: [paths[0]!] });
});

test('changes that do not fit their base are refused', () => {
  const base = markerFiles(new Map([['a', { hash: 'h', key: '' }], ['c', { hash: 'h', key: '' }]]));
  const cases: Array<[string, Changes, boolean]> = [
    ['one added, one removed', { files: ['b', 'h', '', 'i'], removed: ['c'] }, true],
    ['a path removed that the base does not have', { files: [], removed: ['b'] }, false],
    ['a path both changed and removed', { files: ['a', 'x', '', 'i'], removed: ['a'] }, false],
  ];
  for (const [name, changes, fits] of cases) assert.is(applyChanges(base, changes) !== undefined, fits, name);
});

/** Writes a tree's marker for `files` at `dir`. */
function writeTree(dir: string, files: ReadonlyMap<string, Entry>, filesInfo?: FilesInfo): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, MARKER_FILE), renderMarker('fp', files, filesInfo));
}

test("a delta is read for the very marker it was written for, against the very base it was made from", async () => {
  await withTempDir((dir) => {
    const state = path.join(dir, 'state');
    mkdirSync(state);
    const [base, tree] = [path.join(dir, 'base'), path.join(dir, 'tree')];
    const next = random(11);
    const before = someFiles(next, 60);
    const after = nextTree(next, before, 0.02);
    const filesInfo = { key: 'pages', pages: 2, builds: 5, paths: 9 };
    writeTree(base, before);
    writeTree(tree, after, filesInfo);
    const changes = changesFrom(readMarker(base)!.files, [...after.keys()].sort(), after)!;
    writeFileSync(path.join(state, 'delta-of-another-tree.json'), '{}');
    writeDelta(state, tree, base, { fingerprint: 'made-by', filesInfo, changes });
    assert.is(readdirSync(state).length, 1, 'every other delta goes');
    const read = readThroughDelta(state, tree, base, readMarker(base)!)!;
    assert.equal([read.fingerprint, read.filesInfo], ['made-by', filesInfo]);
    assert.equal(entriesOf(read.files).map((entry) => entry.slice(0, 3)), entriesOf(readMarker(tree)!.files).map((entry) => entry.slice(0, 3)));

    const [deltaFile] = readdirSync(state);
    const written = readFileSync(path.join(state, deltaFile!), 'utf8');
    const withDelta = (edit: (delta: Record<string, unknown>) => void) => {
      const delta = JSON.parse(written) as Record<string, unknown>;
      edit(delta);
      writeFileSync(path.join(state, deltaFile!), JSON.stringify(delta));
      return readThroughDelta(state, tree, base, readMarker(base)!);
    };
    assert.ok(withDelta(() => undefined), 'as written');
    assert.is(withDelta((delta) => (delta.base = 'another')), undefined, 'made against another base');
    assert.is(withDelta((delta) => (delta.files = [...(delta.files as string[]), 'a', 'h', 'k'])), undefined, 'not in fours');
    assert.is(withDelta((delta) => (delta.files = ['z', 'h', 'k', 'i', 'a', 'h', 'k', 'i'])), undefined, 'out of order');
    assert.is(withDelta((delta) => (delta.files = ['../outside', 'h', 'k', 'i'])), undefined, 'a path leaving the tree');
    assert.is(withDelta((delta) => (delta.removed = ['a/../../b'])), undefined, 'a removed path leaving the tree');
    assert.is(withDelta((delta) => (delta.fingerprint = 7)), undefined, 'not a delta');
    writeFileSync(path.join(state, deltaFile!), written.slice(0, -9));
    assert.is(readThroughDelta(state, tree, base, readMarker(base)!), undefined, 'cut short');
    writeFileSync(path.join(state, deltaFile!), written);

    writeTree(base, before); // the same text, written again: another marker file
    assert.is(readThroughDelta(state, tree, base, readMarker(base)!), undefined, 'the base written again');
    writeTree(tree, after, filesInfo);
    assert.is(readdirSync(state).length, 1);
    assert.is(readThroughDelta(state, tree, base, readMarker(base)!), undefined, 'the tree written again: its delta is not found');
    writeDelta(state, tree, path.join(dir, 'none'), { fingerprint: 'fp', filesInfo, changes });
    assert.equal(readdirSync(state), [], 'no delta without a base; the last one goes');
  });
});

test.run();
