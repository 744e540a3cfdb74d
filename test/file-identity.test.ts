import { createHash } from 'node:crypto';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { identifyFile } from '../src/read/file-identity.js';
import { withTempDir } from './support/paths.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const later = () => Date.now() + 60_000;

test('the digest is of the bytes after a byte-order mark; a missing file has none', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, '\uFEFF{"build_id":1,"files":[]}\n');
    assert.is((await identifyFile(file, undefined)).digest, sha256('{"build_id":1,"files":[]}\n'));
    assert.equal(await identifyFile(path.join(dir, 'absent'), undefined), { digest: '', fingerprint: null });
  });
});

test('a file changed moments ago gets no fingerprint: it could change again unseen', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, 'a\n');
    assert.is((await identifyFile(file, undefined)).fingerprint, null);
    assert.type((await identifyFile(file, undefined, later)).fingerprint, 'string');
  });
});

test('an unchanged fingerprint stands for the bytes; any write changes it, whatever the size and times', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    writeFileSync(file, 'one\n');
    const first = await identifyFile(file, undefined, later);
    // A previous digest that is not the file's proves the file was not read again.
    const recorded = { ...first, digest: 'recorded' };
    assert.is((await identifyFile(file, recorded, later)).digest, 'recorded');
    await sleep(30); // past the file system's clock tick
    const { mtime } = statSync(file);
    writeFileSync(file, 'two\n');
    utimesSync(file, mtime, mtime); // same size, time set back: the change time still moves
    assert.is((await identifyFile(file, recorded, later)).digest, sha256('two\n'));
  });
});

test.run();
