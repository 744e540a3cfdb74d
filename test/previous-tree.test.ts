import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/commands/build.js';
import { PreviousTree } from '../src/write/previous-tree.js';
import { writeCatalogue, zlib } from './support/catalogue.js';
import { withTempDir } from './support/paths.js';

const ports = [zlib, { name: 'xz', portdir: 'archivers/xz', version: '5.6.2' }];
/** The files of a site of `ports` and one page, in code-unit order, written out by hand. */
const FILES = [
  '_errors/invalid-page.json',
  '_errors/no-port.json',
  '_errors/not-found.json',
  '_headers',
  '_redirects',
  'api/v1/files/page-1.json',
  'api/v1/ports/xz/index.json',
  'api/v1/ports/zlib/index.json',
];
const DIRECTORIES = ['_errors', 'api', 'api/v1', 'api/v1/files', 'api/v1/ports', 'api/v1/ports/xz', 'api/v1/ports/zlib'];

async function site(dir: string): Promise<string> {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports }, builds: '{"build_id":1,"files":["/opt/local/a"]}\n' });
  assert.ok((await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'site', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true })).ok);
  return path.join(dir, 'site');
}

const manifestWith = (files: readonly string[]) => new Map(files.map((file) => [file, 'hash']));

test("a tree's layout: its files in code-unit order and every directory that holds one", async () => {
  await withTempDir(async (dir) => {
    const tree = PreviousTree.open(await site(dir), false)!;
    const layout = tree.prepareLayout();
    assert.equal(layout.paths, FILES);
    assert.equal([...layout.directories].sort(), DIRECTORIES);
  });
});

test('a marker whose files were put out of order by hand still gives them in order', async () => {
  await withTempDir(async (dir) => {
    const live = await site(dir);
    const markerFile = path.join(live, '.ports-gen.json');
    const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as { files: string[] };
    const pairs = Array.from({ length: marker.files.length / 2 }, (_, i) => marker.files.slice(2 * i, 2 * i + 2));
    marker.files = pairs.reverse().flat();
    writeFileSync(markerFile, JSON.stringify(marker));
    assert.equal(PreviousTree.open(live, false)!.prepareLayout().paths, FILES);
  });
});

test('the layout is given only for exactly the same files, as many and each one of the tree', async () => {
  await withTempDir(async (dir) => {
    const tree = PreviousTree.open(await site(dir), false)!;
    assert.equal(tree.layoutFor(manifestWith(FILES), FILES.length)?.paths, FILES);
    const renamed = FILES.map((file) => file.replace('/xz/', '/lzma/'));
    assert.is(tree.layoutFor(manifestWith(renamed), FILES.length - 1), undefined);
    assert.is(tree.layoutFor(manifestWith(FILES.slice(1)), FILES.length - 1), undefined);
    assert.is(tree.layoutFor(manifestWith([...FILES, 'robots.txt']), FILES.length), undefined);
  });
});

test.run();
