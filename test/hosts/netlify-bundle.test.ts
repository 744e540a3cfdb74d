import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build.js';
import { NETLIFY_FUNCTION } from '../../src/hosts/netlify/netlify.js';
import { DUMP_PORTS, DUMP_PORTS_LENGTHS, NETLIFY_INDEX, NOT_FOUND_PAGE, QUERY_INDEX } from '../../src/routes/site-files.js';
import { httpRequest } from '../support/http.js';
import { startNetlify } from '../support/netlify.js';
import { withTempDir } from '../support/paths.js';
import { SAMPLE, SAMPLE_BASE, sampleRows } from '../support/queries-sample.js';

/**
 * The function as Netlify's bundler packs it (the emulation builds it as a deploy does, from
 * the configuration in its source): beside it, the site's files it reads instead of asking the
 * site for them, and no others (the files pages alone can be hundreds of megabytes). Packed
 * so, it answers the query sample's requests without fetching any of them.
 */
const BASE = SAMPLE_BASE;
const ROWS = sampleRows();

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** What the function should find beside it: its indexes, the dump of every port and its ports' lengths, the 404 page of a site with pages. */
function expectedFiles(site: string): string[] {
  return [NETLIFY_INDEX, QUERY_INDEX, DUMP_PORTS, DUMP_PORTS_LENGTHS, NOT_FOUND_PAGE].filter((file) => existsSync(path.join(site, file))).sort();
}

/** The bundle the emulation packed for the sample (with or without pages), copied out before it closes; the site, copied before the emulation took it. */
async function packedFunction(dir: string, pages: boolean): Promise<{ bundle: string; served: string; expected: string[] }> {
  const built = await buildSite({ cwd: dir, catalogue: path.join(SAMPLE, 'catalogue'), out: 'site', baseUrl: BASE, pageSize: 50, strict: false, link: false, pages });
  assert.ok(built.ok);
  const expected = expectedFiles(path.join(dir, 'site'));
  const served = path.join(dir, 'served');
  cpSync(path.join(dir, 'site'), served, { recursive: true });
  const project = path.join(dir, 'project');
  const netlify = await startNetlify(project, path.join(dir, 'site'));
  try {
    const res = await httpRequest(netlify.url, 'GET', '/api/v1/ports/?search=zlib');
    assert.is(res.status, 200, 'the function answers');
    const bundle = path.join(dir, 'bundle');
    cpSync(path.join(project, '.netlify', 'functions-serve', NETLIFY_FUNCTION), bundle, { recursive: true });
    return { bundle, served, expected };
  } finally {
    await netlify.close();
  }
}

for (const pages of [false, true]) {
  test(`the bundle holds the function and, beside it, only the files it reads (${pages ? 'with' : 'without'} pages)`, async () => {
    await withTempDir(async (dir) => {
      const { bundle, expected } = await packedFunction(dir, pages);
      assert.ok(existsSync(path.join(bundle, 'netlify', 'functions', `${NETLIFY_FUNCTION}.mjs`)), 'the function where netlify.toml says');
      assert.equal(filesUnder(path.join(bundle, 'dist')), expected);
    });
  });
}

/** The packed function in `bundle`, called with the site `served` for what it fetches: the paths it fetched are kept in `fetched`. */
async function callPacked(bundle: string, served: string, fetched: string[], call: (handle: (request: Request) => Promise<Response>) => Promise<void>): Promise<void> {
  const realFetch = globalThis.fetch;
  // The site as Netlify serves it, for what the function does not hold (a list page with other links).
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    fetched.push(decodeURIComponent(url.pathname).slice(1));
    const file = path.join(served, decodeURIComponent(url.pathname));
    return existsSync(file) ? new Response(readFileSync(file)) : new Response(null, { status: 404 });
  }) as typeof fetch;
  try {
    const module = (await import(pathToFileURL(path.join(bundle, 'netlify', 'functions', `${NETLIFY_FUNCTION}.mjs`)).href)) as { default: (request: Request) => Promise<Response> };
    await call(module.default);
  } finally {
    globalThis.fetch = realFetch;
  }
}

test('the packed function answers the sample\'s queries, fetching none of the files it holds', async () => {
  await withTempDir(async (dir) => {
    const { bundle, served } = await packedFunction(dir, false);
    const fetched: string[] = [];
    const held = new Set(filesUnder(path.join(bundle, 'dist')));
    await callPacked(bundle, served, fetched, async (handle) => {
      for (const row of ROWS) {
        fetched.length = 0;
        const res = await handle(new Request(new URL(row.path, BASE), { method: row.method, headers: row.request_headers }));
        assert.is(res.status, row.status, row.path);
        assert.is(await res.text(), row.body, row.path);
        if (row.path.startsWith('/api/v1/ports/?')) assert.equal(fetched, [], `${row.path}: nothing fetched`);
        assert.equal(fetched.filter((file) => held.has(file)), [], `${row.path}: nothing it holds fetched`);
      }
    });
  });
});

// A bundle whose ports' lengths do not read, or do not fit its dump: the dump is read whole and its ports found in its bytes.
for (const [what, lengths] of [['not JSON', '[1,'], ['one port short', (text: string) => JSON.stringify((JSON.parse(text) as number[]).slice(1))]] as const) {
  test(`the packed function with lengths ${what} answers the sample's queries of ports as before`, async () => {
    await withTempDir(async (dir) => {
      const { bundle, served } = await packedFunction(dir, false);
      const file = path.join(bundle, 'dist', DUMP_PORTS_LENGTHS);
      writeFileSync(file, typeof lengths === 'string' ? lengths : lengths(readFileSync(file, 'utf8')));
      const fetched: string[] = [];
      await callPacked(bundle, served, fetched, async (handle) => {
        for (const row of ROWS.filter((row) => row.path.startsWith('/api/v1/ports/?'))) {
          const res = await handle(new Request(new URL(row.path, BASE), { method: row.method, headers: row.request_headers }));
          assert.is(res.status, row.status, row.path);
          assert.is(await res.text(), row.body, row.path);
        }
      });
      assert.equal(fetched, [], 'nothing fetched');
    });
  });
}

test.run();
