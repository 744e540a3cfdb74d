import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { writeCatalogue } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';

/** Large but valid input must pass, and come out whole. */
async function build(dir: string, ports: unknown[], builds = '') {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports }, builds });
  const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true });
  assert.ok(result.ok, JSON.stringify(result.log.kept.slice(0, 3)));
  return (file: string) => JSON.parse(readFileSync(path.join(dir, 'dist', file), 'utf8'));
}

test('a 2 MB long_description', async () => {
  await withTempDir(async (dir) => {
    const long = 'Ünïcode and ASCII text. '.repeat(90_000);
    const read = await build(dir, [{ name: 'big', portdir: 'devel/big', version: '1', long_description: long }]);
    assert.is(read('api/v1/ports/big/index.json').long_description, long);
  });
});

test('a port with 10,000 dependencies', async () => {
  await withTempDir(async (dir) => {
    const ports: Array<Record<string, unknown>> = Array.from({ length: 10_000 }, (_, i) => ({ name: `dep${i}`, portdir: `devel/dep${i}`, version: '1' }));
    ports.push({ name: 'hub', portdir: 'devel/hub', version: '1', depends_lib: ports.map((p) => `port:${String(p.name)}`) });
    const read = await build(dir, ports);
    assert.is(read('api/v1/ports/hub/index.json').dependencies[0].ports.length, 10_000);
    assert.equal(read('api/v1/ports/dep9999/index.json').depends_on, [{ type: 'lib', ports: ['hub'] }]);
  });
});

test('a build with 100,000 files', async () => {
  await withTempDir(async (dir) => {
    const files = Array.from({ length: 100_000 }, (_, i) => `/opt/local/share/doc/huge/file-${i}.html`);
    const read = await build(dir, [{ name: 'huge', portdir: 'devel/huge', version: '1' }], JSON.stringify({ build_id: 1, files }));
    const page = read('api/v1/files/page-1.json');
    assert.is(page.results[0].files.length, 100_000);
    assert.is(page.results[0].files[99_999].file, files[99_999]);
  });
});

test('a chain of 40,000 ports, each depending on the next', async () => {
  await withTempDir(async (dir) => {
    const n = 40_000;
    const ports = Array.from({ length: n }, (_, i) => ({
      name: `link${i}`,
      portdir: `devel/link${i}`,
      version: '1',
      ...(i + 1 < n ? { depends_run: [`port:link${i + 1}`] } : {}),
    }));
    const read = await build(dir, ports);
    assert.equal(read('api/v1/ports/link0/index.json').dependencies, [{ type: 'run', ports: ['link1'] }]);
    assert.equal(read('api/v1/ports/link39999/index.json').depends_on, [{ type: 'run', ports: ['link39998'] }]);
  });
});

test.run();
