import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { splitPortIndex } from '../src/read/split-port-index.js';

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
      let pieces: unknown[] | undefined;
      try {
        JSON.parse(parts.skeleton);
        pieces = parts.elements.map(([s, e]) => JSON.parse(bytes.toString('utf8', s, e)));
      } catch {
        pieces = undefined;
      }
      if (whole === undefined) assert.is(pieces, undefined, broken);
      else assert.equal(pieces, whole.ports, broken);
    }),
    { numRuns: 2000 },
  );
});

test('unusual shapes take the plain path', () => {
  for (const text of ['[]', '{"ports": {}}', '{"ports": [], "ports": []}', '{"p\\u006frts": [1]}', '', '{"ports": [1, 2,]}', '{"ports": [1] } x']) {
    assert.is(splitPortIndex(Buffer.from(text)), undefined, text);
  }
});

test.run();
