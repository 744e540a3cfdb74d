import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MARKER_FILE } from '../../src/routes/site-files.js';
import { SiteWriter } from '../../src/writer/thread/site-writer.js';
import { withTempDir } from '../support/paths.js';
import { xxh64 } from '../support/xxh64.js';

/** A writer with nothing to compare with: every file wanted, none with a key. */
async function openPlanned(out: string, files: string[]): Promise<SiteWriter> {
  const writer = SiteWriter.open(out);
  writer.load('fp');
  for (const file of files) writer.want(file, undefined);
  assert.equal(await writer.plan('pages'), { render: files, filesInfo: undefined }, 'every file to be made, no previous pages');
  return writer;
}

test('files of many batches arrive whole, and the swap puts them in place', async () => {
  await withTempDir(async (dir) => {
    const files = Array.from({ length: 1500 }, (_, i) => `api/v1/ports/p${i}/index.json`);
    const writer = await openPlanned(path.join(dir, 'out'), files);
    const body = (i: number) => `{"n":${i},"text":"${'é'.repeat(i % 3000)}"}`;
    for (let i = 0; i < 1500; i++) await writer.write(files[i]!, body(i));
    const totals = await writer.commit(undefined);
    assert.is(totals.files, 1500);
    for (const i of [0, 1, 699, 700, 1499]) assert.is(readFileSync(path.join(dir, 'out', files[i]!), 'utf8'), body(i));
    assert.equal(readdirSync(dir).sort(), ['.out.ports-gen', 'out']);
    const state = readdirSync(path.join(dir, '.out.ports-gen')).filter((name) => !name.startsWith('live-'));
    assert.equal(state.filter((name) => !name.startsWith('ledger-')), ['.gitignore'], 'the published tree alone');
    assert.is(state.length, 2, "and the tree's ledger");
  });
});

test('a wanted path that could leave the tree fails the plan, checked on the writer thread; nothing is left', async () => {
  await withTempDir(async (dir) => {
    const writer = SiteWriter.open(path.join(dir, 'out'));
    writer.load('fp');
    writer.want('api/v1/ports/zlib/index.json', undefined);
    writer.want('api/v1/ports/../../../escape/index.json', undefined);
    let failed: Error | undefined;
    try {
      await writer.plan('pages');
    } catch (cause) {
      failed = cause as Error;
    }
    assert.match(failed?.message ?? 'planned', /refusing to write outside the output directory: "api\/v1\/ports\/\.\.\/\.\.\/\.\.\/escape\/index\.json"/);
    await writer.abort();
    assert.equal(readdirSync(dir), ['.out.ports-gen']);
    assert.equal(readdirSync(path.join(dir, '.out.ports-gen')), ['.gitignore'], 'no tree left');
  });
});

test("the marker holds each file's XXH64 and key, in path order", async () => {
  await withTempDir(async (dir) => {
    const writer = await openPlanned(path.join(dir, 'out'), ['b.json', 'a.json']);
    await writer.write('b.json', '[2]');
    await writer.write('a.json', '[1]');
    await writer.commit(undefined);
    const marker = JSON.parse(readFileSync(path.join(dir, 'out', MARKER_FILE), 'utf8')) as { fingerprint: string; files: string[] };
    assert.is(marker.fingerprint, 'fp');
    assert.equal(marker.files, ['a.json', xxh64('[1]'), '', 'b.json', xxh64('[2]'), '']);
  });
});

test('a write that fails on the writer thread fails the commit with its code and path, and abort leaves nothing', async () => {
  await withTempDir(async (dir) => {
    const writer = await openPlanned(path.join(dir, 'out'), ['api/x/index.json', 'api/x']);
    await writer.write('api/x/index.json', '{}');
    await writer.write('api/x', '{}'); // a file where a directory already is
    let failed: NodeJS.ErrnoException | undefined;
    try {
      await writer.commit(undefined);
    } catch (cause) {
      failed = cause as NodeJS.ErrnoException;
    }
    assert.ok(failed, 'commit should fail');
    assert.is(failed.code, 'EEXIST');
    assert.ok(failed.path?.endsWith('api/x'), failed.path);
    assert.match(failed.stack ?? '', /executor/);
    await writer.abort();
    assert.not.ok(existsSync(path.join(dir, 'out')));
    assert.equal(readdirSync(dir), ['.out.ports-gen']);
    assert.equal(readdirSync(path.join(dir, '.out.ports-gen')), ['.gitignore'], 'no tree left');
  });
});

test('after a failure the writer thread finishes nothing: `finish`, sent with the failing batch, is answered as failed, and no marker or ledger is written', async () => {
  await withTempDir(async (dir) => {
    const staging = path.join(dir, '.out.ports-gen', 'new-1');
    mkdirSync(staging, { recursive: true });
    const worker = new Worker(fileURLToPath(new URL('../../src/writer/thread/write-worker.js', import.meta.url)));
    const answers: string[] = [];
    const finished = new Promise<void>((resolve) => worker.on('message', (answer: { type: string }) => answers.push(answer.type) === 2 && resolve()));
    try {
      worker.postMessage({ type: 'setup', setup: { staging, out: path.join(dir, 'out'), updating: false, precompress: false, scratch: path.join(dir, '.out.ports-gen', 'trash-1') } });
      worker.postMessage({ type: 'load', fingerprint: 'fp' });
      worker.postMessage({ type: 'want', paths: ['api/x/index.json', 'api/x'], keys: [undefined, undefined] });
      const bytes = new TextEncoder().encode('{}{}');
      // A file where a directory already is fails the batch; `finish` comes right behind it.
      worker.postMessage({ type: 'batch', paths: ['api/x/index.json', 'api/x'], lengths: [2, 2], data: bytes.buffer }, [bytes.buffer]);
      worker.postMessage({ type: 'finish', filesInfo: undefined });
      await finished;
    } finally {
      await worker.terminate();
    }
    assert.equal(answers, ['failed', 'failed']);
    assert.not.ok(existsSync(path.join(staging, MARKER_FILE)));
    assert.equal(readdirSync(path.join(dir, '.out.ports-gen')).filter((name) => name.startsWith('ledger-')), []);
  });
});

test('the writer thread surveys a file (its digest and records), and says when it cannot', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'builds.ndjson'), '{"build_id":1,"files":[]}\n\n{"build_id":2,"files":[]}\n');
    const writer = SiteWriter.open(path.join(dir, 'out'));
    try {
      const survey = await writer.survey(path.join(dir, 'builds.ndjson'));
      assert.equal(survey, { digest: xxh64('{"build_id":1,"files":[]}\n\n{"build_id":2,"files":[]}\n'), records: 2 });
      let failed: NodeJS.ErrnoException | undefined;
      await writer.survey(path.join(dir, 'missing')).catch((cause: NodeJS.ErrnoException) => (failed = cause));
      assert.is(failed?.code, 'ENOENT');
    } finally {
      await writer.abort();
    }
  });
});

test.run();
