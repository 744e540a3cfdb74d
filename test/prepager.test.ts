import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Prepager, type Prepaged } from '../src/write/prepager.js';
import type { Body } from '../src/render/body.js';
import { withTempDir } from './support/paths.js';

const setup = (buildsPath: string, most?: number) => ({ buildsPath, buildsName: 'builds.ndjson', baseUrl: 'https://ports.example.org', pageSize: 3, from: 0, most });
const build = (id: number) => JSON.stringify({ build_id: id, files: [`/opt/local/f${id}`] });

/** Runs a Prepager over `text` to its end, or stopped as the writer's next message would (after the page under way) when `stopAfter` pages are placed. */
async function prepage(dir: string, text: string, count: number, options: { most?: number; stopAfter?: number } = {}): Promise<{ placed: Map<string, string>; prepaged: Prepaged }> {
  const buildsPath = path.join(dir, 'builds.ndjson');
  writeFileSync(buildsPath, text);
  const prepager = new Prepager(setup(buildsPath, options.most), count);
  const placed = new Map<string, string>();
  let stopped: Prepaged | undefined;
  const place = (relative: string, body: Body) => {
    placed.set(relative, [body].flat().join(''));
    // A message is handled between pages: the stop comes once this page is counted.
    if (placed.size === options.stopAfter) setImmediate(() => (stopped = prepager.stop()));
  };
  await prepager.run(place);
  return { placed, prepaged: stopped ?? prepager.stop() };
}

test('whole pages from the first, never the last; where the build goes on: the line after them, past blank lines', async () => {
  await withTempDir(async (dir) => {
    // 10 builds, pages of 3: pages 1 to 3 ahead, page 4 (build 10) left to the build.
    const lines = ['\ufeff' + build(1), build(2), build(3), '', '  ', build(4), build(5), `${build(6)}\r`, build(7), build(8), build(9), build(10)];
    const { placed, prepaged } = await prepage(dir, lines.join('\n'), 10);
    assert.equal([...placed.keys()], ['api/v1/files/page-1.json', 'api/v1/files/page-2.json', 'api/v1/files/page-3.json']);
    assert.is(placed.get('api/v1/files/page-2.json'), '{"count":10,"next":"https://ports.example.org/api/v1/files/?page=3","previous":"https://ports.example.org/api/v1/files/","results":[{"build_id":4,"files":[{"file":"/opt/local/f4"}]},{"build_id":5,"files":[{"file":"/opt/local/f5"}]},{"build_id":6,"files":[{"file":"/opt/local/f6"}]}]}');
    assert.equal(prepaged, { builds: 9, paths: 9, ids: Uint32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9), next: { offset: Buffer.byteLength(`${lines.slice(0, 11).join('\n')}\n`), number: 12 } });
  });
});

test('stopped between pages, at most `most` pages, or before the page of a line with a problem; a single page is all the build’s', async () => {
  await withTempDir(async (dir) => {
    const lines = Array.from({ length: 12 }, (_, i) => build(i + 1));
    const next = (builds: number) => ({ offset: Buffer.byteLength(`${lines.slice(0, builds).join('\n')}\n`), number: builds + 1 });
    const stopped = await prepage(dir, lines.join('\n'), 12, { stopAfter: 2 });
    assert.is(stopped.placed.size, 2);
    assert.equal(stopped.prepaged.next, next(6));
    assert.is((await prepage(dir, lines.join('\n'), 12, { most: 1 })).prepaged.builds, 3);
    const bad = lines.map((line, i) => (i === 7 ? '{"build_id":8,"files":"/x"}' : line));
    const beforeBad = await prepage(dir, bad.join('\n'), 12);
    assert.equal([beforeBad.placed.size, beforeBad.prepaged.builds, beforeBad.prepaged.next], [2, 6, next(6)]);
    const notJson = await prepage(dir, lines.map((line, i) => (i === 0 ? '{' : line)).join('\n'), 12);
    assert.equal([notJson.placed.size, notJson.prepaged.builds], [0, 0]);
    assert.equal((await prepage(dir, lines.slice(0, 3).join('\n'), 3)).placed.size, 0, 'one page: the last');
  });
});

test.run();
