import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withServer } from '../support/http.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * `ports-gen import <url>` against a real HTTP server on loopback: conditional GETs, a
 * compressed transfer, redirects, retries, timeouts, cut bodies, HTTP errors and signatures.
 * In every failure the catalogue stays byte for byte as it was.
 */
const HISTORY = path.join(FIXTURES, 'import-history');
/** Short waits, so that retries and timeouts take milliseconds here. */
const FAST = { PORTS_GEN_HTTP_TIMEOUT_MS: '300', PORTS_GEN_HTTP_RETRIES: '2', PORTS_GEN_HTTP_BACKOFF_MS: '10' };

const importUrl = (dir: string, url: string, ...more: string[]) => runCli(['import', url, ...more], { cwd: dir, env: FAST });
const catalogue = (dir: string) => readTree(path.join(dir, 'catalogue'));

test('200, then 304 (nothing written, exit 0), then a changed index; gzip when asked for', async () => {
  await withTempDir(async (dir) => {
    let index = readFileSync(path.join(HISTORY, 'PortIndex-1'));
    let etag = '"v1"';
    const asked: Array<string | undefined> = [];
    await withServer(
      (req, res) => {
        asked.push(req.headers['if-none-match']);
        if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
        const gzip = String(req.headers['accept-encoding']).includes('gzip');
        const body = gzip ? gzipSync(index) : index;
        res.writeHead(200, { ETag: etag, 'Content-Length': body.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) }).end(body);
      },
      async (base) => {
        // The progress a terminal shows, as lines: the download is a phase of its own, its size known.
        const first = await runCli(['import', `${base}/PortIndex`, '--date', '2026-11-01'], { cwd: dir, env: { ...FAST, PORTS_GEN_TEST_PHASES: '1' } });
        assert.is(first.code, 0, first.stderr);
        assert.match(first.stderr, `phase: downloading ${base}/PortIndex\n`);
        const after = catalogue(dir);
        const again = await importUrl(dir, `${base}/PortIndex`);
        assert.equal([again.code, again.stdout], [0, `${base}/PortIndex: not modified since the last import (HTTP 304): nothing written\n`]);
        assert.equal(catalogue(dir), after);
        index = readFileSync(path.join(HISTORY, 'PortIndex-2'));
        etag = '"v2"';
        const changed = await importUrl(dir, `${base}/PortIndex`, '--json', '--date', '2026-11-08');
        assert.is(changed.code, 0, changed.stderr);
        assert.equal((JSON.parse(changed.stdout) as { added: string[] }).added, ['newport']);
        assert.equal(JSON.parse(readFileSync(path.join(dir, 'catalogue/source.json'), 'utf8')), { url: `${base}/PortIndex`, etag: '"v2"' });
      },
    );
    assert.equal(asked, [undefined, '"v1"', '"v1"']);
  });
});

test('a cut body, a 404, a server that never answers: exit 2, one line naming the URL, the catalogue as it was; a 500 then a success is a success', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(HISTORY, 'PortIndex-1'), path.join(dir, 'PortIndex'));
    assert.is((await runCli(['import', 'PortIndex'], { cwd: dir })).code, 0);
    const before = catalogue(dir);
    const full = readFileSync(path.join(HISTORY, 'PortIndex-2'));
    let failures = 0;
    await withServer(
      (req, res) => {
        if (req.url === '/cut') {
          res.writeHead(200, { 'Content-Length': full.length });
          res.write(full.subarray(0, 100));
          return void setImmediate(() => res.destroy());
        }
        if (req.url === '/mid-entry') return res.writeHead(200).end(full.subarray(0, full.indexOf('\n', 300) + 40)); // no Content-Length: cut in an entry
        if (req.url === '/missing') return res.writeHead(404).end('no');
        if (req.url === '/silent') return; // never answers
        if (req.url === '/flaky' && failures++ === 0) return res.writeHead(500).end('later');
        res.writeHead(200, { 'Content-Length': full.length }).end(full);
      },
      async (base) => {
        const cut = await importUrl(dir, `${base}/cut`);
        const failed = '; the import failed: nothing was written, the catalogue is untouched\n';
        assert.equal([cut.code, cut.stderr], [2, `ports-gen: ${base}/cut: the download was cut short (100 of ${full.length.toLocaleString('en-US')} bytes)${failed}`]);
        const midEntry = await importUrl(dir, `${base}/mid-entry`);
        assert.is(midEntry.code, 1, 'an index cut in an entry is a problem of the index');
        assert.match(midEntry.stderr, `${base}/mid-entry:`);
        assert.match(midEntry.stderr, '[truncated]');
        const missing = await importUrl(dir, `${base}/missing`);
        assert.equal([missing.code, missing.stderr], [2, `ports-gen: ${base}/missing: HTTP 404 Not Found${failed}`]);
        const silent = await importUrl(dir, `${base}/silent`);
        assert.equal([silent.code, silent.stderr], [2, `ports-gen: ${base}/silent: no answer within 0.3 s (tried 3 times)${failed}`]);
        assert.equal(catalogue(dir), before, 'every failure left the catalogue as it was');
        const flaky = await importUrl(dir, `${base}/flaky`, '--json');
        assert.is(flaky.code, 0, flaky.stderr);
        assert.is(failures, 2, 'a 500, then the index');
      },
    );
  });
});

test('a redirect is followed; a good signature imports, a bad one fails before anything is read, the catalogue as it was', async () => {
  await withTempDir(async (dir) => {
    const index = readFileSync(path.join(HISTORY, 'PortIndex-1'));
    writeFileSync(path.join(dir, 'PortIndex'), index);
    execFileSync('signify-openbsd', ['-G', '-n', '-p', 'k.pub', '-s', 'k.sec'], { cwd: dir });
    execFileSync('signify-openbsd', ['-S', '-s', 'k.sec', '-m', 'PortIndex'], { cwd: dir });
    writeFileSync(path.join(dir, 'other'), 'something else\n');
    execFileSync('signify-openbsd', ['-S', '-s', 'k.sec', '-m', 'other'], { cwd: dir });
    await withServer(
      (req, res) => {
        if (req.url === '/old') return res.writeHead(301, { Location: '/PortIndex' }).end();
        if (req.url === '/PortIndex') return res.writeHead(200).end(index);
        if (req.url === '/PortIndex.sig') return res.writeHead(200).end(readFileSync(path.join(dir, 'PortIndex.sig')));
        if (req.url === '/wrong.sig') return res.writeHead(200).end(readFileSync(path.join(dir, 'other.sig')));
        res.writeHead(404).end();
      },
      async (base) => {
        const bad = await importUrl(dir, `${base}/old`, '--sig', `${base}/wrong.sig`, '--pub', 'k.pub');
        assert.is(bad.code, 1);
        assert.match(bad.stderr, `${base}/old: error: expected the signature of ${base}/wrong.sig by k.pub, found that the signature does not match the file: it was changed after it was signed [bad-signature]`);
        assert.not.ok(existsSync(path.join(dir, 'catalogue')), 'no catalogue was made');
        const good = await importUrl(dir, `${base}/old`, '--sig', `${base}/PortIndex.sig`, '--pub', 'k.pub');
        assert.is(good.code, 0, good.stderr);
        assert.match(readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8'), '"name":"zlib"');
        const local = await runCli(['import', 'PortIndex', '--sig', 'other.sig', '--pub', 'k.pub'], { cwd: dir });
        assert.is(local.code, 1, 'a file source is checked the same way');
      },
    );
  });
});

test("source.json is written whole or not at all: a killed import's temporary goes at the next import, a failed write leaves none", async () => {
  await withTempDir(async (dir) => {
    const index = readFileSync(path.join(HISTORY, 'PortIndex-1'));
    const kept = path.join(dir, 'catalogue', 'source.json');
    let etag = '"v1"';
    const temporaries = () => readdirSync(path.dirname(kept)).filter((name) => name.startsWith('source.json.'));
    await withServer(
      (_, res) => res.writeHead(200, { ETag: etag }).end(index),
      async (base) => {
        assert.is((await importUrl(dir, `${base}/PortIndex`)).code, 0);
        // An import killed between its write and its rename leaves its temporary, named with its pid.
        const gone = spawnSync(process.execPath, ['-e', '']).pid;
        writeFileSync(`${kept}.${gone}.tmp`, '{"url":');
        etag = '"v2"';
        assert.is((await importUrl(dir, `${base}/PortIndex`)).code, 0);
        assert.equal(temporaries(), []);
        assert.equal(JSON.parse(readFileSync(kept, 'utf8')), { url: `${base}/PortIndex`, etag: '"v2"' });
        // A directory where source.json goes: its write fails, and leaves no temporary.
        rmSync(kept);
        mkdirSync(kept);
        writeFileSync(path.join(kept, 'in-the-way'), '');
        etag = '"v3"';
        const failed = await importUrl(dir, `${base}/PortIndex`);
        assert.is(failed.code, 2, failed.stderr);
        assert.equal(temporaries(), []);
      },
    );
  });
});

test.run();
