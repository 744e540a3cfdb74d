import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importCatalogue } from '../../src/import/import-catalogue.js';
import { json } from '../../src/import/sources/json.js';
import { native } from '../../src/import/sources/native.js';
import { CHUNK_ENTRIES, startParallelCheck, type ParallelCheckOptions } from '../../src/import/sources/parallel-check.js';
import { sourceKindOf } from '../../src/import/sources/source-kinds.js';
import { withTempDir } from '../support/paths.js';

const startNativeCheck = (bytes: Buffer, file: string, options: ParallelCheckOptions) => startParallelCheck(native, bytes, file, options);
const startJsonCheck = (bytes: Buffer, file: string, options: ParallelCheckOptions) => startParallelCheck(json, bytes, file, options);

/** A native entry: its `<name> <length>` line and its list. */
const entry = (name: string, list: string) => `${name} ${list.length + 1}\n${list}\n`;

/**
 * A native PortIndex over several chunks, with a bad entry of each kind now and then: a line
 * that is not "<name> <length>", a list Tcl cannot parse, an odd number of elements, a port a
 * build refuses (its epoch). Lines are CRLF at times, names non-ASCII at times.
 */
function nativeIndex(count: number): { text: string; bad: number[] } {
  const parts: string[] = [];
  const bad: number[] = [];
  for (let i = 0; i < count; i++) {
    const name = `port${i}`;
    if (i % 211 === 5) parts.push('not a header line\n');
    let list = `name ${name} portdir devel/${name} version 1.${i} categories {devel net} description {Un café 🙂 n°${i}} maintainers {{me${i} @me${i}} openmaintainer} depends_lib port:port${i + 1}`;
    if (i % 97 === 7) list = `name ${name} version`;
    else if (i % 101 === 9) list = `name ${name} description {open`;
    else if (i % 103 === 11) list = `name ${name} portdir devel/${name} version 1 epoch -1`;
    if (list.length < 80) bad.push(i);
    const text = entry(name, list);
    parts.push(i % 5 === 0 ? text.replace(/\n$/, '\r\n') : text);
  }
  return { text: parts.join(''), bad };
}

test('shared check: the same ports and problems, in the same order, on one thread, on the other alone and on both', async () => {
  const { text, bad } = nativeIndex(CHUNK_ENTRIES * 6 + 17);
  const bytes = Buffer.from(text);
  const alone = await startNativeCheck(bytes, 'PortIndex', { sharedFrom: Infinity }).finish();
  const other = await startNativeCheck(bytes, 'PortIndex', { sharedFrom: 1, checkHere: false }).finish();
  const both = await startNativeCheck(bytes, 'PortIndex', { sharedFrom: 1 }).finish();
  assert.is(alone.ports.length, CHUNK_ENTRIES * 6 + 17 - bad.length);
  assert.is(alone.problems.length, bad.length + 8, 'one for each bad entry and each bad line');
  const lines = alone.problems.map((problem) => problem.location.line!);
  assert.equal(lines, [...lines].sort((a, b) => a - b), 'in line order');
  assert.equal(other, alone);
  assert.equal(both, alone);
});

test('shared check: bytes not in shared memory (standard input) are copied there; a byte-order mark is skipped', async () => {
  const { text } = nativeIndex(CHUNK_ENTRIES * 3);
  const alone = await startNativeCheck(Buffer.from(text), 'PortIndex', { sharedFrom: Infinity }).finish();
  const plain = Buffer.from(`\ufeff${text}`);
  assert.not.ok(plain.buffer instanceof SharedArrayBuffer);
  assert.equal(await startNativeCheck(plain, 'PortIndex', { sharedFrom: 1, checkHere: false }).finish(), alone);
});

test('shared check: stopped early (an interrupt), its thread ends and nothing is given', async () => {
  const check = startNativeCheck(Buffer.from(nativeIndex(CHUNK_ENTRIES * 4).text), 'PortIndex', { sharedFrom: 1 });
  await check.stop();
  await check.stop();
  const finished = await check.finish().then(() => 'finished', (cause: Error) => cause.message);
  assert.match(finished, /the import's second thread stopped/, 'what the stopped thread had to check is not given as checked');
});

test('import: a native source checked on two threads writes the catalogue one thread writes', async () => {
  await withTempDir(async (dir) => {
    const { text } = nativeIndex(CHUNK_ENTRIES * 5);
    // Without its bad entries: an import with problems writes nothing.
    const good = text.split(/(?<=\n)(?=port\d+ \d+\r?\n)/).filter((part) => !part.includes('not a header') && !/version\r?\n$|\{open|epoch -1/.test(part));
    writeFileSync(path.join(dir, 'PortIndex'), good.join(''));
    const written: string[] = [];
    for (const sharedFrom of [Infinity, 1]) {
      const result = await importCatalogue({ cwd: dir, source: 'PortIndex', catalogue: `c${sharedFrom}`, dryRun: false, sharedFrom });
      assert.ok(result.ok, JSON.stringify(result.log.kept.slice(0, 3)));
      assert.is(result.changes?.added.length, good.length);
      written.push(readFileSync(path.join(dir, `c${sharedFrom}`, 'portindex.json'), 'utf8'));
    }
    assert.is(written[1], written[0]);
    const piped = await importCatalogue({ cwd: dir, source: '-', stdin: async () => Buffer.from(good.join('')), catalogue: 'c1', dryRun: false, sharedFrom: 1 });
    assert.ok(piped.ok);
    assert.is(piped.changes?.unchanged.length, good.length, 'the same source from standard input changes nothing');
    assert.not.ok(piped.wrote);
  });
});

/** portindex2json's JSON over several chunks, in the converter's layout; a port a build refuses now and then. */
function jsonIndex(count: number): { text: string; bad: number } {
  let bad = 0;
  const ports = Array.from({ length: count }, (_, i) => {
    const port: Record<string, unknown> = { name: `port${i}`, portdir: `devel/port${i}`, version: `1.${i}`, description: `Un café 🙂 n°${i} "quoted" \\ ${i}` };
    if (i % 89 === 3) {
      port.epoch = 'x';
      bad++;
    }
    return port;
  });
  return { text: JSON.stringify({ info: { converter: 'portindex2json' }, ports }, null, 4), bad };
}

test('shared check, JSON: the same ports and problems, in the same order, on one thread, on the other alone and on both', async () => {
  const { text, bad } = jsonIndex(CHUNK_ENTRIES * 5 + 3);
  const bytes = Buffer.from(text);
  const alone = await startJsonCheck(bytes, 'PortIndex.json', { sharedFrom: Infinity }).finish();
  assert.is(alone.ports.length, CHUNK_ENTRIES * 5 + 3 - bad);
  assert.is(alone.problems.length, bad);
  assert.equal(alone.head, { info: { converter: 'portindex2json' } });
  assert.match(alone.problems[0]!.location.path ?? '', /^ports\[3\]\.epoch$/);
  assert.equal(await startJsonCheck(bytes, 'PortIndex.json', { sharedFrom: 1, checkHere: false }).finish(), alone);
  assert.equal(await startJsonCheck(bytes, 'PortIndex.json', { sharedFrom: 1 }).finish(), alone);
});

test('shared check, JSON: a port that is not JSON is found on either thread, and the document read whole locates it', async () => {
  const { text } = jsonIndex(CHUNK_ENTRIES * 3);
  const broken = Buffer.from(text.replace('"version": "1.700",', '"version": "1.700",,'));
  const alone = await startJsonCheck(broken, 'PortIndex.json', { sharedFrom: Infinity }).finish();
  assert.equal(alone.problems.map((p) => p.code), ['invalid-json']);
  assert.is(alone.problems[0]!.location.line, text.slice(0, text.indexOf('"1.700"')).split('\n').length, 'located in the document');
  assert.equal(await startJsonCheck(broken, 'PortIndex.json', { sharedFrom: 1, checkHere: false }).finish(), alone);
});

test('source kinds: told apart by content, JSON by its first character other than white space, native otherwise', () => {
  const kinds = ['{"ports": []}', '\ufeff \n\t[1]', '  {', 'zlib 12\n{name zlib}\n', '', ' \n', 'ports {'].map((text) => sourceKindOf(Buffer.from(text)).kind);
  assert.equal(kinds, ['json', 'json', 'json', 'native', 'native', 'native', 'native']);
});

test.run();
