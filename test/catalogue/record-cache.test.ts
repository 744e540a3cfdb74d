import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { contentHash } from '../../src/core/content-hash.js';
import type { PortEntries } from '../../src/catalogue/portindex/read-port-index.js';
import { SEARCH_INDEX } from '../../src/routes/site-files.js';
import { coreHashesOf, decodeRecordCache, recordCacheLines, type RecordCache } from '../../src/catalogue/records/record-cache.js';
import { encodeRecordCache } from '../support/record-cache.js';
import { validatePortIndex } from '../../src/catalogue/records/validate-portindex.js';
import { writeCatalogue } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/** Ports with every field a record keeps, every dependency kind told apart, and text needing escapes. */
const ports: Array<Record<string, unknown>> = [
  {
    name: 'zlib',
    portdir: 'archivers/zlib',
    version: '1.3.1',
    categories: ['archivers', 'devel'],
    maintainers: [{ email: { name: 'ryandesign', domain: 'macports.org' }, github: 'ryandesign' }, { github: 'solo' }, { email: { name: 'x', domain: 'y.org' } }],
    description: 'compression "quoted" \\ and ünïcode ✓',
    depends_lib: ['port:a'],
    depends_extract: ['port:b'],
    depends_run: ['port:c'],
    depends_patch: ['port:d'],
    depends_build: ['port:e', 'bin:f:f'],
    depends_test: ['port:g'],
    depends_fetch: ['port:h'],
  },
  { name: 'xz', portdir: 'archivers/xz', version: '5.6.2', active: false },
];
const texts = ports.map((port) => JSON.stringify(port));

/** Entries of `texts` (see read-port-index), counting the ports parsed. */
function entriesOf(list: readonly string[], parsed: number[] = []): PortEntries {
  const parse = (index: number) => (parsed.push(index), JSON.parse(list[index]!) as unknown);
  return { count: list.length, take: parse, again: parse, textHash: (index) => contentHash(list[index]!), escapeFree: (index) => !list[index]!.includes('\\') };
}

const validated = (list = texts, known?: RecordCache, parsed?: number[]) => validatePortIndex({ ports: [] }, 'portindex.json', entriesOf(list, parsed), known);

test('a cache decodes to the records it was made from, by their text hashes', () => {
  const { records } = validated();
  const cache = decodeRecordCache(Buffer.from(encodeRecordCache('code-a', records)), 'code-a')!;
  assert.is(cache.size, 2);
  for (const record of records) {
    const { index: _index, own: _own, escapeFree: _escapeFree, textHash, joinedLists: _joined, ...core } = record;
    assert.equal(cache.get(textHash!), core);
  }
  assert.is(cache.get('0000000000000000'), undefined);
});

test('ports whose text the cache holds are not parsed; their records are those made from their text', () => {
  const first = validated();
  const cache = decodeRecordCache(Buffer.from(encodeRecordCache('code-a', first.records)), 'code-a')!;
  const changed = [texts[0]!, JSON.stringify({ ...ports[1], version: '5.6.3' })];
  const parsed: number[] = [];
  const again = validated(changed, cache, parsed);
  assert.equal(parsed, [1], 'only the changed port is parsed');
  assert.is(again.reused, 1);
  const fresh = validated(changed);
  assert.equal(again.records, fresh.records);
  assert.equal(again.problems, []);
});

test('a record the previous cache holds keeps its line, bytes as they were', () => {
  const { records } = validated();
  const bytes = Buffer.from(encodeRecordCache('code-a', records));
  const cache = decodeRecordCache(bytes, 'code-a')!;
  const lines = [...recordCacheLines(records, cache)];
  assert.ok(lines.every((line) => line instanceof Uint8Array));
  assert.is(Buffer.concat(lines as Uint8Array[]).toString(), [...recordCacheLines(records)].join(''));
});

test('core hashes: equal for ports that differ in own fields or dependencies alone, different when what the listings take differs; kept in the cache', () => {
  const coreHash = (port: Record<string, unknown>) => coreHashesOf(validated([JSON.stringify(port)]).records)![0]!;
  const base = coreHash(ports[0]!);
  const own = { version: '9', homepage: 'https://example.org', long_description: 'long', license: 'MIT', epoch: '3', portdir: 'x/y', platforms: 'linux', replaced_by: 'zstd' };
  const links = { depends_run: ['port:z'], depends_lib: ['port:c'] };
  for (const [key, value] of Object.entries({ ...own, ...links })) assert.is(coreHash({ ...ports[0], [key]: value }), base, key);
  const cross = { name: 'zlib2', categories: ['archivers'], maintainers: [{ github: 'solo' }], description: 'other', active: false, variants: ['doc'] };
  for (const [key, value] of Object.entries(cross)) assert.is.not(coreHash({ ...ports[0], [key]: value }), base, key);
  const { records } = validated();
  const cache = decodeRecordCache(Buffer.from(encodeRecordCache('code-a', records)), 'code-a')!;
  assert.equal(coreHashesOf(records, cache), coreHashesOf(records));
  assert.equal(records.map((record) => cache.coreHashOf(record.textHash!)), coreHashesOf(records));
});

test('a cache written by other code, changed by one byte, cut short or not a cache is not used at all', () => {
  const { records } = validated();
  const text = encodeRecordCache('code-a', records);
  const bytes = Buffer.from(text);
  assert.ok(decodeRecordCache(bytes, 'code-a'));
  assert.is(decodeRecordCache(bytes, 'code-b'), undefined, 'other code');
  const body = bytes.indexOf('\n') + 1;
  for (let at = body; at < bytes.length; at += 7) {
    const flipped = Buffer.from(bytes);
    flipped[at] = flipped[at]! ^ 0x01;
    assert.is(decodeRecordCache(flipped, 'code-a'), undefined, `byte ${at} changed`);
  }
  assert.is(decodeRecordCache(bytes.subarray(0, bytes.length - 1), 'code-a'), undefined, 'cut short');
  assert.is(decodeRecordCache(bytes.subarray(0, body), 'code-a'), undefined, 'the header alone');
  assert.is(decodeRecordCache(Buffer.from(encodeRecordCache('code-a', [])), 'code-a')?.size, 0, 'a cache of no records');
  for (const other of ['', '\n', 'not json\n', '{}\n', text.replace('"records"', '"other"')]) assert.is(decodeRecordCache(Buffer.from(other), 'code-a'), undefined, JSON.stringify(other));
});

const BASE = 'https://ports.example.org';

async function build(dir: string, list: unknown[], out: string) {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: list }, builds: '' });
  const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out, baseUrl: BASE, pageSize: 50, strict: false });
  assert.ok(result.ok);
}

const published = (dir: string, out: string) => new Map([...readTree(path.join(dir, out))].filter(([file]) => file.startsWith('api/') || file.startsWith('browser/')));

test('a build keeps its records beside --out; a rebuild with the cache publishes the bytes of a fresh build', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports, 'dist');
    const state = path.join(dir, '.dist.ports-gen');
    assert.ok(readdirSync(state).includes('records.json'));
    const next = [ports[0], { ...ports[1], version: '5.6.3', description: 'now described' }];
    await build(dir, next, 'dist');
    await build(dir, next, 'fresh');
    assert.equal(published(dir, 'dist'), published(dir, 'fresh'));
  });
});

test('a corrupted cache is detected and every port read in full: the site is never made from it', async () => {
  await withTempDir(async (dir) => {
    await build(dir, ports, 'dist');
    const file = path.join(dir, '.dist.ports-gen', 'records.json');
    const text = readFileSync(file, 'utf8');
    assert.match(text, /ünïcode/);
    // Same length, so nothing but the hash can tell: used, it would put this description in
    // the search index, which is made again from the records (another port's description changed).
    writeFileSync(file, text.replace('ünïcode', 'corrupt'));
    const next = [ports[0], { ...ports[1], description: 'now described' }];
    await build(dir, next, 'dist');
    await build(dir, next, 'fresh');
    assert.match(readFileSync(path.join(dir, 'dist', SEARCH_INDEX), 'utf8'), /ünïcode/);
    assert.equal(published(dir, 'dist'), published(dir, 'fresh'));
    assert.match(readFileSync(file, 'utf8'), /ünïcode/, 'the next cache is made from the ports read');
  });
});

test.run();
