import { renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changedSince, identifyFile } from '../../src/catalogue/file-identity.js';
import { withTempDir } from '../support/paths.js';
import { xxh64 } from '../support/xxh64.js';

const later = () => Date.now() + 60_000;

test('the digest is of the bytes after a byte-order mark; a missing file has none', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, '\uFEFF{"build_id":1,"files":[]}\n');
    assert.is((await identifyFile(file, undefined)).digest, xxh64('{"build_id":1,"files":[]}\n'));
    assert.equal(await identifyFile(path.join(dir, 'absent'), undefined), { digest: '', records: 0, identity: null, seen: null });
  });
});

test('the survey counts the records: the lines that are not blank, a last one without its newline too', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    const cases: Array<[string, number]> = [
      ['', 0],
      ['\uFEFF', 0],
      ['\n\n \t\r\n\r\n', 0],
      ['{"build_id":1,"files":[]}', 1],
      ['\uFEFF{"build_id":1,"files":[]}\r\n\n  {"build_id":2,"files":[]}\n', 2],
      ['a\nb\n \nc', 3],
      ['   x', 1],
    ];
    for (const [text, records] of cases) {
      writeFileSync(file, text);
      assert.is((await identifyFile(file, undefined)).records, records, JSON.stringify(text));
    }
  });
});

test('a file changed moments ago gets no identity: it could change again unseen', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, 'a\n');
    assert.is((await identifyFile(file, undefined)).identity, null);
    assert.type((await identifyFile(file, undefined, later)).identity, 'string');
  });
});

test('an unchanged identity stands for the bytes; any write changes it, whatever the size and times', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, 'one\n');
    const first = await identifyFile(file, undefined, later);
    // A previous survey that is not the file's proves the file was not read again.
    const recorded = { ...first, digest: 'recorded', records: 99 };
    assert.equal(await identifyFile(file, recorded, later), recorded);
    await sleep(30); // past the file system's clock tick
    const { mtime } = statSync(file);
    writeFileSync(file, 'two\n');
    utimesSync(file, mtime, mtime); // same size, time set back: the change time still moves
    const again = await identifyFile(file, recorded, later);
    assert.equal([again.digest, again.records], [xxh64('two\n'), 1]);
  });
});

test('a file is changed since it was seen after any write, a replacement, its removal or its making', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, 'one\n');
    const { seen } = await identifyFile(file, undefined);
    assert.type(seen, 'string');
    assert.not.ok(changedSince(file, seen));
    await sleep(30);
    const { mtime } = statSync(file);
    writeFileSync(file, 'two\n');
    utimesSync(file, mtime, mtime);
    assert.ok(changedSince(file, seen), 'a same-size write with its time set back');
    const { seen: now } = await identifyFile(file, undefined);
    writeFileSync(`${file}.new`, 'two\n');
    renameSync(`${file}.new`, file);
    assert.ok(changedSince(file, now), 'a replacement with the same bytes');
    rmSync(file);
    assert.ok(changedSince(file, now), 'removed');
    const { seen: absent } = await identifyFile(file, undefined);
    assert.not.ok(changedSince(file, absent));
    writeFileSync(file, '');
    assert.ok(changedSince(file, absent), 'made');
  });
});

test.run();
