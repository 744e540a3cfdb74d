import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { BEAT_MS, BuildLock, lockDirectory, STALE_MS } from '../../src/writer/trees/build-lock.js';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { rejection } from '../support/rejection.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

const ownerFile = (out: string) => path.join(lockDirectory(out), 'owner.json');

/** A lock as another build would have left it, `idleMs` ago. */
function plantLock(out: string, owner: Record<string, unknown>, idleMs: number): void {
  const dir = lockDirectory(out);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ token: 'planted', host: 'elsewhere', started: '2026-01-01T00:00:00.000Z', ...owner }));
  const then = new Date(Date.now() - idleMs);
  utimesSync(dir, then, then);
}

test('a second take of a held lock fails at once and names the holder; after release it is free', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    const first = await BuildLock.take(out, false);
    const failure = await rejection(BuildLock.take(out, false));
    assert.is(failure.name, 'MachineFault');
    assert.match(failure.message, `another build (process ${process.pid} on `);
    assert.match(failure.message, `is writing ${out}: run again when it is done, or with --wait`);
    await first.release();
    assert.not.ok(existsSync(lockDirectory(out)));
    const second = await BuildLock.take(out, false);
    await second.release();
  });
});

test('with wait, a take resolves once the holder releases, not before', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    const first = await BuildLock.take(out, false);
    let taken = false;
    const waiting = BuildLock.take(out, true).then((lock) => {
      taken = true;
      return lock;
    });
    await sleep(600);
    assert.not.ok(taken);
    await first.release();
    const second = await waiting;
    assert.ok(taken);
    assert.not.ok(second.lost);
    await second.release();
  });
});

test('the holder keeps its lock fresh while it holds it', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    const lock = await BuildLock.take(out, false);
    const then = new Date(Date.now() - STALE_MS * 2);
    utimesSync(lockDirectory(out), then, then);
    // Polled, not timed: a loaded machine may run the heartbeat late, never not at all.
    for (let waited = 0; Date.now() - statSync(lockDirectory(out)).mtimeMs > STALE_MS; waited += BEAT_MS) {
      assert.ok(waited < STALE_MS, 'touched again before it could be taken for stale');
      await sleep(BEAT_MS);
    }
    await lock.release();
  });
});

test('a lock whose holder is gone (same PID namespace, no such process) is taken over at once', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    const holder = await BuildLock.take(out, false);
    const own = JSON.parse(readFileSync(ownerFile(out), 'utf8')) as Record<string, unknown>;
    await holder.release();
    // The same process id as a live process but another start time: the id was reused.
    plantLock(out, { space: own.space, pid: process.pid, ticks: '1' }, 0);
    const lock = await BuildLock.take(out, false);
    assert.not.ok(lock.lost);
    await lock.release();
  });
});

test('a fresh lock from another PID namespace is busy however its process id reads here; untouched past STALE_MS it is taken over', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    plantLock(out, { space: 'another-boot pid:[1]', pid: 999_999_999, ticks: '1' }, 0);
    const failure = await rejection(BuildLock.take(out, false));
    assert.match(failure.message, 'another build (process 999999999 on elsewhere, started 2026-01-01T00:00:00.000Z');
    utimesSync(lockDirectory(out), new Date(Date.now() - STALE_MS - 5000), new Date(Date.now() - STALE_MS - 5000));
    const lock = await BuildLock.take(out, false);
    await lock.release();
  });
});

test('a holder whose lock was taken over knows it has lost it', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    const lock = await BuildLock.take(out, false);
    writeFileSync(ownerFile(out), JSON.stringify({ token: 'someone-else' }));
    assert.ok(lock.lost);
    await lock.release();
    assert.ok(existsSync(lockDirectory(out)), 'another build\'s lock is not removed');
  });
});

test('a lock without its owner file (a build killed between making it and writing the file) is taken over, not waited on for STALE_MS', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'dist');
    mkdirSync(lockDirectory(out));
    const lock = await BuildLock.take(out, false);
    assert.is(JSON.parse(readFileSync(ownerFile(out), 'utf8')).pid, process.pid);
    await lock.release();
  });
});

test('a build fails, naming the holder, while another process holds the lock of its --out; with --wait it runs once released', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] } });
    assert.is((await runCli(['build', '--quiet'], { cwd: dir })).code, 0);
    const before = readTree(path.join(dir, 'dist'));
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [{ ...zlib, version: '1.3.2' }] } });

    const held = await BuildLock.take(path.join(dir, 'dist'), false);
    const refused = await runCli(['build', '--quiet'], { cwd: dir });
    assert.is(refused.code, 2);
    assert.match(refused.stderr, `another build (process ${process.pid} on `);
    assert.equal(readTree(path.join(dir, 'dist')), before);

    const waiting = runCli(['build', '--quiet', '--wait'], { cwd: dir });
    await sleep(1500);
    assert.equal(readTree(path.join(dir, 'dist')), before, 'the waiting build has not written');
    await held.release();
    const done = await waiting;
    assert.is(done.code, 0, done.stderr);
    assert.match(readFileSync(path.join(dir, 'dist', 'api', 'v1', 'ports', 'zlib', 'index.json'), 'utf8'), '"version":"1.3.2"');
    assert.not.ok(existsSync(lockDirectory(path.join(dir, 'dist'))), 'the lock is released');
  });
});

test('an in-process build takes and releases the lock, also when it fails', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] } });
    const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', pageSize: 100, baseUrl: 'http://localhost', strict: false });
    assert.ok(result.ok);
    assert.not.ok(existsSync(lockDirectory(path.join(dir, 'dist'))));
    writeFileSync(path.join(dir, 'catalogue', 'portindex.json'), '{');
    const failed = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', pageSize: 100, baseUrl: 'http://localhost', strict: false });
    assert.not.ok(failed.ok);
    assert.not.ok(existsSync(lockDirectory(path.join(dir, 'dist'))));
  });
});

test.run();
