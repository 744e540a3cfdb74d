import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../src/content-hash.js';
import { identityOf } from '../src/write/file-ledger.js';
import type { Marker } from '../src/write/marker.js';
import { helpWith, SharedStats, statsJob } from '../src/write/shared-stats.js';
import { CheckedTree } from '../src/write/trust.js';
import { markerFiles } from './support/marker-files.js';
import { withTempDir } from './support/paths.js';

/** 700 port files, enough for three chunks, and a file at the top. */
const FILES = ['_redirects', ...Array.from({ length: 700 }, (_, i) => `api/v1/ports/p${String(i).padStart(3, '0')}/index.json`)].sort();
const bytesOf = (relative: string) => `{"file":${JSON.stringify(relative)}}`;

/** A tree of FILES as a build left it, with its marker and ledger identities; the marker written a second after. */
function writtenTree(root: string): Marker {
  const files = new Map<string, { hash: string; key: string; identity: string }>();
  for (const relative of FILES) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytesOf(relative));
    files.set(relative, { hash: contentHash(bytesOf(relative)), key: 'k', identity: identityOf(lstatSync(file)) });
  }
  // Every directory as old as its build: only those changed since are pruned.
  const past = new Date(Date.now() - 60_000);
  const dirs = new Set<string>(['.']);
  for (const relative of FILES) for (let parent = path.dirname(relative); parent !== '.'; parent = path.dirname(parent)) dirs.add(parent);
  for (const parent of dirs) utimesSync(path.join(root, parent), past, past);
  return { fingerprint: 'fp', filesInfo: undefined, files: markerFiles(files), writtenMs: Date.now() - 30_000 };
}

/** Changes made to a spare by hand, each of which the check must see. */
function tamper(root: string): void {
  const edited = path.join(root, FILES[5]!);
  const { atime, mtime } = statSync(edited);
  writeFileSync(edited, bytesOf('edited').padEnd(bytesOf(FILES[5]!).length));
  utimesSync(edited, atime, mtime); // its old time put back
  rmSync(path.join(root, FILES[300]!));
  writeFileSync(path.join(root, path.dirname(FILES[400]!), 'planted.json'), 'planted');
  rmSync(path.join(root, FILES[500]!));
  execFileSync('mkfifo', [path.join(root, FILES[500]!)]);
  // A directory moved away and a link to it left in its place: its file is the very one written.
  const dir = path.dirname(path.join(root, FILES[650]!));
  renameSync(dir, path.join(root, 'moved'));
  symlinkSync(path.join(root, 'moved'), dir);
}

/** What the check decided of every file, and what the tree holds after it. */
function decisions(root: string, marker: Marker, shared?: SharedStats) {
  const tree = new CheckedTree(root, marker, true, undefined, shared);
  return {
    held: FILES.map((relative) => tree.get(relative)?.hash ?? null),
    planted: existsSync(path.join(root, path.dirname(FILES[400]!), 'planted.json')),
  };
}

test("the lstat another thread takes are each file's and its directory's, and what it cannot look at is left unseen", async () => {
  await withTempDir((dir) => {
    writtenTree(dir);
    const job = statsJob(dir, [...FILES, 'api/v1/ports/p000/index.json/under-a-file', 'api/v1/ports/none/index.json']);
    helpWith(job);
    const view = new SharedStats(job);
    assert.is(view.claim(), -1, 'every chunk claimed');
    FILES.forEach((relative, i) => {
      const { file, dir: directory } = view.at(i);
      const stats = lstatSync(path.join(dir, relative));
      assert.ok(file?.isFile());
      assert.equal([file!.dev, file!.ino, file!.size, file!.mtimeMs, file!.ctimeMs], [stats.dev, stats.ino, stats.size, stats.mtimeMs, stats.ctimeMs]);
      assert.is(identityOf(file!), identityOf(stats));
      assert.ok(directory?.isDirectory());
      assert.is(directory!.mtimeMs, lstatSync(path.dirname(path.join(dir, relative))).mtimeMs);
    });
    assert.is(view.at(FILES.length).file, undefined, 'under a file: not looked at (the writer looks itself)');
    assert.equal(view.at(FILES.length + 1), { file: null, dir: null }, 'not there');
  });
});

test('a spare checked with another thread taking all, some or none of the lstat is decided and pruned as one checked alone', async () => {
  await withTempDir((dir) => {
    const results = ['alone', 'all', 'first', 'none'].map((mode) => {
      const root = path.join(dir, mode);
      const marker = writtenTree(root);
      tamper(root);
      if (mode === 'alone') return decisions(root, marker);
      const job = statsJob(root, marker.files.paths());
      const other = new SharedStats(job);
      if (mode === 'all') helpWith(job);
      if (mode === 'first') other.take(other.claim());
      return decisions(root, marker, new SharedStats(job));
    });
    const [alone, ...shared] = results;
    assert.equal(
      FILES.filter((_, i) => alone!.held[i] === null),
      [FILES[5], FILES[300], FILES[500], FILES[650]],
      'the edited, removed, FIFO and linked-directory files',
    );
    assert.not.ok(alone!.planted, 'the planted file pruned');
    for (const result of shared) assert.equal(result, alone);
  });
});

test.run();
