import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/commands/build.js';
import { FIXTURES, ROOT, withTempDir } from './support/paths.js';
import { readTree } from './support/tree.js';

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

const catalogues = [path.join(ROOT, 'catalogue'), ...readdirSync(FIXTURES).map((name) => path.join(FIXTURES, name, 'catalogue'))];

for (const catalogue of catalogues) {
  for (const pageSize of [1, 3, 50]) {
    test(`streamed pages equal the in-memory rendering: ${path.relative(ROOT, catalogue)}, page size ${pageSize}`, async () => {
      await withTempDir(async (dir) => {
        const result = await buildSite({ cwd: dir, catalogue, out: 'dist', baseUrl: BASE, pageSize, strict: false });
        assert.ok(result.ok);
        const pages = new Map([...readTree(path.join(dir, 'dist'))].filter(([f]) => f.startsWith('api/v1/files/')).map(([f, b]) => [f, b.toString('utf8')]));
        assert.equal(pages, renderPagesInMemory(path.join(catalogue, 'builds.ndjson'), pageSize));
      });
    });
  }
}

test.run();
