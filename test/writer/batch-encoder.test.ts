import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Body } from '../../src/render/body.js';
import { BATCH_BYTES, BatchEncoder, type Batch } from '../../src/writer/thread/batch-encoder.js';

/** What each body's bytes are, by Node's own encoder. */
function expected(bodies: Body[]) {
  const each = bodies.map((body) => Buffer.from(typeof body === 'string' ? body : body.join(''), 'utf8'));
  return { bytes: Buffer.concat(each), lengths: each.map((bytes) => bytes.length) };
}

/** The bytes a batch carries: its files' lengths end to end from the start of its buffer. */
function bytesOf(batch: Batch): Buffer {
  return Buffer.from(batch.data, 0, batch.lengths.reduce((sum, length) => sum + length, 0));
}

/** The batch of `bodies`, added to a new encoder one by one. */
function batchOf(bodies: Body[]): Batch {
  const encoder = new BatchEncoder(4);
  bodies.forEach((body, i) => encoder.add(`f${i}`, body));
  return encoder.take()!;
}

test('ASCII bodies, whole or in parts, end to end with their lengths', () => {
  const bodies: Body[] = ['{"a":1}', ['{"count":2,', '"results":[]', '}'], '', '[]'];
  const batch = batchOf(bodies);
  const want = expected(bodies);
  assert.equal(batch.paths, ['f0', 'f1', 'f2', 'f3']);
  assert.equal(bytesOf(batch), want.bytes);
  assert.equal(batch.lengths, want.lengths);
});

test('bodies with other characters anywhere are encoded whole, even past the room made for ASCII', () => {
  const big = 'x'.repeat(2 * BATCH_BYTES - 10);
  const cases: Body[][] = [
    ['é first', 'then ascii', ['parts', ' and more']],
    ['ascii first', ['a part, then', ' naïve'], 'and ascii after'],
    ['ends with ü'],
    ['astral 𝄞 and 😀 pairs', ['U+2028 \u2028 raw', ' 中文']],
    ['a lone surrogate \ud800 becomes U+FFFD', 'x'],
    [['', '€'], '', ['€€€']],
    // The first buffer nearly filled, then text that needs three times its length.
    [big, '中文中文中文中文', ['€'.repeat(1000), '€'.repeat(100_000)], 'after'],
  ];
  for (const bodies of cases) {
    const batch = batchOf(bodies);
    const want = expected(bodies);
    const label = JSON.stringify(bodies).slice(0, 80);
    assert.ok(bytesOf(batch).equals(want.bytes), label);
    assert.equal(batch.lengths, want.lengths, label);
  }
});

test('a batch is full at its size or its number of files, and take begins the next', () => {
  const encoder = new BatchEncoder(4);
  assert.is(encoder.add('small', 'x'.repeat(100)), false);
  assert.is(encoder.add('large', 'x'.repeat(BATCH_BYTES)), true);
  assert.equal(encoder.take()!.paths, ['small', 'large']);
  assert.is(encoder.take(), undefined);
  let full = 0;
  for (let i = 0; i < 256; i++) if (encoder.add(`f${i}`, 'x')) full = i + 1;
  assert.is(full, 256);
});

test('a buffer given back is used again, whole, for a later batch', () => {
  const encoder = new BatchEncoder(4);
  encoder.add('a', 'x'.repeat(10));
  const first = encoder.take()!;
  encoder.reuse(first.data);
  encoder.add('b', 'y'.repeat(20));
  const second = encoder.take()!;
  assert.ok(second.data === first.data, 'the same buffer');
  assert.equal(bytesOf(second), Buffer.from('y'.repeat(20)));
});

test('a body larger than any buffer gets a buffer of its own size', () => {
  const body = ['x'.repeat(3 * BATCH_BYTES), 'y'];
  const batch = batchOf([body]);
  assert.equal(batch.lengths, [3 * BATCH_BYTES + 1]);
  assert.ok(batch.data.byteLength >= 3 * BATCH_BYTES + 1);
});

test.run();
