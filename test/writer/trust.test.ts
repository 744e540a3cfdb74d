import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../../src/core/content-hash.js';
import { statIdentity } from '../../src/core/fs.js';
import type { Entry, Marker } from '../../src/writer/trees/marker.js';
import { CheckedTree } from '../../src/writer/trees/trust.js';
import { markerFiles } from '../support/marker-files.js';
import { withTempDir } from '../support/paths.js';

const FILE = 'api/v1/ports/zlib/index.json';
const BYTES = '{"name":"zlib","version":"1.3.1"}';

/**
 * A tree holding FILE as a build left it, its marker written `markerAheadMs` after the file
 * (an hour: the clock stood ahead when the build ran and was set right since), and its ledger
 * unless `ledger` is false.
 */
function writtenTree(root: string, options: { markerAheadMs?: number; ledger?: boolean } = {}) {
  mkdirSync(path.dirname(path.join(root, FILE)), { recursive: true });
  writeFileSync(path.join(root, FILE), BYTES);
  const identity = options.ledger === false ? undefined : statIdentity(lstatSync(path.join(root, FILE)));
  const marker: Marker = {
    fingerprint: 'fp',
    filesInfo: undefined,
    files: markerFiles(new Map([[FILE, { hash: contentHash(BYTES), key: 'k', identity }]])),
    writtenMs: Date.now() + (options.markerAheadMs ?? 0),
  };
  return { marker, check: () => new CheckedTree(root, marker, false) };
}

/** Rewrites FILE with as many bytes and puts its times back, as `cp -p` or `rsync -a` would. */
function editKeepingTime(root: string): void {
  const file = path.join(root, FILE);
  const { atime, mtime } = statSync(file);
  writeFileSync(file, BYTES.replace('1.3.1', '9.9.9'));
  utimesSync(file, atime, mtime);
}

test('a file as its build left it is trusted, and the check says which file it is', async () => {
  await withTempDir((dir) => {
    const held = writtenTree(dir).check().get(FILE);
    const stats = lstatSync(path.join(dir, FILE));
    assert.equal(held, { hash: contentHash(BYTES), key: 'k', size: BYTES.length, identity: statIdentity(stats), dev: stats.dev, ino: stats.ino, listedLive: false });
  });
});

test('an edit made under a clock stepped back (older than the marker by every time it has) is never trusted', async () => {
  await withTempDir((dir) => {
    const { marker, check } = writtenTree(dir, { markerAheadMs: 3_600_000 });
    editKeepingTime(dir);
    const stats = lstatSync(path.join(dir, FILE));
    assert.ok(stats.ctimeMs < marker.writtenMs && stats.mtimeMs < marker.writtenMs, 'the edit looks older than the marker');
    assert.is(check().get(FILE), null);
  });
});

test('without a ledger a file is trusted by its bytes: a tree copied whole, not one edited', async () => {
  await withTempDir((dir) => {
    const copy = path.join(dir, 'copy');
    const { marker } = writtenTree(path.join(dir, 'tree'), { ledger: false });
    execFileSync('cp', ['-a', path.join(dir, 'tree'), copy]);
    marker.files = markerFiles(new Map([[FILE, { hash: contentHash(BYTES), key: 'k', identity: 'recorded for another inode' }]]));
    assert.is(new CheckedTree(copy, marker, false).get(FILE)?.hash, contentHash(BYTES));
    editKeepingTime(copy);
    assert.is(new CheckedTree(copy, marker, false).get(FILE), null);
  });
});

test("a spare's check finds what its marker does not know in each directory changed since its build, and trusts no file through a link", async () => {
  await withTempDir((root) => {
    // The marker's order puts d/b/c.json between d's own files; e comes after them all.
    const files = ['d/a.json', 'd/b/c.json', 'd/c.json', 'e/x.json'];
    const past = new Date(Date.now() - 60_000);
    const entries = new Map<string, Entry>();
    for (const relative of files) {
      mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      writeFileSync(path.join(root, relative), relative);
      entries.set(relative, { hash: contentHash(relative), key: 'k', identity: statIdentity(lstatSync(path.join(root, relative))) });
    }
    for (const sub of ['.', 'd', 'd/b', 'e']) utimesSync(path.join(root, sub), past, past);
    // A file planted in d since its build, and e moved away with a link left in its place.
    writeFileSync(path.join(root, 'd', 'planted.json'), 'planted');
    renameSync(path.join(root, 'e'), path.join(root, 'moved'));
    symlinkSync(path.join(root, 'moved'), path.join(root, 'e'));
    const marker: Marker = { fingerprint: 'fp', filesInfo: undefined, files: markerFiles(entries), writtenMs: Date.now() - 30_000 };
    const tree = new CheckedTree(root, marker, true);
    assert.equal(files.map((relative) => tree.get(relative)?.hash ?? null), [contentHash('d/a.json'), contentHash('d/b/c.json'), contentHash('d/c.json'), null]);
    assert.equal([...tree.strangers].sort(), ['d/planted.json', 'moved']);
    assert.ok(existsSync(path.join(root, 'd', 'planted.json')), 'read, not removed: the plan removes it (see plan.ts)');
    assert.equal(new CheckedTree(root, marker, false).strangers, [], 'only a spare is read for strangers');
  });
});

test('a FIFO, a link or a directory where a file was is never trusted, and never blocks the check', async () => {
  await withTempDir((dir) => {
    const { check } = writtenTree(dir, { ledger: false });
    const file = path.join(dir, FILE);
    writeFileSync(path.join(dir, 'same.json'), BYTES);
    for (const plant of [() => execFileSync('mkfifo', [file]), () => symlinkSync(path.join(dir, 'same.json'), file), () => mkdirSync(file)]) {
      rmSync(file, { recursive: true, force: true });
      plant();
      assert.is(check().get(FILE), null);
    }
    assert.is(readFileSync(path.join(dir, 'same.json'), 'utf8'), BYTES);
  });
});

test.run();
