import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dumpElements } from '../../src/render/dump-elements.js';
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

test.run();
