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

test.run();
