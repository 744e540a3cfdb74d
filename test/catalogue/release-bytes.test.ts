import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readPortIndex } from '../../src/catalogue/portindex/read-port-index.js';
import { releaseBytes } from '../../src/catalogue/portindex/release-bytes.js';
import { onePortPerLine } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';

test('a large buffer is released: every view of it is empty at once', async () => {
  await withTempDir((dir) => {
    const file = path.join(dir, 'large');
    writeFileSync(file, Buffer.alloc(2 << 20, 0x61));
    const bytes = readFileSync(file);
    const view = bytes.subarray(10, 20);
    releaseBytes(bytes);
    assert.is(bytes.length, 0);
    assert.is(view.length, 0);
    assert.is(bytes.buffer.byteLength, 0);
  });
});

test("small buffers are left alone (Node's pool, which others share, above all), and shared memory too", () => {
  const small = Buffer.from('a small buffer');
  const neighbour = Buffer.from('its neighbour in the pool');
  releaseBytes(small);
  assert.is(small.toString(), 'a small buffer');
  assert.is(neighbour.toString(), 'its neighbour in the pool');
  const shared = new Uint8Array(new SharedArrayBuffer(2 << 20));
  releaseBytes(shared);
  assert.is(shared.length, 2 << 20);
});

test('a released document takes no port again, and says so; its ports are still read again from the file', async () => {
  const ports = Array.from({ length: 3000 }, (_, i) => ({ name: `port-${i}`, portdir: `devel/port-${i}`, version: `${i}.0`, description: 'word '.repeat(60) }));
  await withTempDir((dir) => {
    const file = path.join(dir, 'portindex.json');
    writeFileSync(file, onePortPerLine({ ports }));
    const read = readPortIndex(file, 'catalogue/portindex.json');
    assert.ok(read.ok);
    const entries = read.value.entries!;
    assert.equal(entries.take(7), ports[7]);
    const hash = entries.textHash!(7);
    entries.release!();
    assert.throws(() => entries.take(7), /let go/);
    assert.throws(() => entries.textHash!(7), /let go/);
    assert.equal(entries.again!(7, hash), ports[7]);
  });
});

test.run();
