import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentDigest, contentHash } from '../../src/core/content-hash.js';
import { xxh64 } from '../support/xxh64.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

test("XXH64 as xxHash's reference gives it (seed 0), in 16 hex digits", () => {
  assert.is(contentHash(bytes('')), 'ef46db3751d8e999');
  assert.is(contentHash(bytes('abc')), '44bc2cf5ad770999');
});

test("a text hashes as its UTF-8 bytes", () => {
  for (const text of ['', 'abc', '{"name":"zlib"}', 'Müller — 日本語 🎉 \u2028']) assert.is(contentHash(text), contentHash(bytes(text)), text);
});

test('every hash has 16 digits, leading zeros kept', () => {
  let sawLeadingZero = false;
  for (let i = 0; i < 2000; i++) {
    const hash = contentHash(bytes(`file ${i}`));
    assert.match(hash, /^[0-9a-f]{16}$/);
    sawLeadingZero ||= hash.startsWith('0');
  }
  assert.ok(sawLeadingZero, 'some of 2,000 hashes start with 0');
});

test('a digest of bytes in parts is the hash of them end to end', () => {
  const whole = bytes('{"build_id":1,"files":["/opt/local/é"]}\n'.repeat(5000));
  for (const size of [1, 7, 4096, whole.length]) {
    const digest = contentDigest();
    for (let at = 0; at < whole.length; at += size) digest.update(whole.subarray(at, at + size));
    assert.is(digest.digest(), contentHash(whole), `parts of ${size}`);
  }
});

test('inputs over a megabyte, hashed in parts so that the hash\'s memory stays small, hash as the reference does', () => {
  const large = Buffer.alloc(3 * (1 << 20) + 12_345);
  for (let i = 0; i < large.length; i++) large[i] = (i * 31 + (i >>> 9)) & 0xff;
  assert.is(contentHash(large), xxh64(large));
  const text = 'Müller — 日本語 🎉 '.repeat(60_000);
  assert.is(contentHash(text), xxh64(Buffer.from(text)));
});

test.run();
