import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, type BuildOptions } from '../../src/build/build.js';
import { contentHash } from '../../src/core/content-hash.js';
import { ChangedWhileRead, packSpans, PortTextReader } from '../../src/catalogue/portindex/port-text-reader.js';
import { splitPortIndex } from '../../src/catalogue/portindex/split-port-index.js';
import { BOM } from '../../src/catalogue/utf8.js';
import { onePortPerLine, writeCatalogue } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/** A portindex.json of `ports`, one a line. */
const document = (ports: unknown[]) => onePortPerLine({ ports });

/**
 * Some 3 MB of ports, so that reading them crosses the reader's 1 MB windows many times, with
 * text of one, two, three and four bytes a character and one port larger than a window.
 */
function bigPortIndex(): { bytes: Buffer; texts: string[] } {
  const ports = Array.from({ length: 2400 }, (_, i) => ({
    name: `port-${i}`,
    portdir: `devel/port-${i}`,
    version: `${i}.0`,
    description: `ünïcode ✓ 𝄞 ${'word '.repeat(i % 400)}`,
  }));
  ports[1200]!.description = 'x'.repeat(1_500_000);
  const texts = ports.map((port) => JSON.stringify(port));
  return { bytes: Buffer.from(document(ports)), texts };
}

/** A reader of `file` as a build makes it: spans from the splitter, the bytes after a byte-order mark. */
function readerOf(file: string, body: Buffer, bom: boolean): { reader: PortTextReader; hashes: string[] } {
  writeFileSync(file, bom ? Buffer.concat([BOM, body]) : body);
  const parts = splitPortIndex(body)!;
  const hashes = parts.elements.map(([from, to]) => contentHash(body.subarray(from, to)));
  return { reader: new PortTextReader(file, 'catalogue/portindex.json', bom ? BOM.length : 0, packSpans(parts.elements)), hashes };
}

test('a port read again is its text, in any order: forwards, backwards, at random; after a byte-order mark or not', async () => {
  const { bytes, texts } = bigPortIndex();
  await withTempDir((dir) => {
    for (const bom of [false, true]) {
      const { reader, hashes } = readerOf(path.join(dir, `portindex-${bom}.json`), bytes, bom);
      assert.is(hashes.length, texts.length);
      const read = (i: number) => assert.is(reader.text(i, hashes[i]!), texts[i], `port ${i}`);
      texts.forEach((_, i) => read(i));
      for (let i = texts.length - 1; i >= 0; i--) read(i);
      fc.assert(fc.property(fc.array(fc.nat(texts.length - 1), { maxLength: 40 }), (order) => order.forEach(read)), { numRuns: 30 });
    }
  });
});

test('a text that is no longer the one validated is refused: a byte changed, the file cut short, the file gone', async () => {
  const { bytes } = bigPortIndex();
  await withTempDir((dir) => {
    const file = path.join(dir, 'portindex.json');
    const refused = (i: number, reader: PortTextReader, hashes: string[]) => {
      try {
        reader.text(i, hashes[i]!);
      } catch (cause) {
        assert.instance(cause, ChangedWhileRead);
        assert.is((cause as ChangedWhileRead).file, 'catalogue/portindex.json');
        return;
      }
      assert.unreachable(`port ${i} was read from a changed file`);
    };
    let { reader, hashes } = readerOf(file, bytes, false);
    const changed = Buffer.from(bytes);
    const at = changed.indexOf('"port-2000"');
    changed[at + 6] = '3'.charCodeAt(0); // port-3000: the same size
    writeFileSync(file, changed);
    refused(2000, reader, hashes);
    assert.is(reader.text(10, hashes[10]!), JSON.stringify(JSON.parse(bytes.toString('utf8', ...splitPortIndex(bytes)!.elements[10]!))));

    ({ reader, hashes } = readerOf(file, bytes, false));
    writeFileSync(file, bytes.subarray(0, bytes.length - 5000));
    refused(hashes.length - 1, reader, hashes);

    ({ reader, hashes } = readerOf(file, bytes, false));
    rmSync(file);
    refused(0, reader, hashes);
  });
});

test('a portindex.json changed after it was validated, before its ports are written: the build fails with changed-while-read, the site stays', async () => {
  await withTempDir(async (dir) => {
    const port = (version: string, description = 'compression') => ({ name: 'zlib', portdir: 'archivers/zlib', version, description });
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: document([port('1.3.1')]) });
    const options: BuildOptions = { cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 50, strict: true };
    assert.ok((await buildSite(options)).ok);
    const before = readTree(path.join(dir, 'dist'));
    // Its description changes too: the ports are derived in full, their texts read again when
    // their files are made (a change of own fields alone parses the changed ports from the
    // bytes read once, see recalled-ports).
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: document([port('1.3.2', 'compression, faster')]) });
    const file = path.join(dir, 'catalogue/portindex.json');
    // Read and validated as 1.3.2, then changed to 1.3.3 (the same size) before its file is made.
    const edited = readFileSync(file, 'utf8').replace('1.3.2', '1.3.3');
    const progress = { phase: (name: string) => name === 'writing ports' && writeFileSync(file, edited), advance: () => {}, end: () => {} };
    const result = await buildSite({ ...options, progress });
    assert.is(result.ok, false);
    assert.equal(result.log.kept.map((p) => [p.code, p.file, p.severity]), [['changed-while-read', 'catalogue/portindex.json', 'error']]);
    assert.equal(readTree(path.join(dir, 'dist')), before);
    assert.ok((await buildSite(options)).ok);
    assert.match(readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8'), /"version":"1\.3\.3"/);
  });
});

test.run();
