import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { buildSchema, compiledBuildSchema, escapeFreeBuildSchema, type BuildSource } from '../../src/catalogue/build-schema.js';
import { toPortRecord } from '../../src/catalogue/records/port-record.js';
import { compiledPortSchema, escapeFreePortSchema, portSchema, type PortSource } from '../../src/catalogue/records/port-schema.js';

interface Compiled {
  label: string;
  base: z.ZodType;
  compiled: () => z.ZodType;
  /** What the build takes from a valid value: the build uses the input itself, not Zod's output. */
  use: (value: never) => unknown;
}

const portUse = (value: PortSource) => toPortRecord(value, 0);
const buildUse = (value: BuildSource) => ({ build_id: value.build_id, files: value.files });
const PORT_SCHEMAS: Compiled[] = [
  { label: 'port, any text', base: portSchema, compiled: () => compiledPortSchema(false), use: portUse },
  { label: 'port, escape-free text', base: escapeFreePortSchema, compiled: () => compiledPortSchema(true), use: portUse },
];
const BUILD_SCHEMAS: Compiled[] = [
  { label: 'build, any text', base: buildSchema, compiled: () => compiledBuildSchema(false), use: buildUse },
  { label: 'build, escape-free text', base: escapeFreeBuildSchema, compiled: () => compiledBuildSchema(true), use: buildUse },
];

test('the port and build schemas compile to a fast path (z.compile refuses nothing in them)', () => {
  for (const { label, base, compiled } of [...PORT_SCHEMAS, ...BUILD_SCHEMAS]) {
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
  // Keys the schema does not know, inside objects it does: Zod's output drops them.
  fc.constantFrom(
    [{ email: { name: 'ryan', domain: 'macports.org', extra: 1 }, github: 'ryandesign', keyholder: true }],
    [{ variant: 'universal', description: 'Build for multiple architectures', is_default: '+' }],
  ),
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

const build = fc
  .tuple(
    fc.oneof({ arbitrary: fc.integer({ min: 1, max: 2147483647 }), weight: 8 }, fc.constantFrom(0, -1, 1.5, 2147483648, '7'), value),
    fc.oneof({ arbitrary: fc.string(), weight: 4 }, fc.constant(undefined), value),
    fc.oneof({ arbitrary: fc.array(fc.oneof(fc.string(), fc.constantFrom('/opt/local/\uD800', '')), { maxLength: 4 }), weight: 8 }, value),
    fc.boolean(),
  )
  .map(([id, port, files, extra]) => ({ build_id: id, ...(port === undefined ? {} : { port_name: port }), files, ...(extra ? { other: 1 } : {}) }));

/**
 * Each compiled schema against its regular parser over `inputs`: the same success, output and
 * issues; `validate` agrees; and what the build takes from a valid input itself equals what it
 * would take from Zod's output (unknown keys are all the output drops).
 */
function assertSameAsRegular(schemas: Compiled[], inputs: fc.Arbitrary<unknown>): void {
  let valid = 0;
  let invalid = 0;
  fc.assert(
    fc.property(inputs, (input) => {
      for (const { label, base, compiled, use } of schemas) {
        const expected = base.safeParse(input);
        const actual = compiled().safeParse(input);
        assert.is(actual.success, expected.success, label);
        assert.is(compiled().validate(input), expected.success, `${label}: validate`);
        if (expected.success) {
          assert.equal(actual.data, expected.data, label);
          assert.equal(use(input as never), use(expected.data as never), `${label}: the input used as the output`);
        } else assert.equal(actual.error!.issues, expected.error.issues, label);
        if (expected.success) valid++;
        else invalid++;
      }
    }),
    { numRuns: 2000, seed: 4 },
  );
  // Not vacuous: both outcomes are common.
  assert.ok(valid > 400 && invalid > 400, `${valid} valid, ${invalid} invalid`);
}

test('property: the compiled port schemas accept, output and refuse exactly as the regular parser does, and a valid port is its own output', () => {
  assertSameAsRegular(PORT_SCHEMAS, fc.oneof(port, value));
});

test('property: the compiled build schemas accept, output and refuse exactly as the regular parser does, and a valid build is its own output', () => {
  assertSameAsRegular(BUILD_SCHEMAS, fc.oneof({ arbitrary: build, weight: 4 }, value));
});

test.run();
