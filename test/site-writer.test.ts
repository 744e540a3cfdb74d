import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MARKER_FILE } from '../src/routes/site-files.js';
import { SiteWriter } from '../src/write/site-writer.js';
import { withTempDir } from './support/paths.js';
import { xxh64 } from './support/xxh64.js';

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

test('files sent ahead all arrive, the writer never holds more than four batches, and a commit hands over the rest', async () => {
  await withTempDir(async (dir) => {
    const writer = SiteWriter.open(path.join(dir, 'out'));
    const write = (i: number) => writer.write(`api/v1/ports/p${i}/index.json`, `{"n":${i}}`);
    let most = 0;
    await writer.sendAhead(async () => {
      for (let i = 0; i < 40 * 256; i++) {
        await write(i); // 256 files make a batch
        most = Math.max(most, writer.queued);
      }
    });
    for (let i = 40 * 256; i < 46 * 256; i++) {
      await write(i);
      most = Math.max(most, writer.queued);
    }
    assert.ok(most <= 4, `${most} batches in flight`);
    await writer.commit();
    assert.is(writer.files, 46 * 256);
    for (const i of [0, 10239, 10240, 11775]) assert.is(readFileSync(path.join(dir, 'out/api/v1/ports', `p${i}`, 'index.json'), 'utf8'), `{"n":${i}}`);
  });
});

/** The manifest of a committed tree, path → hash, from its marker. */
function manifestOf(out: string): Map<string, string> {
  const marker = JSON.parse(readFileSync(path.join(out, '.ports-gen.json'), 'utf8')) as { files: string[] };
  const hashes = new Map<string, string>();
  for (let i = 0; i < marker.files.length; i += 2) hashes.set(marker.files[i]!, marker.files[i + 1]!);
  return hashes;
}

/**
 * Checks that the committed tree at `out` holds `api/v1/ports/p<i>/index.json` with `body(i)`
 * for each i below `files`, and a manifest of exactly those files with the XXH64 of the bytes
 * on disk; returns their bytes in all.
 */
function assertWhole(out: string, files: number, body: (i: number) => string): number {
  const hashes = manifestOf(out);
  assert.is(hashes.size, files);
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const file = readFileSync(path.join(out, 'api/v1/ports', `p${i}`, 'index.json'));
    assert.is(file.toString('utf8'), body(i));
    assert.is(hashes.get(`api/v1/ports/p${i}/index.json`), xxh64(file), `p${i}`);
    bytes += file.length;
  }
  return bytes;
}

test("the manifest holds each file's XXH64, whether the writer made it or this thread did while it waited", async () => {
  await withTempDir(async (dir) => {
    const writer = SiteWriter.open(path.join(dir, 'out'));
    const body = (i: number) => `{"n":${i},"text":"${'é'.repeat(i % 7)}"}`;
    for (let i = 0; i < 24 * 256; i++) await writer.write(`api/v1/ports/p${i}/index.json`, body(i)); // 256 files make a batch
    const hashedHere = writer.hashedHere;
    await writer.commit();
    // The first batches find room; later ones wait for a writer that writes 256 files a batch.
    assert.ok(hashedHere > 0 && hashedHere < 24 * 256, `${hashedHere} hashed on this thread`);
    assertWhole(path.join(dir, 'out'), 24 * 256, body);
  });
});

test('with no live tree, batches that find the writer behind are written by this thread, and the tree and its manifest are whole', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'out');
    const writer = SiteWriter.open(out);
    assert.is(await writer.describeLive(), undefined);
    const body = (i: number) => `{"n":${i},"text":"${'é'.repeat(i % 7)}"}`;
    const files = 6 * 256; // 256 files make a batch; four are in flight at most
    for (let i = 0; i < files; i++) await writer.write(`api/v1/ports/p${i}/index.json`, body(i));
    const writtenHere = writer.writtenHere;
    await writer.commit();
    assert.ok(writtenHere > 0 && writtenHere < files, `${writtenHere} written on this thread`);
    assert.is(writer.hashedHere, 0); // what this thread hashes, it writes
    assert.is(writer.files, files);
    assert.is(writer.written, files);
    assert.is(writer.bytes, assertWhole(out, files, body));
    assert.equal(readdirSync(dir), ['out']);
  });
});

test('with no live tree, batches still held for the writer at the commit are shared with it, and the tree and its manifest are whole', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'out');
    const writer = SiteWriter.open(out);
    await writer.describeLive();
    const body = (i: number) => `{"n":${i}}`;
    const files = 12 * 256;
    // Sent ahead, the batches are held while the writer makes a directory for each file.
    await writer.sendAhead(async () => {
      for (let i = 0; i < files; i++) await writer.write(`api/v1/ports/p${i}/index.json`, body(i));
    });
    await writer.commit();
    assert.ok(writer.writtenHere > 0 && writer.writtenHere < files, `${writer.writtenHere} written on this thread`);
    assert.is(writer.written, files);
    assertWhole(out, files, body);
  });
});

test('with a live tree, this thread writes nothing: unchanged files are linked from the live tree by the writer', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'out');
    const body = (i: number) => `{"n":${i}}`;
    const files = 6 * 256;
    const build = async (changed: number) => {
      const writer = SiteWriter.open(out);
      await writer.describeLive();
      for (let i = 0; i < files; i++) await writer.write(`api/v1/ports/p${i}/index.json`, body(i === changed ? -1 : i));
      await writer.commit();
      return writer;
    };
    await build(-1);
    const inodes = Array.from({ length: files }, (_, i) => statSync(path.join(out, 'api/v1/ports', `p${i}`, 'index.json')).ino);
    const second = await build(5);
    assert.is(second.writtenHere, 0);
    assert.is(second.written, 1);
    for (let i = 0; i < files; i++) {
      const file = path.join(out, 'api/v1/ports', `p${i}`, 'index.json');
      assert.is(readFileSync(file, 'utf8'), body(i === 5 ? -1 : i));
      if (i !== 5) assert.is(statSync(file).ino, inodes[i], `p${i} linked`);
    }
  });
});

test('a carried path that could leave the tree is refused, and nothing outside the tree is made', async () => {
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'a/b/out');
    const first = SiteWriter.open(out);
    await first.write('api/v1/ports/zlib/index.json', '{"name":"zlib"}');
    await first.commit();
    const writer = SiteWriter.open(out);
    await writer.describeLive();
    const escapes = ['../escaped.json', 'api/../../escaped.json', 'api/v1/ports/zlib/../../../../../../escaped.json', '../../../escaped.json', '/escaped.json'];
    const refused = await writer.carry([...escapes, 'api/v1/ports/zlib/index.json']);
    assert.equal(refused, escapes);
    await writer.commit();
    assert.equal(readdirSync(dir), ['a']);
    assert.equal(readdirSync(path.join(dir, 'a')), ['b']);
    assert.equal(readdirSync(path.join(dir, 'a/b')), ['.out.ports-gen', 'out']);
    assert.equal(readdirSync(out).sort(), [MARKER_FILE, 'api'].sort());
    assert.is(readFileSync(path.join(out, 'api/v1/ports/zlib/index.json'), 'utf8'), '{"name":"zlib"}');
  });
});

test('the writer thread surveys a file (its digest and records), and says when it cannot', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, '\ufeff{"build_id":1,"files":[]}\n\n'); // the byte-order mark is not part of the digest
    const writer = SiteWriter.open(path.join(dir, 'out'));
    await writer.write('a', '{}');
    const expected = { digest: xxh64('{"build_id":1,"files":[]}\n\n'), records: 1 };
    assert.equal(await writer.survey(file), expected);
    await writer.write('b', '{}');
    // Two at once: each answer finds its own.
    const big = path.join(dir, 'big');
    writeFileSync(big, 'x\n'.repeat(8 << 20));
    const both = await Promise.all([writer.survey(big), writer.survey(file)]);
    assert.equal(both, [{ digest: xxh64('x\n'.repeat(8 << 20)), records: 8 << 20 }, expected]);
    let failed: Error | undefined;
    await writer.survey(path.join(dir, 'missing')).catch((cause: Error) => (failed = cause));
    assert.match(failed?.message ?? '', /ENOENT/);
    await writer.commit(); // a failed survey does not fail the writing
    assert.equal(readdirSync(path.join(dir, 'out')).sort(), ['.ports-gen.json', 'a', 'b']);
  });
});

test.run();
