import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { synthPortIndexPair } from '../../scripts/synth-port-index.js';
import { importCatalogue } from '../../src/import/import-catalogue.js';
import type { ImportChanges } from '../../src/derive/merge-ports.js';
import { readNativePortIndex } from '../support/native-port-index.js';
import { parseTclList } from '../../src/catalogue/tcl-list.js';
import { nativePortIndex, tclText, type NativeEntry, type TclValue } from '../support/native-writer.js';
import { withTempDir } from '../support/paths.js';

/**
 * Property: a catalogue written as a native PortIndex (test/support/native-writer, as MacPorts'
 * portindex writes one) imports to exactly the catalogue that the same ports import to from
 * portindex2json's JSON of them. The ports are drawn in the converter's form, each beside the
 * Tcl value that converts to it: nested braces, quotes, backslashes, text beyond ASCII and the
 * BMP, empty lists and empty words.
 */

/** Characters of a word: Tcl's specials and text beyond ASCII (no `\r`, which Tcl reads as a line break). */
const WORD_UNITS = ['a', 'z', 'Q', '0', '-', '.', ':', '{', '}', '"', '\\', '[', ']', '$', ';', '#', 'é', '中', '🙂', '\u00a0'];
/** Tcl's list separators, which a word of a list cannot hold unquoted. */
const SEPARATORS = [' ', '\t', '\n'];

const word = fc.string({ unit: fc.constantFrom(...WORD_UNITS), maxLength: 6 });
const anyText = fc.string({ unit: fc.constantFrom(...WORD_UNITS, ...SEPARATORS), maxLength: 12 });

/** A list element and its JSON: a word (no separator, so the converter keeps it a string), or a list of two or more words (nested). */
const element: fc.Arbitrary<{ json: string | string[]; tcl: TclValue }> = fc.oneof(
  { weight: 3, arbitrary: word.map((w) => ({ json: w, tcl: w })) },
  { weight: 1, arbitrary: fc.array(anyText, { minLength: 2, maxLength: 3 }).map((words) => ({ json: words, tcl: words })) },
);
const list = fc.array(element, { maxLength: 4 }).map((items) => ({ json: items.map((i) => i.json), tcl: items.map((i) => i.tcl) }));

/** Text read as a list and joined (a description): any words, even empty or holding spaces; the converter joins them with one space. */
const joined = fc.array(anyText, { maxLength: 4 }).map((words) => ({ json: words.join(' '), tcl: words }));

const handle = fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/);
const maintainer = fc.record({ name: handle, domain: fc.constantFrom('macports.org', 'example.org', 'gmail.com'), github: fc.option(handle, { nil: undefined }), obfuscated: fc.boolean() });
const maintainers = fc.record({ people: fc.array(maintainer, { maxLength: 3 }), policy: fc.constantFrom('', 'openmaintainer', 'nomaintainer') });

interface Drawn {
  json: Record<string, unknown>;
  entry: NativeEntry;
}

function port(index: number): fc.Arbitrary<Drawn> {
  const name = `p${index}`;
  return fc
    .record({ version: anyText, categories: list, depends_lib: list, license: list, description: joined, long_description: joined, maintainers, extra: fc.option(anyText, { nil: undefined }) })
    .map(({ version, categories, depends_lib, license, description, long_description, maintainers: { people, policy }, extra }) => {
      const json: Record<string, unknown> = { name, portdir: `devel/${name}`, version, categories: categories.json, depends_lib: depends_lib.json, license: license.json };
      const pairs: Array<[string, TclValue]> = [['name', name], ['portdir', `devel/${name}`], ['version', version], ['categories', categories.tcl], ['depends_lib', depends_lib.tcl], ['license', license.tcl]];
      json['description'] = description.json;
      json['long_description'] = long_description.json;
      pairs.push(['description', description.tcl], ['long_description', long_description.tcl]);
      json['maintainers'] = people.map(({ name: who, domain, github }) => ({ email: { name: who, domain }, ...(github !== undefined && { github }) }));
      json['closedmaintainer'] = policy === '';
      const addresses = people.map(({ name: who, domain, github, obfuscated }) => {
        const address = domain === 'macports.org' ? who : obfuscated ? `${domain}:${who}` : `${who}@${domain}`;
        return github === undefined ? [address] : [address, `@${github}`];
      });
      pairs.push(['maintainers', [...addresses.map((words) => tclText(words)), ...(policy ? [policy] : [])]]);
      if (extra !== undefined) {
        json['installs_libs'] = extra;
        pairs.push(['installs_libs', extra]);
      }
      return { json, entry: { name, pairs } };
    });
}

const catalogue = fc.integer({ min: 1, max: 5 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => port(i))));

test('property: a random catalogue written as a native PortIndex imports to the catalogue its portindex2json JSON imports to', async () => {
  await withTempDir(async (dir) => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(catalogue, async (ports) => {
        const here = path.join(dir, String(round++));
        const native = nativePortIndex(ports.map((p) => p.entry));
        writeFileSync(`${here}.PortIndex`, native);
        writeFileSync(`${here}.json`, JSON.stringify({ ports: ports.map((p) => p.json) }));
        const fromNative = await importCatalogue({ cwd: dir, source: `${here}.PortIndex`, catalogue: `${here}-native`, dryRun: false });
        const fromJson = await importCatalogue({ cwd: dir, source: `${here}.json`, catalogue: `${here}-json`, dryRun: false });
        assert.equal(fromNative.log.kept, [], native);
        assert.equal(fromJson.log.kept, []);
        assert.is(readFileSync(path.join(`${here}-native`, 'portindex.json'), 'utf8'), readFileSync(path.join(`${here}-json`, 'portindex.json'), 'utf8'), native);
      }),
      { numRuns: 150, seed: 52 },
    );
  });
});

test('the writer: each entry\'s length is its line\'s characters (UTF-16 code units) and its newline, and the reader takes every entry back', () => {
  const entries: NativeEntry[] = [
    { name: 'a', pairs: [['name', 'a'], ['description', ['Un café', '🙂', '{', '']]] },
    { name: 'b+c', pairs: [['name', 'b+c'], ['variants', [['darwin', 'powerpc'], 'x']]] },
  ];
  const text = nativePortIndex(entries);
  const [header, line] = text.split('\n');
  assert.is(header, `a ${line!.length + 1}`);
  assert.is(line!.length, [...line!].length + 1, 'the emoji counts two');
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(read.problems, []);
  assert.equal(read.entries.map((e) => e.elements), [
    ['name', 'a', 'description', tclText(['Un café', '🙂', '{', ''])],
    ['name', 'b+c', 'variants', tclText([['darwin', 'powerpc'], 'x'])],
  ]);
  const description = parseTclList(read.entries[0]!.elements[3]!);
  assert.equal(description.ok && description.elements, ['Un café', '🙂', '{', '']);
});

test('the bench\'s synthetic PortIndex pair is the real format: both import, and the second reports what the bench expects', async () => {
  await withTempDir(async (dir) => {
    const pair = synthPortIndexPair(400, 5);
    const imports: Array<ImportChanges | undefined> = [];
    for (const text of [pair.first, pair.second]) {
      writeFileSync(path.join(dir, 'PortIndex'), text);
      const result = await importCatalogue({ cwd: dir, source: 'PortIndex', catalogue: 'catalogue', dryRun: false });
      assert.equal(result.log.kept, []);
      imports.push(result.changes);
    }
    assert.is(imports[0]!.added.length, pair.ports);
    const { added, updated, retired } = imports[1]!;
    assert.equal({ added: added.length, updated: updated.length, retired: retired.length }, pair.expected);
  });
});

test.run();
