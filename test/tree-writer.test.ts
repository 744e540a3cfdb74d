import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/commands/build.js';
import { TreeWriter } from '../src/write/tree-writer.js';
import { writeCatalogue, zlib } from './support/catalogue.js';
import { withTempDir } from './support/paths.js';

const PAGE = 'api/v1/files/page-1.json';

async function liveSite(dir: string): Promise<string> {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] }, builds: '{"build_id":1,"files":["/opt/local/a"]}\n' });
  assert.ok((await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'live', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true })).ok);
  return path.join(dir, 'live');
}

test('a page carried over is a hard link to the live tree on the same file system', async () => {
  await withTempDir(async (dir) => {
    const live = await liveSite(dir);
    const writer = new TreeWriter(path.join(dir, 'new'), live, false);
    writer.carry(PAGE);
    assert.is(statSync(path.join(dir, 'new', PAGE)).ino, statSync(path.join(live, PAGE)).ino);
    assert.equal([writer.totals.reused, writer.totals.written], [1, 0]);
  });
});

test('across file systems, where no link can be made, a carried page is copied', async () => {
  if (!existsSync('/dev/shm')) return; // no second file system to try
  await withTempDir(async (dir) => {
    const shm = mkdtempSync('/dev/shm/ports-gen-test-');
    try {
      if (statSync(shm).dev === statSync(dir).dev) return;
      const live = await liveSite(shm);
      const writer = new TreeWriter(path.join(dir, 'new'), live, false);
      writer.carry(PAGE);
      assert.equal(readFileSync(path.join(dir, 'new', PAGE)), readFileSync(path.join(live, PAGE)));
      assert.equal([writer.totals.reused, writer.totals.written], [0, 1]);
    } finally {
      rmSync(shm, { recursive: true, force: true });
    }
  });
});

test.run();
