import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiledBuildSchema } from '../../src/catalogue/build-schema.js';
import { isPlainBuild, MAX_BUILD_ID } from '../../src/catalogue/plain-build.js';

const ids = fc.oneof(fc.integer({ min: 1, max: MAX_BUILD_ID }), fc.constantFrom(0, -1, MAX_BUILD_ID + 1, 1.5, Number.NaN, Infinity, 2 ** 53), fc.constantFrom('7', null, true));
const texts = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('\ud800', 'a\udc00b', '/opt/local/\u2028'));
const anything = fc.oneof(texts, fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.string()));
const builds = fc.record(
  {
    build_id: ids,
    port_name: fc.oneof(texts, fc.constant(null), fc.integer()),
    files: fc.oneof(fc.array(texts, { maxLength: 5 }), fc.array(anything, { maxLength: 3 }), anything),
    other: anything,
  },
  { requiredKeys: [] },
);
const values = fc.oneof(builds, anything, fc.array(builds, { maxLength: 2 }));

test('the plain check never accepts what the build schema refuses, with or without a backslash in the line', () => {
  for (const escapeFree of [true, false]) {
    fc.assert(fc.property(values, (value) => !isPlainBuild(value, escapeFree) || compiledBuildSchema(escapeFree).validate(value)), { numRuns: 3000 });
  }
});

test('it accepts the builds real files hold, so that the schema is not loaded for them', () => {
  const real = [
    { build_id: 184022, files: ['/opt/local/bin/xz', '/opt/local/share/man/man1/xz.1.gz'] },
    { build_id: 1, port_name: 'zlib', files: [] },
    { build_id: MAX_BUILD_ID, port_name: 'é', files: ['/opt/local/share/doc/\u00e9'], extra: { ignored: true } },
  ];
  for (const build of real) assert.ok(isPlainBuild(build, true) && isPlainBuild(build, false), JSON.stringify(build));
  assert.not.ok(isPlainBuild({ build_id: 1, files: ['\ud800'] }, false), 'a lone surrogate from an escape: the schema says what is wrong');
  assert.ok(isPlainBuild({ build_id: 1, files: ['\ud800'] }, true), 'none can come from a line without a backslash');
});

test.run();
