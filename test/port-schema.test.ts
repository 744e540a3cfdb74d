import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { compiledPortSchema, escapeFreePortSchema, portSchema } from '../src/validate/port-schema.js';

const SCHEMAS = [
  { label: 'any text', base: portSchema, compiled: () => compiledPortSchema(false) },
  { label: 'escape-free text', base: escapeFreePortSchema, compiled: () => compiledPortSchema(true) },
];

test('both port schemas compile to a fast path (z.compile refuses nothing in them)', () => {
  for (const { label, base, compiled } of SCHEMAS) {
    assert.not.throws(() => z.compile(base, { strict: true }), label);
    // z.compile hands back the schema itself when it cannot compile it.
    assert.is.not(compiled(), base, label);
    assert.is(compiled(), compiled(), `${label}: compiled once`);
  }
});

const VALID = {
  name: 'SDL2',
  portdir: 'devel/SDL2',
  version: '2.30.6',
  revision: '0',
  epoch: '1',
  license: ['MIT', ['PSF', 'ZPL']],
  platforms: 'darwin',
  categories: ['devel', 'multimedia'],
  maintainers: [{ email: { name: 'ryandesign', domain: 'macports.org' }, github: 'ryandesign' }, { github: 'jmr' }],
  variants: ['universal'],
  vinfo: [{ variant: 'universal' }],
  depends_lib: ['port:zlib', 'lib:libz:zlib'],
  depends_build: ['bin:pkg-config:pkgconfig'],
  description: 'Cross-platform multi-media development API',
  long_description: 'Simple DirectMedia Layer',
  homepage: 'https://libsdl.org',
  replaced_by: 'SDL3',
  active: true,
};
const KEYS = [...Object.keys(VALID), 'depends_fetch', 'depends_extract', 'depends_patch', 'depends_run', 'depends_test', 'unknown'];

/** Values of every JSON type and shapes near the valid ones, lone surrogates and numbers at the limits among them. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('\uD800', 'a\uDC00b', '', '007', '1.5', 'a/b', 'a/b/c', '.hidden', -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, null),
  fc.array(fc.oneof(fc.string(), fc.constant('\uDBFF'), fc.array(fc.string(), { maxLength: 2 }), fc.integer()), { maxLength: 3 }),
  fc.record({ email: fc.oneof(fc.record({ name: fc.string(), domain: fc.string() }), fc.string()), github: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: [] }).map((m) => [m]),
  fc.record({ variant: fc.oneof(fc.string(), fc.integer()) }).map((v) => [v]),
);

const port = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(value, fc.constant(undefined))), { maxLength: 4 })
  .map((edits) => {
    const out: Record<string, unknown> = structuredClone(VALID);
    for (const [key, replacement] of edits) {
      if (replacement === undefined) delete out[key];
      else out[key] = replacement;
    }
    return out;
  });

test('property: the compiled schemas accept, output and refuse exactly as the regular parser does', () => {
  let valid = 0;
  let invalid = 0;
  fc.assert(
    fc.property(fc.oneof(port, value), (input) => {
      for (const { label, base, compiled } of SCHEMAS) {
        const expected = base.safeParse(input);
        const actual = compiled().safeParse(input);
        assert.is(actual.success, expected.success, label);
        if (expected.success) assert.equal(actual.data, expected.data, label);
        else assert.equal(actual.error!.issues, expected.error.issues, label);
        if (expected.success) valid++;
        else invalid++;
      }
    }),
    { numRuns: 2000, seed: 4 },
  );
  // Not vacuous: both outcomes are common.
  assert.ok(valid > 400 && invalid > 400, `${valid} valid, ${invalid} invalid`);
});

test.run();
