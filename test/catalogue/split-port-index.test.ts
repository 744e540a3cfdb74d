import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonWrite } from '../../scripts/synth/json-write.js';
import { splitPortIndex, type PortIndexParts } from '../../src/catalogue/portindex/split-port-index.js';
import { onePortPerLine } from '../support/catalogue.js';
import { layOut } from '../support/lay-out.js';

/** The skeleton and every element parsed; undefined when the split failed or one does not parse. */
function parsePieces(bytes: Buffer, parts: PortIndexParts | undefined): unknown[] | undefined {
  if (!parts) return undefined;
  try {
    JSON.parse(parts.skeleton);
    return parts.elements.map(([s, e]) => JSON.parse(bytes.toString('utf8', s, e)) as unknown);
  } catch {
    return undefined;
  }
}

const json = fc.jsonValue({ maxDepth: 3 });
/** A document as any JSON writer might format it: key order, spacing and nesting vary. */
const document = fc
  .record({ info: json, ports: fc.array(json, { maxLength: 6 }), extra: fc.option(json), spaced: fc.boolean(), portsFirst: fc.boolean() })
  .map(({ info, ports, extra, spaced, portsFirst }) => {
    const entries: Array<[string, unknown]> = [['info', info], ['ports', ports]];
    if (extra !== null) entries.push(['tail "key"', extra]);
    if (portsFirst) entries.reverse();
    return { value: Object.fromEntries(entries), text: JSON.stringify(Object.fromEntries(entries), null, spaced ? 2 : undefined) };
  });

test('the ports array is split into exactly the elements JSON.parse sees, and the skeleton is the rest', () => {
    fc.assert(
      fc.property(document, ({ value, text }) => {
        const bytes = Buffer.from(text);
        const parts = splitPortIndex(bytes);
        assert.ok(parts, text);
        assert.equal(parts.elements.map(([s, e]) => JSON.parse(bytes.toString('utf8', s, e))), value.ports);
        assert.equal(JSON.parse(parts.skeleton), { ...value, ports: [] });
      }),
      { numRuns: 300 },
    );
  });

test('strings of quotes and runs of backslashes end where JSON.parse ends them', () => {
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', 'a', '}', ']', ',') });
    fc.assert(
      fc.property(fc.array(fc.oneof(tricky, fc.dictionary(tricky, tricky, { maxKeys: 3 }), fc.array(tricky, { maxLength: 3 })), { maxLength: 5 }), (ports) => {
        const bytes = Buffer.from(JSON.stringify({ [`k\\`]: 'v"', ports }));
        const parts = splitPortIndex(bytes);
        assert.ok(parts);
        assert.equal(parts.elements.map(([s, e]) => JSON.parse(bytes.toString('utf8', s, e))), JSON.parse(JSON.stringify(ports)));
      }),
      { numRuns: 500 },
    );
  });

test('a broken document is never split into something that parses differently', () => {
    fc.assert(
      fc.property(document, fc.nat(), fc.constantFrom('', ',', ']', '}', '"', '{', '[', 'x'), ({ text }, at, insert) => {
        const cut = at % (text.length + 1);
        const broken = text.slice(0, cut) + insert + text.slice(cut);
        const bytes = Buffer.from(broken);
        const parts = splitPortIndex(bytes);
        let whole: { ports?: unknown } | undefined;
        try {
          whole = JSON.parse(broken) as { ports?: unknown };
        } catch {
          whole = undefined;
        }
        if (!parts) return;
        // Split, then each piece must parse exactly when the whole does, to the same values.
        const pieces = parsePieces(bytes, parts);
        if (whole === undefined) assert.is(pieces, undefined, broken);
        else assert.equal(pieces, whole.ports, broken);
      }),
      { numRuns: 2000 },
    );
  });

const portLike = fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 4 });
const layoutSpaces = fc.array(fc.constantFrom('', ' ', '\n', '\n  ', '\n    ', '\t', '\r\n', '\n\t', '\n        '), { minLength: 1, maxLength: 12 });

test('in any layout, the split is the ports JSON.parse sees', () => {
  fc.assert(
    fc.property(fc.array(portLike, { maxLength: 6 }), layoutSpaces, (ports, spaces) => {
      const bytes = Buffer.from(layOut({ info: { a: 1 }, ports }, spaces));
      assert.equal(parsePieces(bytes, splitPortIndex(bytes)), JSON.parse(JSON.stringify(ports)));
    }),
    { numRuns: 3000 },
  );
});

/** The layouts JSON writers give a document, each also with CRLF line ends. */
const writers: Array<[string, (value: { ports: unknown[] }) => string]> = [
  ['JSON.stringify, indent 2', (value) => JSON.stringify(value, null, 2)],
  ['JSON.stringify, indent 4', (value) => JSON.stringify(value, null, 4)],
  ['JSON.stringify, tabs', (value) => JSON.stringify(value, null, '\t')],
  ['one port per line', onePortPerLine],
  ["MacPorts' converter (tcllib json::write)", (value) => `${jsonWrite(value)}\n`],
];

for (const [name, write] of writers) {
  for (const crlf of [false, true]) {
    test(`${name}${crlf ? ', CRLF' : ''}: every port's text is found`, () => {
      fc.assert(
        fc.property(fc.array(fc.dictionary(fc.string({ maxLength: 4 }), json, { minKeys: 1, maxKeys: 4 }), { minLength: 1, maxLength: 6 }), (ports) => {
          const text = write({ info: { generator: 'test' }, ports } as { ports: unknown[] });
          const bytes = Buffer.from(crlf ? text.replaceAll('\n', '\r\n') : text);
          assert.equal(parsePieces(bytes, splitPortIndex(bytes)), JSON.parse(JSON.stringify(ports)));
        }),
        { numRuns: 300 },
      );
    });
  }
}

test('an inner object that ends a line before a line that starts with `{` does not end the port', () => {
  const text = '{"ports": [\n{"name": "a", "x": [{"k": 1},\n{"k": 2}]},\n{"name": "b"}\n]}';
  assert.equal(parsePieces(Buffer.from(text), splitPortIndex(Buffer.from(text))), [{ name: 'a', x: [{ k: 1 }, { k: 2 }] }, { name: 'b' }]);
});

test('unusual shapes take the plain path', () => {
  for (const text of ['[]', '{"ports": {}}', '{"ports": [], "ports": []}', '{"p\\u006frts": [1]}', '', '{"ports": [1, 2,]}', '{"ports": [1] } x']) {
    assert.is(splitPortIndex(Buffer.from(text)), undefined, text);
  }
});

test.run();
