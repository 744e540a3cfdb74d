import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dumpElements, lengthBounds } from '../../src/render/dump-elements.js';
import { toJsonText } from '../../src/render/json-text.js';

/** The dump as the writer assembles it: the parts end to end, joined by commas, in brackets. */
const assembled = (parts: readonly string[]) => `[${parts.join(',')}]`;
const bytesOf = (text: string) => new TextEncoder().encode(text);
const decoder = new TextDecoder();

test('each element of an assembled dump is sliced out with its exact bytes', () => {
  const value = fc.oneof(fc.string({ unit: fc.constantFrom('a', ',', '"', '\\', '[', ']', '{', '}', 'é', '\u2028') }), fc.integer(), fc.constant(null));
  const port = fc.dictionary(fc.string({ unit: fc.constantFrom('a', ',', '"', '{', ']') }), fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.dictionary(fc.string(), value, { maxKeys: 2 })), { maxKeys: 4 });
  fc.assert(
    fc.property(fc.array(port, { maxLength: 6 }), (ports) => {
      const parts = ports.map((p) => toJsonText(p));
      const bytes = bytesOf(assembled(parts));
      const bounds = dumpElements(bytes)!;
      assert.equal(Array.from({ length: bounds.length / 2 }, (_, i) => decoder.decode(bytes.subarray(bounds[2 * i], bounds[2 * i + 1]))), parts);
      // The parts' lengths the writer publishes give the same bounds, without a scan.
      assert.equal(lengthBounds(parts.map((part) => bytesOf(part).length), bytes.length), bounds);
    }),
  );
});

test('what is not a whole array gives no elements', () => {
  assert.is(dumpElements(bytesOf('{"a":1}')), undefined);
  assert.is(dumpElements(bytesOf('[{"a":1},{"b":')), undefined);
  assert.is(dumpElements(bytesOf('[{"a":1}]x')), undefined);
  assert.is(dumpElements(bytesOf('[{"a":1}] \u00a0')), undefined);
  assert.equal(Array.from(dumpElements(bytesOf('[]\n'))!), []);
  assert.equal(Array.from(dumpElements(bytesOf('[{"é":"]"}] \r\n\t'))!), [1, 11]);
});

test('lengths that do not fill the dump exactly give no bounds', () => {
  const size = bytesOf(assembled(['{"a":1}', '{}'])).length;
  assert.equal(Array.from(lengthBounds([7, 2], size)!), [1, 8, 9, 11]);
  assert.equal(Array.from(lengthBounds([], 2)!), []);
  assert.is(lengthBounds([7, 1], size), undefined);
  assert.is(lengthBounds([7, 2, 1], size), undefined);
  assert.is(lengthBounds([7], size), undefined);
  assert.is(lengthBounds([7, 0, 1], size), undefined);
  assert.is(lengthBounds([7, 2.5], size), undefined);
  assert.is(lengthBounds(['7', 2], size), undefined);
  assert.is(lengthBounds({ 0: 7, 1: 2 }, size), undefined);
  assert.is(lengthBounds([], 3), undefined);
  assert.is(lengthBounds([1e300], size), undefined);
});

test.run();
