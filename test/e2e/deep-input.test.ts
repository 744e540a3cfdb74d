import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importCatalogue } from '../../src/import/import-catalogue.js';
import { locateJsonError } from '../../src/catalogue/locate-json-error.js';
import { tooDeep } from '../../src/catalogue/records/nesting.js';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/** Input nested or sized past what a call stack holds: located problems or a build, never a crash. */

const deepArray = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;

test('the JSON error locator takes any depth: 100,000 open brackets are located, not a stack overflow', () => {
  assert.equal(locateJsonError('['.repeat(100_000)), { offset: 100_000, line: 1, column: 100_001, expected: 'a JSON value', found: 'end of input' });
  assert.is(locateJsonError(deepArray(100_000)), undefined);
  assert.equal(locateJsonError('{"a": [1, 2}'), { offset: 11, line: 1, column: 12, expected: "',' or ']'", found: '"}"' });
  assert.equal(locateJsonError('{"a" 1}'), { offset: 5, line: 1, column: 6, expected: "':'", found: '"1}"' });
  assert.equal(locateJsonError('[{"a": {}, "b": [[]]}, x]'), { offset: 23, line: 1, column: 24, expected: 'a JSON value', found: '"x]"' });
  assert.equal(locateJsonError('{"a":1,}'), { offset: 7, line: 1, column: 8, expected: 'a string key', found: '"}"' });
});

test('nesting is measured without a call per level', () => {
  assert.is(tooDeep(JSON.parse(`{"name":"x","extra":${deepArray(5000)}}`)), `extra${'[0]'.repeat(64)}`);
  assert.is(tooDeep({ name: 'x', vinfo: [{ variant: 'a', requires: ['b'] }] }), undefined);
});

test('build: a builds.ndjson line of 3,500 [ and a portindex.json of 5,000 unclosed [ are located problems, exit 1', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'a'), { portindex: { ports: [zlib] }, builds: `${'['.repeat(3500)}\n` });
    const builds = await runCli(['build', '--catalogue', 'a', '--out', 'a-site', '--json'], { cwd: dir });
    assert.is(builds.code, 1, builds.stderr);
    assert.equal((JSON.parse(builds.stdout) as Array<{ code: string; location: unknown }>).map((p) => [p.code, p.location]), [['invalid-json', { line: 1, column: 3501 }]]);
    writeCatalogue(path.join(dir, 'b'), { portindex: `{"ports":${'['.repeat(5000)}` });
    const ports = await runCli(['build', '--catalogue', 'b', '--out', 'b-site', '--json'], { cwd: dir });
    assert.is(ports.code, 1, ports.stderr);
    assert.equal((JSON.parse(ports.stdout) as Array<{ code: string; location: unknown }>).map((p) => [p.code, p.location]), [['invalid-json', { line: 1, column: 5010 }]]);
  });
});

test('import: a JSON source nested 5,000 levels deep is a located problem, exit 1; a catalogue with such a value builds', async () => {
  await withTempDir(async (dir) => {
    const deep = `{"ports":[{"name":"zlib","portdir":"archivers/zlib","version":"1","extra":${deepArray(5000)}}]}`;
    writeFileSync(path.join(dir, 'deep.json'), deep);
    const run = await runCli(['import', 'deep.json', '--json'], { cwd: dir });
    assert.is(run.code, 1, run.stderr);
    assert.equal((JSON.parse(run.stdout) as Array<{ code: string; location: unknown; port: string }>).map((p) => [p.code, p.location, p.port]), [['invalid-value', { path: 'ports[0].extra' }, 'zlib']]);
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: deep });
    const built = await runCli(['build', '--quiet'], { cwd: dir });
    assert.is(built.code, 0, built.stderr);
  });
});

test('import: a native entry of 150,000 keys, and long descriptions of 10 MB in every form, import', async () => {
  await withTempDir(async (dir) => {
    const keys = Array.from({ length: 150_000 }, (_, i) => `k${i} v`).join(' ');
    const words = Array.from({ length: 2_000_000 }, () => 'word').join(' ');
    const entries = [
      `name big portdir a/big version 1 ${keys}`,
      `name spaced portdir a/spaced version 1 long_description {${words}}`,
      `name braced portdir a/braced version 1 long_description {${words} {x} "y"}`,
      `name doubled portdir a/doubled version 1 long_description {${words.replaceAll(' ', '  ')}}`,
    ];
    writeFileSync(path.join(dir, 'PortIndex'), entries.map((line) => `${line.split(' ')[1]} ${line.length + 1}\n${line}\n`).join(''));
    const result = await importCatalogue({ cwd: dir, source: 'PortIndex', catalogue: 'catalogue', dryRun: false });
    assert.equal(result.log.kept, []);
    assert.equal(result.changes?.added, ['big', 'spaced', 'braced', 'doubled']);
  });
});

test.run();
