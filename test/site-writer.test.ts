import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteWriter } from '../src/write/site-writer.js';
import { withTempDir } from './support/paths.js';

test('files of many batches arrive whole, and the swap puts them in place', async () => {
  await withTempDir(async (dir) => {
    const writer = SiteWriter.open(path.join(dir, 'out'));
    const body = (i: number) => `{"n":${i},"text":"${'é'.repeat(i % 3000)}"}`;
    for (let i = 0; i < 1500; i++) await writer.write(`api/v1/ports/p${i}/index.json`, body(i));
    await writer.commit();
    assert.is(writer.files, 1500);
    for (const i of [0, 1, 777, 1499]) assert.is(readFileSync(path.join(dir, 'out/api/v1/ports', `p${i}`, 'index.json'), 'utf8'), body(i));
    assert.equal(readdirSync(dir), ['out']);
  });
});

test('a write that fails on the writer thread fails the commit, and abort leaves nothing', async () => {
  await withTempDir(async (dir) => {
    const writer = SiteWriter.open(path.join(dir, 'out'));
    await writer.write('api/x/index.json', '{}');
    await writer.write('api/x', '{}'); // a file where a directory already is
    let failed: Error | undefined;
    try {
      await writer.commit();
    } catch (cause) {
      failed = cause as Error;
    }
    assert.ok(failed, 'commit should fail');
    await writer.abort();
    assert.not.ok(existsSync(path.join(dir, 'out')));
    assert.equal(readdirSync(dir), []);
  });
});

test('files sent ahead do not wait for the writer; later batches wait only beyond that backlog', async () => {
  await withTempDir(async (dir) => {
    const writer = SiteWriter.open(path.join(dir, 'out'));
    const write = (i: number) => writer.write(`api/v1/ports/p${i}/index.json`, `{"n":${i}}`);
    try {
      // 256 files make a batch. Nothing here yields to the event loop unless a write waits for
      // the writer, so no batch can be reported done in between: `queued` counts every one sent.
      await writer.sendAhead(async () => {
        for (let i = 0; i < 12 * 256; i++) await write(i);
      });
      assert.is(writer.queued, 12);
      for (let i = 12 * 256; i < 15 * 256; i++) await write(i); // three batches beyond the backlog
      assert.is(writer.queued, 15);
      for (let i = 15 * 256; i < 17 * 256; i++) await write(i); // now it must wait for the writer
      assert.ok(writer.queued < 17, `queued ${writer.queued}`);
      while (writer.queued > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      for (let i = 17 * 256; i < 22 * 256; i++) await write(i); // no backlog left: the fifth waits
      assert.ok(writer.queued < 5, `queued ${writer.queued}`);
    } catch (cause) {
      await writer.abort(); // so that the temporary directory can go
      throw cause;
    }
    await writer.commit();
    assert.is(writer.files, 22 * 256);
    for (const i of [0, 3071, 3072, 5631]) assert.is(readFileSync(path.join(dir, 'out/api/v1/ports', `p${i}`, 'index.json'), 'utf8'), `{"n":${i}}`);
  });
});

test.run();
