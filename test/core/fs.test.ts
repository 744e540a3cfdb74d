import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentDigest, contentHash } from '../../src/core/content-hash.js';
import { hashFile, startReplacing, statIdentity, writeAll, writeAtomically } from '../../src/core/fs.js';
import { withTempDir } from '../support/paths.js';

/** The id of a process that has ended. */
const gonePid = () => spawnSync(process.execPath, ['-e', '']).pid!;

test('a file written atomically is whole: a text, bytes, or what a writer gives its descriptor; the old file replaced', async () => {
  await withTempDir((dir) => {
    const file = path.join(dir, 'state.json');
    writeAtomically(file, '{"a":1}');
    assert.is(readFileSync(file, 'utf8'), '{"a":1}');
    writeAtomically(file, Buffer.from('bytes'));
    assert.is(readFileSync(file, 'utf8'), 'bytes');
    writeAtomically(file, (fd) => {
      writeAll(fd, Buffer.from('tail'), 4);
      writeAll(fd, Buffer.from('head'), 0);
    });
    assert.is(readFileSync(file, 'utf8'), 'headtail');
    assert.equal(readdirSync(dir), ['state.json']);
  });
});

test("a killed writer's temporary goes at the next write; a running process's is left to it", async () => {
  await withTempDir((dir) => {
    const file = path.join(dir, 'portindex.json');
    const gone = gonePid();
    const stale = [`portindex.json.${gone}.tmp`, `portindex.json.${process.pid}.tmp`, 'portindex.json.tmp'];
    // A running process's, and names that are not temporaries of the file (a numbered backup).
    const kept = [`portindex.json.${process.ppid}.tmp`, `portindex.json.${gone}`, 'portindex.json.1.tmp.x', 'other.json.tmp'];
    for (const name of [...stale, ...kept]) writeFileSync(path.join(dir, name), '{"cut');
    writeAtomically(file, '{}');
    assert.equal(readdirSync(dir).sort(), ['portindex.json', ...kept].sort());
  });
});

test('a failed write leaves the old file as it was, and no temporary', async () => {
  await withTempDir((dir) => {
    const file = path.join(dir, 'state.json');
    writeAtomically(file, 'old');
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    assert.throws(() =>
      writeAtomically(file, (fd) => {
        writeAll(fd, Buffer.from('half'), null);
        throw full;
      }),
    );
    assert.is(readFileSync(file, 'utf8'), 'old');
    assert.equal(readdirSync(dir), ['state.json']);
    // A directory where the file goes: the rename fails, and the temporary goes.
    const taken = path.join(dir, 'taken.json');
    mkdirSync(taken);
    writeFileSync(path.join(taken, 'in-the-way'), '');
    assert.throws(() => writeAtomically(taken, 'new'), (cause: NodeJS.ErrnoException) => cause.code === 'EISDIR');
    assert.equal(readdirSync(dir).sort(), ['state.json', 'taken.json']);
  });
});

test('a replacement is put in place only when committed; discarded, the old file stays', async () => {
  await withTempDir((dir) => {
    const file = path.join(dir, 'portindex.json');
    writeFileSync(file, 'old');
    const dropped = startReplacing(file);
    writeAll(dropped.fd, Buffer.from('new'), null, dropped.temporary);
    assert.equal(readdirSync(dir).sort(), ['portindex.json', `portindex.json.${process.pid}.tmp`]);
    dropped.discard();
    assert.equal([readdirSync(dir), readFileSync(file, 'utf8')], [['portindex.json'], 'old']);
    const kept = startReplacing(file);
    writeAll(kept.fd, Buffer.from('new'), null, kept.temporary);
    kept.commit();
    kept.discard();
    assert.equal([readdirSync(dir), readFileSync(file, 'utf8')], [['portindex.json'], 'new']);
  });
});

test("a file's hash is that of its bytes, from its start, whatever its size and whichever digest", async () => {
  await withTempDir((dir) => {
    for (const size of [0, 1, 1 << 20, (3 << 20) + 7]) {
      const bytes = Buffer.alloc(size, size % 251);
      const file = path.join(dir, `f${size}`);
      writeFileSync(file, bytes);
      const fd = openSync(file, 'r');
      try {
        assert.is(hashFile(fd, contentDigest(), size).digest(), contentHash(bytes), String(size));
        assert.is(hashFile(fd, createHash('sha256')).digest('hex'), createHash('sha256').update(bytes).digest('hex'), String(size));
      } finally {
        closeSync(fd);
      }
    }
  });
});

test('an identity is the same for the same five numbers, and another when any one of them differs', () => {
  const stats = { dev: 2049, ino: 131_073, size: 358, mtimeMs: 1_764_174_000_123.4567, ctimeMs: 1_764_174_000_123.4568 };
  assert.is(statIdentity({ ...stats }), statIdentity(stats));
  assert.match(statIdentity(stats), /^[0-9a-f]{16}$/);
  const others = (Object.keys(stats) as Array<keyof typeof stats>).map((field) => statIdentity({ ...stats, [field]: stats[field] + (field.endsWith('Ms') ? 0.001 : 1) }));
  assert.is(new Set([statIdentity(stats), ...others]).size, 6);
  // Numbers that would read alike joined as text stay apart.
  assert.is.not(statIdentity({ ...stats, dev: 1, ino: 23 }), statIdentity({ ...stats, dev: 12, ino: 3 }));
});

test.run();
