import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { checkInside } from '../../src/writer/trees/tree-paths.js';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { rejection } from '../support/rejection.js';

/** A backslash separates paths on Windows alone; elsewhere a name may have one (a category's). */
const BACKSLASH_SEPARATES = path.sep === '\\';

test('no relative path can leave the staging tree, whatever a name contains', () => {
  const bad = ['../x', 'api/../../x', '/etc/passwd', 'api//x', 'a/./b', 'nul\0byte', '..', '.', '', 'a/', 'a/..', './a', 'a/.'];
  const backslashed = ['a\\..\\b', 'a\\b', 'api/v1/category/back\\slash/index.json'];
  for (const relative of [...bad, ...(BACKSLASH_SEPARATES ? backslashed : [])]) assert.throws(() => checkInside(relative), /outside the output directory/, JSON.stringify(relative));
  for (const good of ['api/v1/ports/libsigc++/index.json', 'a/.b', '.b/c', 'a/..b', '..b', 'a.', 'a/b./c', ...(BACKSLASH_SEPARATES ? [] : backslashed)]) checkInside(good);
});

test('a path is refused exactly when a segment is empty, . or .., or it has a NUL (or a backslash, where one separates paths)', () => {
  const unsafe = (relative: string) => relative.split('/').some((s) => s === '' || s === '.' || s === '..') || relative.includes('\0') || (BACKSLASH_SEPARATES && relative.includes('\\'));
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

test('an --out that is a link to a directory is followed: the link stays, its target is the site, guarded as any --out', async () => {
  await withTempDir(async (dir) => {
    const build = (out: string) => buildSite({ cwd: dir, catalogue: 'catalogue', out, baseUrl: 'https://ports.example.org', pageSize: 50, strict: true });
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] } });
    mkdirSync(path.join(dir, 'www', 'site'), { recursive: true });
    symlinkSync(path.join(dir, 'www', 'site'), path.join(dir, 'dist'));
    for (let round = 0; round < 2; round++) {
      assert.ok((await build('dist')).ok);
      assert.ok(lstatSync(path.join(dir, 'dist')).isSymbolicLink());
      assert.match(readFileSync(path.join(dir, 'www', 'site', 'api/v1/ports/zlib/index.json'), 'utf8'), /"name":"zlib"/);
    }
    // A target ports-gen did not write is refused, as an --out given directly would be.
    mkdirSync(path.join(dir, 'precious'));
    writeFileSync(path.join(dir, 'precious', 'keep.txt'), 'keep');
    symlinkSync(path.join(dir, 'precious'), path.join(dir, 'link'));
    assert.match((await rejection(build('link'))).message, /refusing to replace .*precious: it is not empty and was not written by ports-gen/);
    assert.equal(readdirSync(path.join(dir, 'precious')), ['keep.txt']);
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
    assert.match((await rejection(build('dangling'))).message, /cannot write the site into .*dangling: it is a symbolic link to .*nowhere, which cannot be followed \(ENOENT\)/);
    assert.not.ok(existsSync(path.join(dir, 'nowhere')));
  });
});

test.run();
