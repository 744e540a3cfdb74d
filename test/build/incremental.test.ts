import { appendFileSync, cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { SEARCH_INDEX } from '../../src/routes/site-files.js';
import { writeCatalogue } from '../support/catalogue.js';
import { ROOT, withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

const ports = (): Array<Record<string, unknown>> => [
  { name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1', categories: ['archivers'], maintainers: [{ github: 'ryandesign' }] },
  { name: 'xz', portdir: 'archivers/xz', version: '5.6.2', categories: ['archivers'] },
  { name: 'curl', portdir: 'net/curl', version: '8.9.1', categories: ['net'], depends_lib: ['port:zlib'] },
  { name: 'git', portdir: 'devel/git', version: '2.46.0', categories: ['devel'], depends_lib: ['port:curl'] },
];
/** With a page size of 3, the ports list (newest first) is git, curl, xz on page 1 and zlib on page 2. */
const PORTS_PAGE_1 = 'api/v1/pages/ports/page-1.json';
const PORTS_PAGE_2 = 'api/v1/pages/ports/page-2.json';
/**
 * The files made from the ports' cores alone, carried when no port's core changed: the API root
 * in its four forms (no format, json, api, an empty one) and its OpenAPI document, the categories' list page and their three files,
 * the maintainers' list page and the one handle's file; the Netlify rules and index; the query
 * index.
 */
const BY_CORES = 5 + 1 + 3 + 1 + 1 + 2 + 1;
const builds = Array.from({ length: 7 }, (_, i) => JSON.stringify({ build_id: 100 - i, files: [`/opt/local/f${i}`] })).join('\n');

async function build(dir: string, list: unknown[], fingerprint?: string, precompress = false) {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: list }, builds });
  // The dumps, made of these files, are tested on their own (see dumps.test).
  const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 3, strict: true, fingerprint, precompress, dumps: false });
  assert.ok(result.ok);
  return result.stats;
}

/** Files whose inode changed between two snapshots: the ones written anew. */
function inodes(dir: string): Map<string, number> {
  const site = path.join(dir, 'dist');
  return new Map([...readTree(site).keys()].filter((f) => f !== '.ports-gen.json').map((f) => [f, statSync(path.join(site, f)).ino]));
}
const changed = (a: Map<string, number>, b: Map<string, number>) => [...b].filter(([f, ino]) => a.get(f) !== ino).map(([f]) => f).sort();

test('a rebuild of the same catalogue rewrites nothing; every file keeps its inode and time', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports());
    const before = inodes(dir);
    const mtime = statSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json')).mtimeMs;
    const stats = await build(dir, ports());
    assert.is(stats.written, 0);
    assert.is(stats.carried, 4 + 3 + 2 + 1 + BY_CORES, 'the port files (by their prints), the files pages, the ports pages, the search index and the files of the cores carried over, not made again');
    assert.equal(changed(before, inodes(dir)), []);
    assert.is(statSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json')).mtimeMs, mtime);
  });
});

test('a port that goes back to its bytes of two builds ago is changed against the live site, and its time moves on', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'dist/api/v1/ports/xz/index.json');
    await build(dir, ports());
    const next = ports();
    next[1]!.version = '5.6.3';
    const second = await build(dir, next);
    assert.equal(second.changes, { replaced: true, changed: 2, removed: 0 });
    const live = statSync(file).mtimeMs;
    // Back to the first build's xz: the spare (that first tree) holds those bytes, the live tree does not.
    const third = await build(dir, ports());
    assert.equal(third.changes, { replaced: true, changed: 2, removed: 0 }, 'the port file and its ports page, against the live site');
    assert.is(third.written, 2);
    assert.ok(statSync(file).mtimeMs >= live, 'Last-Modified never goes back');
    // Without git: the files of the live site the new one has not are counted removed.
    const before = inodes(dir);
    const fewer = await build(dir, ports().slice(0, 3));
    const after = inodes(dir);
    assert.is(fewer.changes.removed, [...before.keys()].filter((f) => !after.has(f)).length);
    assert.ok(before.has('api/v1/ports/git/index.json') && !after.has('api/v1/ports/git/index.json'));
  });
});

test("a version change rewrites that port's file and the one ports page that embeds it, nothing else", async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports());
    const before = inodes(dir);
    const next = ports();
    next[1]!.version = '5.6.3';
    const stats = await build(dir, next);
    assert.is(stats.written, 2);
    assert.is(stats.carried, 3 + 3 + 1 + 1 + BY_CORES, 'the other port files, the files pages, the other ports page, the search index and the files of the cores carried over');
    assert.equal(changed(before, inodes(dir)), [PORTS_PAGE_1, 'api/v1/ports/xz/index.json']);
  });
});

test('a port added rewrites its file, every ports page (each carries the count), what its category counts, the Netlify rules and index (a rule per name) and the search index, nothing else', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports());
    const before = inodes(dir);
    await build(dir, [...ports(), { name: 'zstd', portdir: 'archivers/zstd', version: '1.5.6', categories: ['archivers'] }]);
    const after = inodes(dir);
    assert.equal(changed(before, after), ['_ports-gen/query-index.json', '_ports-gen/site-index.json', '_redirects', 'api/v1/category/archivers/index.json', 'api/v1/pages/category/page-1.json', PORTS_PAGE_1, PORTS_PAGE_2, 'api/v1/ports/zstd/index.json', SEARCH_INDEX]);
  });
});

test('a port retired rewrites its file, its ports page, its category\'s active ports and the search index; the counts, which include it, stay', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports());
    const before = inodes(dir);
    const next = ports();
    next[0]!.active = false;
    await build(dir, next);
    assert.equal(changed(before, inodes(dir)), ['api/v1/category/archivers/index.json', 'api/v1/maintainer/ryandesign/index.json', PORTS_PAGE_2, 'api/v1/ports/zlib/index.json', SEARCH_INDEX]);
  });
});

test('a dependency change rewrites the port, the port it names anew (its depends_on) and their ports page, nothing else', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports());
    const before = inodes(dir);
    const next = ports();
    next[3]!.depends_lib = ['port:curl', 'port:xz'];
    const stats = await build(dir, next);
    assert.equal(changed(before, inodes(dir)), [PORTS_PAGE_1, 'api/v1/ports/git/index.json', 'api/v1/ports/xz/index.json']);
    assert.is(stats.written, 3);
    assert.is(stats.carried, 2 + 3 + 1 + 1 + BY_CORES, 'the two other port files, the files pages, the other ports page, the search index and the files of the cores');
    assert.is(stats.recalled, 3, 'the other ports taken from the snapshot');
  });
});

test('precompressed: every JSON file has a .gz and a .br of its bytes; a change rewrites them with their file alone; without, they go', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports(), undefined, true);
    const tree = readTree(path.join(dir, 'dist'));
    const json = [...tree.keys()].filter((file) => file.endsWith('.json') && file !== '.ports-gen.json');
    assert.ok(json.length > 15);
    for (const file of json) {
      assert.equal(gunzipSync(tree.get(`${file}.gz`)!), tree.get(file), `${file}.gz`);
      assert.equal(brotliDecompressSync(tree.get(`${file}.br`)!), tree.get(file), `${file}.br`);
    }
    assert.equal([...tree.keys()].filter((file) => /\.(gz|br)$/.test(file)).length, json.length * 2, 'nothing else is compressed');

    const before = inodes(dir);
    const next = ports();
    next[1]!.version = '5.6.3';
    const stats = await build(dir, next, undefined, true);
    const siblings = (file: string) => [file, `${file}.br`, `${file}.gz`];
    assert.equal(changed(before, inodes(dir)), [...siblings(PORTS_PAGE_1), ...siblings('api/v1/ports/xz/index.json')]);
    assert.is(stats.written, 6);
    assert.equal(gunzipSync(readTree(path.join(dir, 'dist')).get('api/v1/ports/xz/index.json.gz')!).toString(), readTree(path.join(dir, 'dist')).get('api/v1/ports/xz/index.json')!.toString());

    await build(dir, next);
    assert.equal([...readTree(path.join(dir, 'dist')).keys()].filter((file) => /\.(gz|br)$/.test(file)), []);
  });
});

test('keys made by other code are not compared: every file is made again, and unchanged bytes keep their inode', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports(), 'code-a');
    const before = inodes(dir);
    const stats = await build(dir, ports(), 'code-b');
    assert.is(stats.carried, 0, 'every file made again');
    assert.is(stats.written, 0, 'the same bytes: kept or linked, not written');
    assert.equal(changed(before, inodes(dir)), []);
  });
});

test('a file edited by hand since the last build is written again, not linked', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports());
    appendFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), ' ');
    const stats = await build(dir, ports());
    assert.is(stats.written, 1);
    assert.is(stats.carried, 3 + 3 + 2 + 1 + BY_CORES, "its print is unchanged, but the live tree cannot vouch for the file: made again");
    assert.is(readTree(path.join(dir, 'dist')).get('api/v1/ports/zlib/index.json')!.toString().endsWith('}'), true);
  });
});

test('ports rendered again in a rebuild (made from the kept text of each port) are byte for byte those of a fresh build', async () => {
  // The sample catalogue has every field docs/catalogue-format.md knows, in both forms where there are two.
  await withTempDir(async (dir) => {
    const rebuild = async (out: string) => {
      const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out, baseUrl: 'https://ports.example.org', pageSize: 50, strict: false, dumps: false });
      assert.ok(result.ok);
      return result.stats;
    };
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    await rebuild('dist');
    const file = path.join(dir, 'catalogue', 'portindex.json');
    const document = JSON.parse(readFileSync(file, 'utf8')) as { ports: Array<Record<string, unknown>> };
    // Every port's version changes: every port file is rendered again, none carried over.
    for (const port of document.ports) port.version = `${String(port.version)}.1`;
    writeFileSync(file, JSON.stringify(document, null, 2));
    const stats = await rebuild('dist');
    const portsPages = Math.ceil(document.ports.length / 50);
    assert.is(stats.written, document.ports.length + portsPages, 'every port file and every ports page, nothing else, is written');
    await rebuild('fresh');
    const ported = (tree: Map<string, Buffer>) => new Map([...tree].filter(([f]) => f.startsWith('api/v1/ports/')));
    assert.equal(ported(readTree(path.join(dir, 'dist'))), ported(readTree(path.join(dir, 'fresh'))));
  });
});

test.run();
