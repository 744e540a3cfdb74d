import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * `ports-gen update <url>`, the cycle a scheduled job runs, against a real HTTP server: it
 * builds when the import changed the catalogue or there is no site, and only then.
 */
const HISTORY = path.join(FIXTURES, 'import-history');
const FAST = { PORTS_GEN_HTTP_TIMEOUT_MS: '300', PORTS_GEN_HTTP_RETRIES: '1', PORTS_GEN_HTTP_BACKOFF_MS: '10' };

interface Summary {
  import: { added?: number; updated?: number; unchanged?: number; written: boolean; notModified: boolean; names?: { added: string[]; updated: string[]; unchanged: string[] } };
  build: { ran: boolean; ok?: boolean; written?: number; changed?: number; removed?: number };
  seconds: number;
}

test('update builds after a change or without a site, not after a 304; its JSON says what ran; a failed fetch leaves both as they were', async () => {
  await withTempDir(async (dir) => {
    let snapshot = 'PortIndex-1';
    const server = createServer((req, res) => {
      if (req.url !== '/PortIndex') return res.writeHead(404).end();
      const etag = `"${snapshot}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
      res.writeHead(200, { ETag: etag }).end(readFileSync(path.join(HISTORY, snapshot)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const update = async (url = `${base}/PortIndex`, names: string[] = []) => {
      const run = await runCli(['update', url, '--json', ...names, '--no-builds', '--base-url', 'https://ports.example.org'], { cwd: dir, env: FAST });
      return { run, summary: run.code === 0 ? (JSON.parse(run.stdout) as Summary) : undefined };
    };
    try {
      const first = await update();
      assert.is(first.run.code, 0, first.run.stderr);
      assert.equal([first.summary!.import.added, first.summary!.import.written, first.summary!.build.ran, first.summary!.build.ok], [4, true, true, true]);
      assert.is(first.summary!.import.names, undefined, 'counts, not the names of every port');
      assert.match(readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8'), '"version":"1.3"');

      const site = readTree(path.join(dir, 'dist'));
      const unchanged = await update();
      assert.equal([unchanged.summary!.import.notModified, unchanged.summary!.build.ran], [true, false]);
      assert.equal(readTree(path.join(dir, 'dist')), site, 'no build, the same site');

      snapshot = 'PortIndex-2';
      const changed = await update(undefined, ['--names']);
      assert.equal([changed.summary!.import.updated, changed.summary!.import.unchanged, changed.summary!.build.ran], [2, 1, true]);
      assert.equal([changed.summary!.import.names!.updated, changed.summary!.import.names!.unchanged], [['zlib', 'SDL2'], ['curl']], '--names: the ports of each count');
      assert.ok(changed.summary!.build.written! > 0);
      // Changed against the site it replaced, file by file (the marker aside).
      const after = readTree(path.join(dir, 'dist'));
      const differ = [...after].filter(([file, bytes]) => file !== '.ports-gen.json' && !site.get(file)?.equals(bytes));
      assert.equal([changed.summary!.build.changed, changed.summary!.build.removed], [differ.length, [...site.keys()].filter((file) => !after.has(file)).length]);
      assert.ok(differ.length > 0);
      assert.match(readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8'), '"version":"1.3.1"');

      rmSync(path.join(dir, 'dist'));
      const missing = await update();
      assert.equal([missing.summary!.import.notModified, missing.summary!.build.ran], [true, true], 'no site: built from the catalogue');

      const before = { site: readTree(path.join(dir, 'dist')), catalogue: readTree(path.join(dir, 'catalogue')) };
      const failed = await update(`${base}/gone`);
      assert.is(failed.run.code, 2);
      assert.match(failed.run.stderr, `ports-gen: ${base}/gone: HTTP 404 Not Found; the update failed`);
      assert.equal({ site: readTree(path.join(dir, 'dist')), catalogue: readTree(path.join(dir, 'catalogue')) }, before);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

test('an import whose build did not publish is built by the next update, which the index alone would call unchanged', async () => {
  await withTempDir(async (dir) => {
    const source = path.join(dir, 'PortIndex');
    const update = async () => {
      const run = await runCli(['update', 'PortIndex', '--json', '--no-builds', '--base-url', 'https://ports.example.org'], { cwd: dir });
      assert.is(run.code, 0, run.stderr);
      return JSON.parse(run.stdout) as Summary;
    };
    const zlib = () => JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8')) as { version: string };
    cpSync(path.join(HISTORY, 'PortIndex-1'), source);
    assert.equal((await update()).build.ran, true);
    assert.is(zlib().version, '1.3');

    // The import of an update whose build was stopped: the catalogue moved on, the site did not.
    cpSync(path.join(HISTORY, 'PortIndex-2'), source);
    assert.is((await runCli(['import', 'PortIndex'], { cwd: dir })).code, 0);
    const after = await update();
    assert.equal([after.import.written, after.build.ran, after.build.ok], [false, true, true], 'the stale site is built');
    assert.is(zlib().version, '1.3.1');
    assert.equal((await update()).build.ran, false, 'and then it is current: nothing to do');

    // A build that fails after its import (a builds.ndjson that does not parse) publishes nothing;
    // once the file is mended, the next update builds what was imported.
    writeFileSync(path.join(dir, 'catalogue/builds.ndjson'), 'not json\n');
    cpSync(path.join(HISTORY, 'PortIndex-3'), source);
    const failed = await runCli(['update', 'PortIndex', '--json', '--base-url', 'https://ports.example.org'], { cwd: dir });
    assert.is(failed.code, 1, failed.stderr);
    rmSync(path.join(dir, 'catalogue/builds.ndjson'));
    const mended = await update();
    assert.equal([mended.import.written, mended.build.ran, mended.build.ok], [false, true, true]);
    assert.equal((await update()).build.ran, false);
  });
});

test.run();
