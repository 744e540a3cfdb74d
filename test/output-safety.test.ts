import { lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/commands/build.js';
import { checkInside } from '../src/write/site-writer.js';
import { writeCatalogue, zlib } from './support/catalogue.js';
import { withTempDir } from './support/paths.js';

test('no relative path can leave the staging tree, whatever a name contains', () => {
  const bad = ['../x', 'api/../../x', '/etc/passwd', 'api//x', 'a/./b', 'a\\..\\b', 'a\\b', 'nul\0byte', '..', '.', '', 'a/', 'a/..', './a', 'a/.'];
  for (const relative of bad) assert.throws(() => checkInside(relative), /outside the output directory/, JSON.stringify(relative));
  for (const good of ['api/v1/ports/libsigc++/index.json', 'a/.b', '.b/c', 'a/..b', '..b', 'a.', 'a/b./c']) checkInside(good);
});

test('a path is refused exactly when a segment is empty, . or .., or it has a backslash or NUL', () => {
  const unsafe = (relative: string) => relative.split('/').some((s) => s === '' || s === '.' || s === '..') || /[\\\0]/.test(relative);
  const paths = fc.array(fc.constantFrom('a', '.', '/', '\\', '\0', 'b.'), { maxLength: 8 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(paths, (relative) => {
      let refused = false;
      try {
        checkInside(relative);
      } catch {
        refused = true;
      }
      return refused === unsafe(relative);
    }),
    { numRuns: 2000 },
  );
});

test('links planted in the previous output are never followed: their targets stay untouched', async () => {
  await withTempDir(async (dir) => {
    const ports = { ports: [zlib, { name: 'curl', portdir: 'net/curl', version: '8', depends_lib: ['port:zlib'] }] };
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: ports });
    const options = { cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true };
    assert.ok((await buildSite(options)).ok);

    // Someone replaces a port file and a whole directory of the site with links to their files.
    const victims = path.join(dir, 'victims');
    mkdirSync(path.join(victims, 'dir'), { recursive: true });
    const zlibFile = path.join(dir, 'dist/api/v1/ports/zlib/index.json');
    writeFileSync(path.join(victims, 'file.json'), readFileSync(zlibFile)); // same bytes, so the manifest matches
    writeFileSync(path.join(victims, 'dir', 'index.json'), 'precious');
    rmSync(zlibFile);
    symlinkSync(path.join(victims, 'file.json'), zlibFile);
    rmSync(path.join(dir, 'dist/api/v1/ports/curl'), { recursive: true });
    symlinkSync(path.join(victims, 'dir'), path.join(dir, 'dist/api/v1/ports/curl'));

    const result = await buildSite(options);
    assert.ok(result.ok);
    assert.is(readFileSync(path.join(victims, 'dir', 'index.json'), 'utf8'), 'precious');
    assert.equal(readdirSync(path.join(victims, 'dir')), ['index.json']);
    assert.is(lstatSync(path.join(victims, 'file.json')).nlink, 1, 'the planted file was not linked into the site');
    assert.ok(lstatSync(zlibFile).isFile());
    assert.ok(lstatSync(path.join(dir, 'dist/api/v1/ports/curl')).isDirectory());
    assert.match(readFileSync(path.join(dir, 'dist/api/v1/ports/curl/index.json'), 'utf8'), /^\{"name":"curl"/);
  });
});

test('an --out that is itself a link to a directory is replaced as a link, its target left alone', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] } });
    mkdirSync(path.join(dir, 'elsewhere'));
    writeFileSync(path.join(dir, 'elsewhere', '.ports-gen.json'), '{}');
    writeFileSync(path.join(dir, 'elsewhere', 'keep.txt'), 'keep');
    symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, 'dist'));
    const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true });
    assert.ok(result.ok);
    assert.is(readFileSync(path.join(dir, 'elsewhere', 'keep.txt'), 'utf8'), 'keep');
    assert.ok(lstatSync(path.join(dir, 'dist')).isDirectory());
  });
});

test.run();
