import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { writePages } from '../../src/writer/files-pages.js';
import { ProblemLog } from '../../src/core/problems/problem-log.js';
import { surveyHere } from '../../src/catalogue/file-identity.js';
import { readLines } from '../../src/catalogue/read-lines.js';
import { FIXTURES, ROOT, withTempDir } from '../support/paths.js';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { readTree } from '../support/tree.js';

const BASE = 'https://ports.example.org';

/**
 * The non-streaming path: the whole builds.ndjson in memory, each page one JSON.stringify of
 * a plain object. The streamed build must give the same bytes.
 */
function renderPagesInMemory(buildsFile: string, pageSize: number): Map<string, string> {
  const text = existsSync(buildsFile) ? readFileSync(buildsFile, 'utf8').replace(/^\ufeff/, '') : '';
  const builds = text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as { build_id: number; files: string[] });
  const pages = Math.max(1, Math.ceil(builds.length / pageSize));
  const link = (n: number) => (n === 1 ? `${BASE}/api/v1/files/` : `${BASE}/api/v1/files/?page=${n}`);
  const out = new Map<string, string>();
  for (let n = 1; n <= pages; n++) {
    const body = {
      count: builds.length,
      next: n < pages ? link(n + 1) : null,
      previous: n > 1 ? link(n - 1) : null,
      results: builds.slice((n - 1) * pageSize, n * pageSize).map((b) => ({ build_id: b.build_id, files: b.files.map((file) => ({ file })) })),
    };
    out.set(`api/v1/files/page-${n}.json`, JSON.stringify(body).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
  }
  return out;
}

/** The files pages of the site at `site`, as text. */
function filesPages(site: string): Map<string, string> {
  return new Map([...readTree(site)].filter(([f]) => f.startsWith('api/v1/files/')).map(([f, b]) => [f, b.toString('utf8')]));
}

// Every fixture that is a catalogue (the import fixtures hold PortIndex files instead).
const catalogues = [path.join(ROOT, 'catalogue'), ...readdirSync(FIXTURES).map((name) => path.join(FIXTURES, name, 'catalogue')).filter((dir) => existsSync(dir))];

for (const catalogue of catalogues) {
  for (const pageSize of [1, 3, 50]) {
    test(`streamed pages equal the in-memory rendering: ${path.relative(ROOT, catalogue)}, page size ${pageSize}`, async () => {
      await withTempDir(async (dir) => {
        const result = await buildSite({ cwd: dir, catalogue, out: 'dist', baseUrl: BASE, pageSize, strict: false });
        assert.ok(result.ok);
        assert.equal(filesPages(path.join(dir, 'dist')), renderPagesInMemory(path.join(catalogue, 'builds.ndjson'), pageSize));
      });
    });
  }
}

/**
 * A builds.ndjson of several read chunks (1 MB each, read into one buffer again and again):
 * lines end exactly at, just before and just after chunk boundaries, one line is longer than a
 * chunk, with a byte-order mark, blank lines, CRLF endings and multi-byte characters on the way.
 */
function multiChunkBuilds(): string {
  const lines: string[] = [];
  let size = 0;
  let id = 1;
  const push = (line: string) => {
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  };
  const build = (files: string[]) => JSON.stringify({ build_id: id++, port_name: 'zlib', files });
  while (size < 3.5 * (1 << 20)) {
    const boundary = Math.ceil((size + 1) / (1 << 20)) * (1 << 20);
    const fill = boundary - size - 1 - build(['']).length;
    if (fill > 0 && fill < 40000) {
      // Ends the line one byte before, at and one byte after the boundary, in turn.
      push(build(['/opt/local/share/' + 'x'.repeat(Math.max(0, fill - 17 + (id % 3) - 1))]));
      continue;
    }
    if (id === 30) push(build(Array.from({ length: 30000 }, (_, i) => `/opt/local/share/long/${i}/é`))); // > 1 MB
    else if (id % 7 === 0) push('   ');
    else if (id % 5 === 0) push(`${build([`/opt/local/lib/libz.${id}.dylib`, '/opt/local/share/doc/zlib/ünïcode'])}\r`);
    else push(build(Array.from({ length: 50 + (id % 40) }, (_, i) => `/opt/local/lib/python3.12/site-packages/pkg${id}/module_${i}.py`)));
  }
  return `\ufeff${lines.join('\n')}`;
}

test('lines read across chunks are those of the file, numbered, each valid as it is read', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    const text = multiChunkBuilds();
    writeFileSync(file, text);
    assert.ok(Buffer.byteLength(text) > 3 * (1 << 20));
    const expected = text.slice(1).split('\n');
    const seen: string[] = [];
    for await (const line of readLines(file)) {
      assert.is(line.number, seen.length + 1);
      seen.push(line.bytes.toString('utf8'));
    }
    assert.equal(seen, expected);
    assert.is(surveyHere(file).records, expected.filter((line) => line.trim() !== '').length);
  });
});

test('a line longer than many chunks is read in linear time: its bytes are copied a bounded number of times', async () => {
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'builds.ndjson');
    const line = Buffer.alloc(24 << 20, 0x61); // 24 chunks of one line
    writeFileSync(file, Buffer.concat([line, Buffer.from('\nb\n')]));
    // Joined piece by piece, a line of n chunks is copied n times over (some 300 MB here).
    const concat = Buffer.concat;
    let copied = 0;
    Buffer.concat = ((list: readonly Uint8Array[], length?: number) => {
      const joined = concat(list, length);
      copied += joined.length;
      return joined;
    }) as typeof Buffer.concat;
    const lines: Buffer[] = [];
    try {
      for await (const read of readLines(file)) lines.push(Buffer.from(read.bytes));
    } finally {
      Buffer.concat = concat;
    }
    assert.equal(lines.map((l) => l.length), [line.length, 1]);
    assert.ok(lines[0]!.equals(line));
    assert.ok(copied <= 2 * line.length, `${copied} bytes copied to join ${line.length}`);
  });
});

test('streamed pages equal the in-memory rendering: builds.ndjson of several read chunks', async () => {
  await withTempDir(async (dir) => {
    const catalogue = writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [zlib] }, builds: multiChunkBuilds() });
    const result = await buildSite({ cwd: dir, catalogue, out: 'dist', baseUrl: BASE, pageSize: 7, strict: false });
    assert.ok(result.ok, result.log.kept.map((p) => p.message).join('\n'));
    assert.equal(filesPages(path.join(dir, 'dist')), renderPagesInMemory(path.join(catalogue, 'builds.ndjson'), 7));
  });
});

test('builds.ndjson read with more or fewer builds than it was counted with (written meanwhile): changed-while-read, not a crash', async () => {
  await withTempDir(async (dir) => {
    const buildsPath = path.join(dir, 'builds.ndjson');
    writeFileSync(buildsPath, Array.from({ length: 5 }, (_, i) => JSON.stringify({ build_id: i + 1, files: [`/f${i}`] })).join('\n'));
    for (const counted of [4, 6]) {
      const log = new ProblemLog();
      const written: string[] = [];
      const options = { path: buildsPath, name: 'builds.ndjson', baseUrl: BASE, pageSize: 2 };
      const pages = await writePages(options, counted, (file) => void written.push(file), log);
      assert.is(pages, undefined, String(counted));
      assert.equal(log.kept.map((p) => [p.code, p.file]), [['changed-while-read', 'builds.ndjson']]);
      assert.ok(written.length <= 2, 'no page past the count');
    }
  });
});

test.run();
