import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonDump } from '../../scripts/synth/json-dump.js';
import { jsonWrite } from '../../scripts/synth/json-write.js';
import { buildSite } from '../../src/build/build.js';
import { onePortPerLine, writeCatalogue } from '../support/catalogue.js';
import { ROOT, withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

type Document = { ports: Array<Record<string, unknown>> };
const sample = JSON.parse(readFileSync(path.join(ROOT, 'catalogue', 'portindex.json'), 'utf8')) as Document;

/**
 * The sample catalogue in the layouts a `portindex.json` comes in. In the last, zstd's line is
 * broken after its first maintainer's `},`, so that line looks like a whole port followed by
 * the next one: a split by lines would cut it wrong.
 */
const layouts: Array<[string, string]> = [
  ['indented by 2 (the sample as it is)', readFileSync(path.join(ROOT, 'catalogue', 'portindex.json'), 'utf8')],
  ["MacPorts' converter (tcllib json::write)", `${jsonWrite(sample)}\n`],
  ['one port per line', onePortPerLine(sample)],
  ['one line', JSON.stringify(sample)],
  ["one line as Python's json.dump writes it (non-ASCII escaped)", jsonDump(sample)],
  ['one port per line, one of them broken after an inner `},`', onePortPerLine(sample).replace(/("name":"zstd".*?\}),(\{)/, '$1,\n$2')],
];

test('the misleading layout is as meant: a line ends with an inner `},` and the next starts with `{`', () => {
  const text = layouts.at(-1)![1];
  assert.match(text, /"name":"zstd"[^\n]*\},\n\{"email"/);
  assert.equal(JSON.parse(text), sample);
});

const BASE = 'https://ports.example.org';
const published = (tree: Map<string, Buffer>) => new Map([...tree].filter(([file]) => file.startsWith('api/')));

for (const [name, text] of layouts) {
  test(`${name}: the same site as the sample's, and a rebuild carries every file over (each port was read on its own, with its print)`, async () => {
    await withTempDir(async (dir) => {
      const build = async (catalogue: string, out: string) => {
        const result = await buildSite({ cwd: dir, catalogue, out, baseUrl: BASE, pageSize: 50, strict: false });
        assert.ok(result.ok);
        return result.stats;
      };
      writeCatalogue(path.join(dir, 'sample'), { portindex: readFileSync(path.join(ROOT, 'catalogue', 'portindex.json')) });
      writeCatalogue(path.join(dir, 'laid-out'), { portindex: text });
      for (const catalogue of ['sample', 'laid-out']) copyFileSync(path.join(ROOT, 'catalogue', 'builds.ndjson'), path.join(dir, catalogue, 'builds.ndjson'));
      await build('sample', 'expected');
      await build('laid-out', 'dist');
      assert.equal(published(readTree(path.join(dir, 'dist'))), published(readTree(path.join(dir, 'expected'))));
      // A document read whole (the path a port that is not JSON takes) gives no prints: its
      // port files would all be made again (with the same bytes), none carried over.
      const carried = (await build('sample', 'expected')).carried;
      assert.ok(carried > sample.ports.length);
      const again = await build('laid-out', 'dist');
      assert.is(again.carried, carried);
      assert.is(again.written, 0);
    });
  });
}

test.run();
