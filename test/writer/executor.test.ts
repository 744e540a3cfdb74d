import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../../src/core/content-hash.js';
import { machineFaultOf } from '../../src/core/problems/machine-fault.js';
import { Executor } from '../../src/writer/executor.js';
import { statIdentity } from '../../src/core/fs.js';
import { readMarker } from '../../src/writer/trees/marker.js';
import type { Checked } from '../../src/writer/trees/trust.js';
import { withTempDir } from '../support/paths.js';

const PAGE = 'api/v1/files/page-1.json';
const BYTES = Buffer.from('{"count":0}');
const HELD = { hash: contentHash(BYTES), key: 'k', size: BYTES.length };

/** An executor writing a new tree at `dir`/new, whose live tree is `live`. */
const executorIn = (dir: string, live = path.join(dir, 'live')) => new Executor(path.join(dir, 'new'), live, false, dir, path.join(dir, 'scratch'));
const write = (relative: string, bytes: Buffer, key = '') => ({ op: 'write', path: relative, bytes, held: { hash: contentHash(bytes), key, size: bytes.length } }) as const;

/** A live tree holding one page, as a build recorded it. */
function liveTree(root: string): Map<string, Checked> {
  mkdirSync(path.join(root, 'api/v1/files'), { recursive: true });
  writeFileSync(path.join(root, PAGE), BYTES);
  const stats = statSync(path.join(root, PAGE));
  return new Map([[PAGE, { hash: contentHash(BYTES), key: 'k', size: BYTES.length, identity: statIdentity(stats), dev: stats.dev, ino: stats.ino }]]);
}

test('a linked file is a hard link to the live tree on the same file system; the marker records it', async () => {
  await withTempDir(async (dir) => {
    const live = liveTree(path.join(dir, 'live'));
    mkdirSync(path.join(dir, 'new'));
    const executor = executorIn(dir);
    executor.carry({ op: 'link', path: PAGE, source: live.get(PAGE)!, held: HELD });
    const totals = executor.finish('fp', undefined);
    assert.is(statSync(path.join(dir, 'new', PAGE)).ino, statSync(path.join(dir, 'live', PAGE)).ino);
    assert.equal(totals, { files: 1, written: 0, rendered: 0, bytes: BYTES.length });
    const marker = readMarker(path.join(dir, 'new'))!;
    const i = marker.files.indexOf(PAGE);
    assert.equal([marker.files.hash(i), marker.files.key(i)], [contentHash(BYTES), 'k']);
  });
});

/** A second file system, where no link from the temporary directory can be made: /dev/shm, when it is one. */
const SECOND_FS = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;
if (!SECOND_FS) console.warn('executor: SKIPPED one test: /dev/shm is not a file system of its own here');

(SECOND_FS ? test : test.skip)('across file systems, where no link can be made, a linked file is copied', async () => {
  await withTempDir(async (dir) => {
    const shm = mkdtempSync('/dev/shm/ports-gen-test-');
    try {
      const live = liveTree(shm);
      mkdirSync(path.join(dir, 'new'));
      const executor = executorIn(dir, shm);
      executor.carry({ op: 'link', path: PAGE, source: live.get(PAGE)!, held: HELD });
      assert.equal(readFileSync(path.join(dir, 'new', PAGE)), BYTES);
      assert.is(executor.totals.written, 1);
    } finally {
      rmSync(shm, { recursive: true, force: true });
    }
  });
});

test('a write makes a new file, and the directories on its way', async () => {
  await withTempDir(async (dir) => {
    mkdirSync(path.join(dir, 'new'));
    const executor = executorIn(dir);
    executor.carry(write('a/b/other.json', Buffer.from('[]')));
    assert.equal(readFileSync(path.join(dir, 'new', 'a/b/other.json'), 'utf8'), '[]');
    assert.equal(executor.finish('fp', undefined), { files: 1, written: 1, rendered: 0, bytes: 2 });
  });
});

test('in the claimed spare, whatever stands where a file goes is replaced, never written through', async () => {
  await withTempDir(async (dir) => {
    const live = liveTree(path.join(dir, 'live'));
    const spare = path.join(dir, 'new');
    mkdirSync(path.join(spare, 'api/v1/files'), { recursive: true });
    // The spare's file is a link to the live tree's inode, and a planted link leads into the live tree.
    linkSync(path.join(dir, 'live', PAGE), path.join(spare, PAGE));
    symlinkSync(path.join(dir, 'live', 'api/v1/files'), path.join(spare, 'api/v1/ports'));
    const executor = new Executor(spare, path.join(dir, 'live'), true, dir, path.join(dir, 'scratch'));
    executor.carry(write(PAGE, Buffer.from('{"count":1}')));
    executor.carry(write('api/v1/ports/x.json', Buffer.from('{}')));
    assert.equal(readFileSync(path.join(dir, 'live', PAGE)), BYTES);
    assert.is(live.get(PAGE)!.ino, statSync(path.join(dir, 'live', PAGE)).ino);
    assert.ok(lstatSync(path.join(spare, 'api/v1/ports')).isDirectory());
    assert.equal(readdirSync(path.join(dir, 'live', 'api/v1/files')), ['page-1.json']);
  });
});

test('a page made ahead is moved in: in the claimed spare over the link to the live file, never through it; the marker records it', async () => {
  await withTempDir(async (dir) => {
    const live = liveTree(path.join(dir, 'live'));
    const spare = path.join(dir, 'new');
    mkdirSync(path.join(spare, 'api/v1/files'), { recursive: true });
    linkSync(path.join(dir, 'live', PAGE), path.join(spare, PAGE));
    const made = Buffer.from('{"count":1}');
    const from = path.join(dir, 'trash-ahead', 'page-1.json');
    mkdirSync(path.dirname(from));
    writeFileSync(from, made);
    const executor = new Executor(spare, path.join(dir, 'live'), true, dir, path.join(dir, 'scratch'));
    executor.carry({ op: 'move', path: PAGE, from, held: { hash: contentHash(made), key: 'k', size: made.length } });
    assert.equal(readFileSync(path.join(spare, PAGE)), made);
    assert.not.ok(existsSync(from), 'moved, not copied');
    assert.equal(readFileSync(path.join(dir, 'live', PAGE)), BYTES, 'the live file is untouched');
    assert.is(live.get(PAGE)!.ino, statSync(path.join(dir, 'live', PAGE)).ino);
    assert.equal(executor.finish('fp', undefined), { files: 1, written: 1, rendered: 0, bytes: made.length });
    const placed = executor.placed.get(PAGE)!;
    assert.is(placed.identity, statIdentity(lstatSync(path.join(spare, PAGE))));
    assert.is(placed.hash, contentHash(made));
  });
});

test('a restart sets the spare aside and starts an empty tree; a removal goes whole', async () => {
  await withTempDir(async (dir) => {
    mkdirSync(path.join(dir, 'new', 'x/y'), { recursive: true });
    writeFileSync(path.join(dir, 'new', 'x/y/z'), 'z');
    const removing = new Executor(path.join(dir, 'new'), path.join(dir, 'live'), true, dir, path.join(dir, 'scratch'));
    removing.carry({ op: 'remove', path: 'x' });
    assert.not.ok(existsSync(path.join(dir, 'new', 'x')));
    writeFileSync(path.join(dir, 'new', 'planted'), 'p');
    removing.carry({ op: 'restart' });
    assert.equal(readdirSync(path.join(dir, 'new')), []);
    assert.ok(readdirSync(dir).some((entry) => entry.startsWith('trash-')));
  });
});

test('a live file replaced after it was checked is never linked: the build fails, naming it', async () => {
  await withTempDir(async (dir) => {
    const live = liveTree(path.join(dir, 'live'));
    const file = path.join(dir, 'live', PAGE);
    // Written beside and renamed over, as an editor saves: a new inode.
    writeFileSync(`${file}.new`, '{"count":9}');
    renameSync(`${file}.new`, file);
    mkdirSync(path.join(dir, 'new'));
    const executor = executorIn(dir);
    const error = (() => {
      try {
        executor.carry({ op: 'link', path: PAGE, source: live.get(PAGE)!, held: HELD });
      } catch (cause) {
        return cause as NodeJS.ErrnoException;
      }
      return undefined;
    })();
    assert.is(error?.code, 'ECHANGED');
    assert.is(machineFaultOf(error, dir)?.message, 'replaced by something else during the build while linking live/api/v1/files/page-1.json (leave the live site alone while a build runs, then run again)');
  });
});

test('the ledger records each file as placed: linked, written', async () => {
  await withTempDir(async (dir) => {
    const live = liveTree(path.join(dir, 'live'));
    mkdirSync(path.join(dir, 'new'));
    const executor = executorIn(dir);
    executor.carry({ op: 'link', path: PAGE, source: live.get(PAGE)!, held: HELD });
    executor.carry(write('other.json', Buffer.from('[]')));
    executor.finish('fp', undefined);
    for (const relative of [PAGE, 'other.json']) assert.is(executor.placed.get(relative)?.identity, statIdentity(lstatSync(path.join(dir, 'new', relative))), relative);
  });
});

test.run();

test('a new tree whose parts are written in order assembles them as they come, reading none back; out of order, from the files', async () => {
  await withTempDir(async (dir) => {
    const assemble = { op: 'assemble', path: 'dump.json', parts: ['a.json', 'b.json'] } as const;
    const run = (order: string[], out: string) => {
      mkdirSync(path.join(dir, out));
      const executor = new Executor(path.join(dir, out), path.join(dir, 'live'), false, dir, path.join(dir, 'scratch'));
      executor.expect(assemble);
      for (const part of order) executor.carry(write(part, Buffer.from(`{"part":"${part}"}`)));
      // The parts' files changed since: an assembly that read them back would show it.
      for (const part of order) writeFileSync(path.join(dir, out, part), '{"read":"back"}');
      const hashes = assemble.parts.map((part) => executor.placed.get(part)!.hash);
      executor.carry({ ...assemble, key: 'k' });
      assert.equal(hashes.length, 2);
      return readFileSync(path.join(dir, out, 'dump.json'), 'utf8');
    };
    assert.is(run(['a.json', 'b.json'], 'in-order'), '[{"part":"a.json"},{"part":"b.json"}]');
    assert.is(run(['b.json', 'a.json'], 'out-of-order'), '[{"read":"back"},{"read":"back"}]');
    assert.equal(readdirSync(dir).filter((name) => name.startsWith('trash-')), [], 'no stream left behind');
  });
});
