import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { DUMP_PORTS_LENGTHS } from '../../src/routes/site-files.js';
import { onePortPerLine, writeCatalogue } from '../support/catalogue.js';
import { FIXTURES, ROOT, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * The bulk dumps (docs/api.md): `dump/ports.json` is every port file end to end, in catalogue
 * order, as a JSON array; `dump/versions.json` every port's versions entry (its bytes are the
 * `dumps` fixture's, written by hand). Both are written again only when their bytes change.
 * Beside the first, the byte length of each port in it (DUMP_PORTS_LENGTHS), kept with it.
 */
const DUMP = 'dump/ports.json';
const LENGTHS = DUMP_PORTS_LENGTHS;
const VERSIONS = 'dump/versions.json';

/** The catalogue's port names, in its order. */
const namesOf = (portindex: string) => (JSON.parse(readFileSync(portindex, 'utf8')) as { ports: Array<{ name: string }> }).ports.map((port) => port.name);
const portFile = (site: string, name: string) => readFileSync(path.join(site, 'api/v1/ports', name, 'index.json'), 'utf8');

test('the dump of every port is each port file, byte for byte, in catalogue order; --precompress covers both dumps', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    const run = await runCli(['build', '--precompress', '--quiet'], { cwd: dir });
    assert.is(run.code, 0, run.stderr);
    const site = path.join(dir, 'dist');
    const names = namesOf(path.join(dir, 'catalogue/portindex.json'));
    const dump = readFileSync(path.join(site, DUMP), 'utf8');
    assert.is(dump, `[${names.map((name) => portFile(site, name)).join(',')}]`);
    assert.equal(JSON.parse(readFileSync(path.join(site, LENGTHS), 'utf8')), names.map((name) => Buffer.byteLength(portFile(site, name))));
    assert.equal(Object.keys(JSON.parse(readFileSync(path.join(site, VERSIONS), 'utf8')) as object), names);
    for (const file of [DUMP, VERSIONS, LENGTHS]) {
      const bytes = readFileSync(path.join(site, file));
      assert.equal(gunzipSync(readFileSync(path.join(site, `${file}.gz`))), bytes, `${file}.gz`);
      assert.equal(brotliDecompressSync(readFileSync(path.join(site, `${file}.br`))), bytes, `${file}.br`);
    }
  });
});

test('a rebuild writes a dump again only when its bytes change: a version, a revision alone, nothing', async () => {
  await withTempDir(async (dir) => {
    const source = JSON.parse(readFileSync(path.join(FIXTURES, 'dumps/catalogue/portindex.json'), 'utf8')) as { ports: Array<Record<string, unknown>> };
    const build = async (change: (ports: Array<Record<string, unknown>>) => void, out = 'dist') => {
      const ports = structuredClone(source.ports);
      change(ports);
      writeCatalogue(path.join(dir, 'catalogue'), { portindex: onePortPerLine({ ports }) });
      const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out, baseUrl: 'https://ports.example.org', pageSize: 2, strict: false });
      assert.ok(result.ok);
      return result.stats;
    };
    const inode = (file: string, out = 'dist') => statSync(path.join(dir, out, file)).ino;
    const same = (out: string) => {
      for (const file of [DUMP, VERSIONS, LENGTHS]) assert.equal(readFileSync(path.join(dir, 'dist', file)), readFileSync(path.join(dir, out, file)), `${file} as a fresh build makes it`);
    };
    await build(() => undefined);
    const first = { dump: inode(DUMP), versions: inode(VERSIONS), lengths: inode(LENGTHS) };

    await build(() => undefined);
    assert.equal({ dump: inode(DUMP), versions: inode(VERSIONS), lengths: inode(LENGTHS) }, first, 'nothing changed: all kept');

    const newVersion = (ports: Array<Record<string, unknown>>) => (ports[2]!.version = '0.6');
    const stats = await build(newVersion);
    assert.ok((stats.recalled ?? 0) > 0, 'the other ports taken from the snapshot');
    assert.is.not(inode(DUMP), first.dump);
    assert.is.not(inode(VERSIONS), first.versions);
    assert.match(readFileSync(path.join(dir, 'dist', VERSIONS), 'utf8'), '"rb-rake-latex":{"version":"0.6","revision":0,');
    await build(newVersion, 'fresh');
    same('fresh');

    const before = { dump: inode(DUMP), versions: inode(VERSIONS), lengths: inode(LENGTHS) };
    const newRevision = (ports: Array<Record<string, unknown>>) => {
      newVersion(ports);
      ports[2]!.revision = '4';
    };
    await build(newRevision);
    assert.is(inode(DUMP), before.dump, 'no port object carries the revision: the dump is kept');
    assert.is(inode(LENGTHS), before.lengths, 'and its lengths');
    assert.is.not(inode(VERSIONS), before.versions);
    assert.match(readFileSync(path.join(dir, 'dist', VERSIONS), 'utf8'), '"rb-rake-latex":{"version":"0.6","revision":4,');
    await build(newRevision, 'fresh2');
    same('fresh2');
  });
});

test('--no-dumps leaves them out; the next build without it makes them', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(FIXTURES, 'dumps/catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    const without = await runCli(['build', '--no-dumps', '--quiet'], { cwd: dir });
    assert.is(without.code, 0, without.stderr);
    assert.not.ok(existsSync(path.join(dir, 'dist/dump')));
    const withDumps = await runCli(['build', '--quiet'], { cwd: dir });
    assert.is(withDumps.code, 0, withDumps.stderr);
    assert.is(readFileSync(path.join(dir, 'dist', VERSIONS), 'utf8'), readFileSync(path.join(FIXTURES, 'dumps/expected', VERSIONS), 'utf8'));
    assert.ok(existsSync(path.join(dir, 'dist', LENGTHS)));
    const againWithout = await runCli(['build', '--no-dumps', '--quiet'], { cwd: dir });
    assert.is(againWithout.code, 0, againWithout.stderr);
    assert.not.ok(existsSync(path.join(dir, 'dist', LENGTHS)), 'the lengths go with the dump');
  });
});

test.run();
