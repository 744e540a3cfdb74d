import fc from 'fast-check';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { writeCatalogue } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/** A valid catalogue to break: every mutation below must turn it into a clean failure. */
const PORTS = [
  { name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1', epoch: '0', categories: ['archivers'] },
  { name: 'SDL2', portdir: 'devel/SDL2', version: '2.30.6', depends_lib: ['port:zlib'], license: ['MIT', ['PSF', 'ZPL']] },
  { name: 'curl', portdir: 'net/curl', version: '8.9.1', depends_lib: ['port:zlib'], maintainers: [{ github: 'ryandesign' }] },
];
const BUILDS = [
  { build_id: 77, port_name: 'zlib', files: ['/opt/local/lib/libz.dylib'] },
  { build_id: 12, port_name: 'curl', files: ['/opt/local/bin/curl', '/opt/local/share/man/man1/curl.1.gz'] },
  { build_id: 301, port_name: 'SDL2', files: [] },
];
const ndjson = (builds: unknown[]) => builds.map((b) => JSON.stringify(b)).join('\n');
const portindex = (ports: unknown[]) => JSON.stringify({ info: {}, ports }, null, 2);

interface Broken {
  label: string;
  portindex: string | Buffer;
  builds: string | Buffer;
}

const clone = <T>(value: T): T => structuredClone(value);
const anyPort = fc.nat(PORTS.length - 1);
const anyBuild = fc.nat(BUILDS.length - 1);
/** Values each key must refuse (docs/catalogue-format.md): wrong JSON types, and the right type with a wrong shape. */
const WRONG: Record<string, unknown[]> = {
  name: [null, 42, true, {}, [], ''],
  portdir: [null, 42, {}, '', 'one-segment', 'a/b/c'],
  version: [null, 42, true, {}, []],
  epoch: [null, -1, 1.5, true, {}, [], '', '1.5', 'x'],
  license: [null, 42, true, {}, [1], [['MIT', ['nested']]]],
  categories: [null, 42, 'devel', {}, [1]],
  maintainers: [null, 42, 'ryan', [1], [{ email: 'ryan@macports.org' }], [{ github: 7 }]],
  depends_lib: [null, 'port:zlib', {}, [1], [null]],
  active: [null, 42, 'yes', {}, []],
};

const mutation: fc.Arbitrary<Broken> = fc.oneof(
  fc
    .constantFrom(...(Object.keys(WRONG) as Array<keyof typeof WRONG>))
    .chain((key) => fc.tuple(anyPort, fc.constant(key), fc.constantFrom(...WRONG[key]!)))
    .map(([i, key, value]) => {
      const ports = clone(PORTS) as Array<Record<string, unknown>>;
      ports[i]![key] = value;
      return { label: `ports[${i}].${key} = ${JSON.stringify(value)}`, portindex: portindex(ports), builds: ndjson(BUILDS) };
    }),
  fc.tuple(anyPort, fc.constantFrom('name', 'portdir', 'version')).map(([i, key]) => {
    const ports = clone(PORTS) as Array<Record<string, unknown>>;
    delete ports[i]![key];
    return { label: `ports[${i}] without ${key}`, portindex: portindex(ports), builds: ndjson(BUILDS) };
  }),
  fc.tuple(anyPort, fc.constantFrom('a/b', '..', '.hidden', '-x', 'two words', 'nul\u0000byte', '', 'back\\slash', 'ünï')).map(([i, name]) => {
    const ports = clone(PORTS);
    ports[i]!.name = name;
    return { label: `name ${JSON.stringify(name)}`, portindex: portindex(ports), builds: ndjson(BUILDS) };
  }),
  fc.tuple(anyPort, anyPort, fc.boolean()).filter(([a, b]) => a !== b).map(([a, b, upper]) => {
    const ports = clone(PORTS);
    ports[b]!.name = upper ? ports[a]!.name.toUpperCase() : ports[a]!.name;
    return { label: `ports[${b}] collides with ports[${a}]`, portindex: portindex(ports), builds: ndjson(BUILDS) };
  }),
  fc.double({ min: 0, max: 0.999, noNaN: true }).map((at) => {
    const text = portindex(PORTS);
    const cut = Math.floor(at * (text.length - 1));
    return { label: `portindex.json truncated at byte ${cut}`, portindex: text.slice(0, cut), builds: ndjson(BUILDS) };
  }),
  fc.tuple(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.constantFrom(0xff, 0xc3, 0x80, 0xed)).map(([at, byte]) => {
    const bytes = Buffer.from(portindex(PORTS));
    const where = Math.floor(at * bytes.length);
    return { label: `portindex.json byte 0x${byte.toString(16)} at ${where}`, portindex: Buffer.concat([bytes.subarray(0, where), Buffer.from([byte]), bytes.subarray(where)]), builds: ndjson(BUILDS) };
  }),
  fc.tuple(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.constantFrom(0xff, 0xfe, 0xc0)).map(([at, byte]) => {
    const bytes = Buffer.from(ndjson(BUILDS));
    const where = Math.floor(at * bytes.length);
    return { label: `builds.ndjson byte 0x${byte.toString(16)} at ${where}`, portindex: portindex(PORTS), builds: Buffer.concat([bytes.subarray(0, where), Buffer.from([byte]), bytes.subarray(where)]) };
  }),
  fc.tuple(anyBuild, fc.constantFrom<unknown>(0, -5, 1.5, '12', null, 2147483648, 1e20, [])).map(([i, id]) => {
    const builds = clone(BUILDS) as Array<Record<string, unknown>>;
    builds[i]!.build_id = id;
    return { label: `builds line ${i + 1} build_id ${JSON.stringify(id)}`, portindex: portindex(PORTS), builds: ndjson(builds) };
  }),
  fc.tuple(anyBuild, anyBuild).filter(([a, b]) => a !== b).map(([a, b]) => {
    const builds = clone(BUILDS);
    builds[b]!.build_id = builds[a]!.build_id;
    return { label: `duplicate build id on lines ${a + 1} and ${b + 1}`, portindex: portindex(PORTS), builds: ndjson(builds) };
  }),
  fc.tuple(fc.nat(BUILDS.length), fc.constantFrom('{', 'not json', '{"build_id": 5}', '[1,2]', '"text"', '{"build_id": 6, "files": "x"}', '{"build_id": 7, "files": [1]}')).map(([at, line]) => {
    const lines = BUILDS.map((b) => JSON.stringify(b));
    lines.splice(at, 0, line);
    return { label: `bad builds line ${at + 1}: ${line}`, portindex: portindex(PORTS), builds: lines.join('\n') };
  }),
);

const STAGING = /ports-gen-(new|old)/;

test('every broken catalogue: a located error, the previous output byte-identical, nothing left behind', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: portindex(PORTS), builds: ndjson(BUILDS) });
    const options = { cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 2, strict: false };
    assert.ok((await buildSite(options)).ok);
    const before = readTree(path.join(dir, 'dist'));
    await fc.assert(
      fc.asyncProperty(mutation, async (broken) => {
        writeFileSync(path.join(dir, 'catalogue', 'portindex.json'), broken.portindex);
        writeFileSync(path.join(dir, 'catalogue', 'builds.ndjson'), broken.builds);
        const result = await buildSite(options);
        assert.not.ok(result.ok, broken.label);
        const errors = result.log.kept.filter((p) => p.severity === 'error');
        assert.ok(errors.length > 0, broken.label);
        for (const problem of errors) {
          assert.match(problem.file, /^catalogue\/(portindex\.json|builds\.ndjson)$/, broken.label);
          const { line, path: at } = problem.location;
          assert.ok(line !== undefined || at === undefined || /^ports(\[\d+\]|$|\.)/.test(at), `${broken.label}: ${JSON.stringify(problem.location)}`);
          assert.match(problem.message, /expected/, `${broken.label}: ${problem.message}`);
        }
        assert.equal(readTree(path.join(dir, 'dist')), before, broken.label);
        assert.equal(readdirSync(dir).filter((e) => STAGING.test(e)), [], broken.label);
      }),
      { numRuns: 200 },
    );
  });
});

test('through the CLI: exit 1, file and location on stderr, no stack trace', async () => {
  await withTempDir(async (dir) => {
    const samples = fc.sample(mutation, { numRuns: 8, seed: 42 });
    for (const broken of samples) {
      writeCatalogue(path.join(dir, 'catalogue'), { portindex: broken.portindex, builds: broken.builds });
      const run = await runCli(['build'], { cwd: dir });
      assert.is(run.code, 1, `${broken.label}: ${run.stderr}`);
      assert.match(run.stderr, /catalogue\/(portindex\.json|builds\.ndjson)(:\d+|: ports|: error)/, broken.label);
      assert.not.match(run.stderr, /\n\s+at /, broken.label);
      assert.not.ok(readdirSync(dir).includes('dist'), broken.label);
    }
  });
});

test('a UTF-8 byte-order mark is accepted in both files (decision: see docs/catalogue-format.md)', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: `\ufeff${portindex(PORTS)}`, builds: `\ufeff${ndjson(BUILDS)}` });
    const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true });
    assert.ok(result.ok);
    assert.is(result.stats.builds, 3);
  });
});

test.run();
