import { isAscii, isUtf8 } from 'node:buffer';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonWrite } from '../../scripts/synth/json-write.js';
import { contentHash } from '../../src/core/content-hash.js';
import { ChangedWhileRead } from '../../src/catalogue/portindex/port-text-reader.js';
import { readPortIndex } from '../../src/catalogue/portindex/read-port-index.js';
import { scanPortIndex, type ScannedPortIndex } from '../../src/catalogue/portindex/scan-port-index.js';
import { splitPortIndex } from '../../src/catalogue/portindex/split-port-index.js';
import { BOM } from '../../src/catalogue/utf8.js';
import { layOut } from '../support/lay-out.js';
import { onePortPerLine } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';

/**
 * What the scan must find in a document's bytes (after any byte-order mark), worked out from the
 * whole bytes: the exact split's elements and skeleton, each element's hash and whether it has a
 * backslash, whether the document is ASCII. Undefined when the exact split finds no ports.
 */
function expectedScan(file: Buffer): ScannedPortIndex | undefined {
  const start = file.subarray(0, 3).equals(BOM) ? 3 : 0;
  const bytes = file.subarray(start);
  const parts = splitPortIndex(bytes);
  if (!parts) return undefined;
  return {
    skeleton: parts.skeleton,
    spans: Float64Array.from(parts.elements.flat()),
    textHashes: parts.elements.map(([s, e]) => contentHash(bytes.subarray(s, e))),
    escapeFree: Uint8Array.from(parts.elements.map(([s, e]) => (bytes.subarray(s, e).includes(0x5c) ? 0 : 1))),
    ascii: isAscii(bytes),
    start,
  };
}

const text = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '"', '\\', '}', ']', ',', '{', ' ', '\n') });
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), tie('object')),
  object: fc.dictionary(text, tie('value'), { maxKeys: 3 }),
})).value;
const port = fc.dictionary(text, json, { maxKeys: 4 });
const spaces = fc.array(fc.constantFrom('', ' ', '\n', '\n  ', '\n    ', '\t', '\r\n', '        '), { minLength: 1, maxLength: 8 });
/** A document of object ports in any layout, with members before and after `ports`, and maybe a byte-order mark. */
const documentBytes = fc
  .record({ before: fc.option(json), ports: fc.array(port, { maxLength: 8 }), after: fc.option(json), spaces, bom: fc.boolean() })
  .map(({ before, ports, after, spaces, bom }) => {
    const value: Record<string, unknown> = {};
    if (before !== null) value.info = before;
    value.ports = ports;
    if (after !== null) value['tail "key"'] = after;
    const bytes = Buffer.from(layOut(value, spaces));
    return bom ? Buffer.concat([BOM, bytes]) : bytes;
  });
/** Windows from a few bytes (every port crosses several) to larger than most documents. */
const windowSize = fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 17, max: 600 }));

async function scanned(bytes: Buffer, window: number): Promise<ScannedPortIndex | undefined> {
  return withTempDir((dir) => {
    const file = path.join(dir, 'portindex.json');
    writeFileSync(file, bytes);
    return scanPortIndex(file, window);
  });
}

test('read a window at a time, any document of object ports in any layout is split as the whole bytes are, exactly', async () => {
  await fc.assert(
    fc.asyncProperty(documentBytes, windowSize, async (bytes, window) => {
      const expected = expectedScan(bytes);
      assert.ok(expected);
      assert.equal(await scanned(bytes, window), expected, bytes.toString());
    }),
    { numRuns: 400 },
  );
});

/** The layouts JSON writers give a document. */
const writers: Array<[string, (value: { ports: unknown[] }) => string]> = [
  ['JSON.stringify, indent 2', (value) => JSON.stringify(value, null, 2)],
  ['JSON.stringify, tabs', (value) => JSON.stringify(value, null, '\t')],
  ['one port per line', onePortPerLine],
  ["MacPorts' converter (tcllib json::write)", (value) => `${jsonWrite(value)}\n`],
];

for (const [name, write] of writers) {
  test(`${name}: every port is found across windows of a few ports each`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.dictionary(fc.string({ maxLength: 6 }), json, { minKeys: 1, maxKeys: 4 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), async (ports, scale) => {
        const bytes = Buffer.from(write({ info: { generator: 'test' }, ports } as { ports: unknown[] }));
        const expected = expectedScan(bytes)!;
        const longest = Math.max(...Array.from({ length: ports.length }, (_, i) => expected.spans[2 * i + 1]! - expected.spans[2 * i]!));
        // Windows that hold a few ports each, with their lines (one port per line: a line is a port).
        assert.equal(await scanned(bytes, (longest + 64) * 4 * scale), expected, bytes.toString());
      }),
      { numRuns: 150 },
    );
  });
}

test('a document on one line, longer than a window, is scanned port by port', async () => {
  const ports = Array.from({ length: 200 }, (_, i) => ({ name: `p${i}`, depends: [`port:q${i}`] }));
  const bytes = Buffer.from(JSON.stringify({ ports }));
  assert.equal(await scanned(bytes, 256), expectedScan(bytes));
});

test('a broken document is scanned as the whole bytes split, or left to the whole read', async () => {
  await fc.assert(
    fc.asyncProperty(documentBytes, fc.nat(), fc.constantFrom('', ',', ']', '}', '"', '{', '[', '\\', 'x', '1', '\xff'), windowSize, async (bytes, at, insert, window) => {
      const cut = at % (bytes.length + 1);
      // '\xff' stands for a byte that is never UTF-8
      const inserted = insert === '\xff' ? Buffer.from([0xff]) : Buffer.from(insert);
      const broken = Buffer.concat([bytes.subarray(0, cut), inserted, bytes.subarray(cut)]);
      const result = await scanned(broken, window);
      if (result === undefined) return;
      assert.equal(result, expectedScan(broken), broken.toString());
      assert.ok(isUtf8(broken.subarray(result.start)), 'bytes that are not UTF-8 go to the whole read');
    }),
    { numRuns: 1500 },
  );
});

test('anything unusual is left to the whole read, which finds and locates its problems', async () => {
  const unusual: Array<[string, Buffer]> = [
    ['an empty file', Buffer.alloc(0)],
    ['white space', Buffer.from(' \n\t')],
    ['a port that is not an object', Buffer.from('{"ports":[{"name":"a"},"b"]}')],
    ['a trailing comma', Buffer.from('{"ports":[{"name":"a"},]}')],
    ['no ports', Buffer.from('{"info":{}}')],
    ['ports not an array', Buffer.from('{"ports":{}}')],
    ['ports twice', Buffer.from('{"ports":[],"ports":[{}]}')],
    ['a document cut short', Buffer.from('{"ports":[{"name":"a"}')],
    ['more after the document', Buffer.from('{"ports":[]} x')],
    ['bytes that are not UTF-8', Buffer.concat([Buffer.from('{"ports":[{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]}')])],
  ];
  for (const [what, bytes] of unusual) {
    for (const window of [4, 1 << 20]) assert.is(await scanned(bytes, window), undefined, `${what}, window ${window}`);
  }
  await withTempDir((dir) => {
    mkdirSync(path.join(dir, 'portindex.json'));
    assert.is(scanPortIndex(path.join(dir, 'portindex.json')), undefined, 'a directory');
    assert.is(scanPortIndex(path.join(dir, 'missing.json')), undefined, 'a missing file');
  });
});

test('the ports taken from a scanned document are the ones JSON.parse reads, in UTF-8 and in ASCII', async () => {
  await fc.assert(
    fc.asyncProperty(documentBytes, async (bytes) => {
      await withTempDir((dir) => {
        const file = path.join(dir, 'portindex.json');
        writeFileSync(file, bytes);
        const read = readPortIndex(file, 'portindex.json');
        assert.ok(read.ok);
        const whole = JSON.parse(bytes.subarray(bytes.subarray(0, 3).equals(BOM) ? 3 : 0).toString()) as { ports: unknown[] };
        const { entries, document } = read.value;
        assert.ok(entries);
        assert.equal(document, { ...whole, ports: [] });
        assert.equal(Array.from({ length: entries.count }, (_, i) => entries.take(i)), whole.ports);
        assert.equal(Array.from({ length: entries.count }, (_, i) => entries.again!(i, entries.textHash!(i))), whole.ports);
      });
    }),
    { numRuns: 200 },
  );
});

test('a port whose bytes changed between the scan and its taking is refused as changed while read, never parsed', async () => {
  await withTempDir((dir) => {
    const file = path.join(dir, 'portindex.json');
    writeFileSync(file, JSON.stringify({ ports: [{ name: 'zlib', version: '1.3.1' }, { name: 'xz', version: '5.4.0' }] }, null, 2));
    const read = readPortIndex(file, 'portindex.json');
    assert.ok(read.ok && read.value.entries);
    const { entries } = read.value;
    // The same size, so that every span still fits: only the hash can tell.
    writeFileSync(file, readFileSync(file, 'utf8').replace('5.4.0', '5.4.1'));
    assert.equal(entries.take(0), { name: 'zlib', version: '1.3.1' }, 'a port not changed');
    assert.throws(() => entries.take(1), (cause: unknown) => cause instanceof ChangedWhileRead && cause.file === 'portindex.json');
  });
});

test.run();
