import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeBodies, lengthOf, type Body } from '../src/render/body.js';

/** encodeBodies with a fresh buffer per call, recording the sizes asked for. */
function encode(bodies: Body[], allocate = (size: number) => new Uint8Array(size)) {
  const asked: number[] = [];
  const units = bodies.reduce((sum, body) => sum + lengthOf(body), 0);
  const result = encodeBodies(bodies, units, (size) => {
    asked.push(size);
    return allocate(size);
  });
  return { ...result, asked, units };
}

/** What each body's bytes are, by Node's own encoder. */
function expected(bodies: Body[]) {
  const each = bodies.map((body) => Buffer.from(typeof body === 'string' ? body : body.join(''), 'utf8'));
  return { bytes: Buffer.concat(each), lengths: each.map((bytes) => bytes.length) };
}

test('ASCII bodies fill one buffer of their size, asked for once', () => {
  const bodies: Body[] = ['{"a":1}', ['{"count":2,', '"results":[]', '}'], '', '[]'];
  const { data, lengths, asked, units } = encode(bodies);
  const want = expected(bodies);
  assert.equal(Buffer.from(data), want.bytes);
  assert.equal(lengths, want.lengths);
  assert.equal(asked, [units]);
});

test('bodies with other characters anywhere are encoded whole, with one bigger buffer at most', () => {
  const cases: Body[][] = [
    ['é first', 'then ascii', ['parts', ' and more']],
    ['ascii first', ['a part, then', ' naïve'], 'and ascii after'],
    ['ends with ü'],
    ['astral 𝄞 and 😀 pairs', ['U+2028 \u2028 raw', ' 中文']],
    ['a lone surrogate \ud800 becomes U+FFFD', 'x'],
    [['', '€'], '', ['€€€']],
  ];
  for (const bodies of cases) {
    const { data, lengths, asked } = encode(bodies);
    const want = expected(bodies);
    assert.equal(Buffer.from(data), want.bytes, JSON.stringify(bodies));
    assert.equal(lengths, want.lengths, JSON.stringify(bodies));
    assert.ok(asked.length <= 2, `${asked.length} buffers for ${JSON.stringify(bodies)}`);
  }
});

test('a buffer bigger than asked (a pooled one) gives a view of the bytes alone', () => {
  const bodies: Body[] = ['abc', ['dé', 'f']];
  const { data, lengths } = encode(bodies, (size) => new Uint8Array(new ArrayBuffer(size + 100), 0, size));
  const want = expected(bodies);
  assert.equal(Buffer.from(data), want.bytes);
  assert.equal(lengths, want.lengths);
  assert.is(data.byteOffset, 0);
});

test.run();
