import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importCatalogue } from '../../src/import/import-catalogue.js';
import { withKeyOrder } from '../../src/import/sources/port-key-order.js';
import { maintainerFrom, maintainersFrom, portFromEntry } from '../../src/import/sources/portindex-entry.js';
import type { Problem } from '../../src/core/problems/problem.js';
import { readNativePortIndex } from '../support/native-port-index.js';
import { parseTclList } from '../../src/catalogue/tcl-list.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * A native entry as MacPorts' portindex writes it: its `<name> <length>` line, the length in
 * UTF-16 code units (as Tcl 8.6 counts) of its list and its newline, then the list.
 */
const entry = (name: string, list: string) => `${name} ${list.length + 1}\n${list}\n`;
const problemsOf = (text: string | Buffer) => readNativePortIndex(typeof text === 'string' ? Buffer.from(text) : text, 'PortIndex').problems;
const brief = (problems: readonly Problem[]) => problems.map(({ code, location, port }) => ({ code, location, ...(port !== undefined && { port }) }));

test('entries: the length counts characters, not bytes; lines are those of the "<name> <length>" lines', () => {
  const cafe = 'name cafe description {Un café 中文 🙂}';
  const text = `\n${entry('zlib', 'name zlib version 1.3.1')}\n\n${entry('cafe', cafe)}${entry('xz', 'name xz\nversion {5.4\n}')}`;
  assert.is(cafe.length, Buffer.byteLength(cafe) - 7, 'é, 中, 文 and 🙂 take more bytes than characters');
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(read.problems, []);
  assert.equal(
    read.entries.map(({ name, line, elements }) => ({ name, line, elements })),
    [
      { name: 'zlib', line: 2, elements: ['name', 'zlib', 'version', '1.3.1'] },
      { name: 'cafe', line: 6, elements: ['name', 'cafe', 'description', 'Un café 中文 🙂'] },
      { name: 'xz', line: 8, elements: ['name', 'xz', 'version', '5.4\n'] },
    ],
  );
});

test('entries: a byte-order mark is ignored; \\r\\n and \\r end lines and count one character, as Tcl reads them', () => {
  const text = '\ufeffzlib 47\r\nportdir archivers/zlib\r\nname zlib version 1.3.1\r\n\r\nxz 12\rname xz a b\r';
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(read.problems, []);
  assert.equal(read.entries.map(({ line, elements }) => [line, elements.length]), [[1, 6], [5, 4]]);
});

test('refused: a line that is not "<name> <length>", with its line; the reading goes on', () => {
  const text = `zlib\n${entry('xz', 'name xz')}zlib 12 extra\n{a 3\nzlib -1\nzlib 012\nzlib 0x10\n${entry('ok', 'name ok')}`;
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(brief(read.problems), [1, 4, 5, 6, 7, 8].map((line) => ({ code: 'invalid-value', location: { line } })));
  assert.match(read.problems[0]!.message, /expected a line "<name> <length>" starting a port's entry, found "zlib"/);
  assert.equal(read.entries.map((e) => e.name), ['xz', 'ok']);
});

test('refused: a truncated entry (its length runs past the end), with its line and port', () => {
  const problems = problemsOf(`${entry('xz', 'name xz')}zlib 100\nname zlib version 1.3.1\n`);
  assert.equal(brief(problems), [{ code: 'truncated', location: { line: 3 }, port: 'zlib' }]);
  assert.match(problems[0]!.message, /expected 100 characters of port data after this line \(its newline included\), found the file ending after 24: the entry is truncated/);
});

test('the length counts the newline: the real rule reads every entry, the file\'s last newline may be missing', () => {
  const text = `${entry('a', 'name a')}${entry('b', 'name b version {1\n2}')}c 7\nname c`;
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(read.problems, []);
  assert.equal(read.entries.map(({ name, line, elements }) => [name, line, elements]), [['a', 1, ['name', 'a']], ['b', 3, ['name', 'b', 'version', '1\n2']], ['c', 6, ['name', 'c']]]);
});

test('refused: a length that leaves out the newline (one short), with its line and port; the reading goes on', () => {
  const text = `a 6\nname a\n${entry('b', 'name b')}`;
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(brief(read.problems), [{ code: 'invalid-value', location: { line: 1 }, port: 'a' }]);
  assert.match(read.problems[0]!.message, /^expected the entry's 6 characters to end with its newline, found "a" left on its line: its length is wrong \(one short: the length must count the newline too, as MacPorts writes it\)$/);
  assert.equal(read.entries.map((e) => e.name), ['b']);
});

test('refused: a length that ends the entry early leaves text on its line; one too long runs into the next line', () => {
  const short = problemsOf(`zlib 9\nname zlib version 1\n${entry('xz', 'name xz')}`);
  assert.equal(brief(short), [{ code: 'invalid-value', location: { line: 1 }, port: 'zlib' }]);
  assert.match(short[0]!.message, /found "b version 1" left on its line: its length is wrong$/);
  const long = problemsOf(`zlib 9\nname zl\n${entry('xz', 'name xz')}`);
  assert.equal(brief(long), [{ code: 'invalid-value', location: { line: 1 }, port: 'zlib' }, { code: 'invalid-value', location: { line: 4 } }]);
  assert.match(long[0]!.message, /found "xz 8" left on its line/);
  const none = problemsOf(`zlib 0\n${entry('xz', 'name xz')}`);
  assert.match(none[0]!.message, /expected a length of at least 1 \(it counts the entry's characters and its newline\), found 0/);
});

test('refused: invalid UTF-8, with its line and byte column', () => {
  const bytes = Buffer.concat([Buffer.from(`${entry('xz', 'name xz')}zlib 9\nname zli`), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]);
  assert.equal(brief(problemsOf(bytes)), [{ code: 'invalid-utf8', location: { line: 4, column: 9 } }]);
});

test('refused: a list Tcl cannot parse, and an odd number of elements, each with its line and port', () => {
  const text = entry('a', 'name a description {open') + entry('b', 'name b x {a}b') + entry('c', 'name c version') + entry('d', 'name d "quote');
  const problems = problemsOf(text);
  assert.equal(brief(problems), [
    { code: 'invalid-value', location: { line: 1 }, port: 'a' },
    { code: 'invalid-value', location: { line: 3 }, port: 'b' },
    { code: 'invalid-value', location: { line: 5 }, port: 'c' },
    { code: 'invalid-value', location: { line: 7 }, port: 'd' },
  ]);
  assert.match(problems[0]!.message, /found an error at character 20 of the entry: unmatched open brace in list/);
  assert.match(problems[1]!.message, /list element in braces followed by "b" instead of space/);
  assert.match(problems[2]!.message, /expected key\/value pairs, found an odd number of elements \(3\)/);
  assert.match(problems[3]!.message, /unmatched open quote in list/);
});

test('all problems at once: every bad entry is named, the good ones are kept', () => {
  const text = [entry('a', 'name a'), 'junk\n', entry('b', 'name b {x'), entry('c', 'name c'), entry('d', 'name'), entry('e', 'name e')].join('');
  const read = readNativePortIndex(Buffer.from(text), 'PortIndex');
  assert.equal(brief(read.problems).map((p) => p.location.line), [3, 4, 8]);
  assert.equal(read.entries.map((e) => e.name), ['a', 'c', 'e']);
});

/** Each row: a maintainers value (the text of the element after the key), and what portindex2json makes of it. */
const MAINTAINERS: Array<[string, ReturnType<typeof maintainersFrom>]> = [
  ['', { maintainers: [], closedmaintainer: true }],
  ['nomaintainer', { maintainers: [], closedmaintainer: false }],
  ['openmaintainer', { maintainers: [], closedmaintainer: false }],
  ['jmr', { maintainers: [{ email: { name: 'jmr', domain: 'macports.org' } }], closedmaintainer: true }],
  ['@jmroot', { maintainers: [{ github: 'jmroot' }], closedmaintainer: true }],
  ['@@jmroot', { maintainers: [{ github: 'jmroot' }], closedmaintainer: true }],
  ['jane@example.org', { maintainers: [{ email: { name: 'jane', domain: 'example.org' } }], closedmaintainer: true }],
  ['a@b@c', { maintainers: [{ email: { name: 'a', domain: 'b' } }], closedmaintainer: true }],
  ['gmail.com:barista', { maintainers: [{ email: { name: 'barista', domain: 'gmail.com' } }], closedmaintainer: true }],
  ['x:y:z', { maintainers: [{ email: { name: 'y', domain: 'x' } }], closedmaintainer: true }],
  ['{ryandesign @ryandesign} openmaintainer', { maintainers: [{ email: { name: 'ryandesign', domain: 'macports.org' }, github: 'ryandesign' }], closedmaintainer: false }],
  ['{gmail.com:a @a} {b @b} nomaintainer', {
    maintainers: [{ email: { name: 'a', domain: 'gmail.com' }, github: 'a' }, { email: { name: 'b', domain: 'macports.org' }, github: 'b' }],
    closedmaintainer: false,
  }],
  // A later address of the same kind replaces the earlier one.
  ['{a b @c @d}', { maintainers: [{ email: { name: 'b', domain: 'macports.org' }, github: 'd' }], closedmaintainer: true }],
  // Only an element that is exactly a policy word is one.
  ['{openmaintainer @x}', { maintainers: [{ email: { name: 'openmaintainer', domain: 'macports.org' }, github: 'x' }], closedmaintainer: true }],
  ['{} {{}}', { maintainers: [{}, { email: { name: '', domain: 'macports.org' } }], closedmaintainer: true }],
];

for (const [value, expected] of MAINTAINERS) {
  test(`maintainers: ${value}`, () => {
    assert.equal(maintainersFrom(value), expected);
  });
}

test('maintainers: one element alone', () => {
  assert.equal(maintainerFrom('中文@example.cn'), { email: { name: '中文', domain: 'example.cn' } });
});

test('entry conversion: lists (nested where an element is a list), joined text, variants, plain strings, the later of a key given twice, and a value that is not a list', () => {
  const converted = portFromEntry([
    'name', 'x', 'categories', 'a {b c} {d}', 'depends_lib', '', 'description', 'one {two {three}}  "four"', 'license', 'MIT {PSF ZPL} {}',
    'vinfo', 'v {description {V} is_default + requires {a b} x-new 1} w {conflicts v}', 'notes', '{a  b}  c', 'version', '1', 'version', '2', '__proto__', 'kept',
    'platforms', '{darwin any}',
  ]);
  assert.ok(converted.ok);
  const port = converted.ok ? converted.port : {};
  assert.equal(JSON.parse(JSON.stringify(port)), {
    name: 'x', categories: ['a', ['b', 'c'], 'd'], depends_lib: [], description: 'one two {three} four', license: ['MIT', ['PSF', 'ZPL'], ''],
    vinfo: [{ variant: 'v', description: 'V', is_default: '+', requires: ['a', 'b'], 'x-new': '1' }, { variant: 'w', conflicts: ['v'] }],
    notes: 'a  b c', version: '2', ['__proto__']: 'kept', platforms: '{darwin any}',
  });
  assert.equal(portFromEntry(['name', 'x', 'vinfo', 'v']), { ok: false, key: 'vinfo', message: 'expected vinfo to be pairs of names and values, found 1 elements' });
  assert.equal(portFromEntry(['name', 'x', 'categories', '{a']), {
    ok: false, key: 'categories', message: 'expected categories to be a Tcl list, found "{a": unmatched open brace in list',
  });
});

test('entry conversion: joined text is the list\'s elements joined with single spaces, on its fast paths (words alone) as on its slow one', () => {
  const pieces = ['word', 'mot', 'é', ' ', '  ', '\t', '\n', '\r\n', '{', '}', '"', '\\', '\\n', '{a b}', 'x}y', 'a"b'];
  let seed = 11;
  const random = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
  const texts = ['', ' ', 'one', 'one two', ' one two ', 'one  two', 'one\ttwo', 'a}b c', 'a"b c'];
  for (let i = 0; i < 2000; i++) texts.push(Array.from({ length: Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)]!).join(''));
  for (const text of texts) {
    const converted = portFromEntry(['name', 'x', 'description', text]);
    const list = parseTclList(text);
    if (list.ok) assert.equal(converted, { ok: true, port: { name: 'x', description: list.elements.join(' ') } }, JSON.stringify(text));
    else assert.is(converted.ok, false, JSON.stringify(text));
  }
});

/** A value with every object's keys in reverse order, at every depth (`__proto__` kept a key). */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) Object.defineProperty(out, key, { value: reversed((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

test('entry conversion: the port is made in the one key order (its keys, maintainers and variants), whatever the entry\'s order', () => {
  const pairs: Array<[string, string]> = [
    ['name', 'x'], ['version', '1'], ['portdir', 'a/x'], ['zeta', 'z'], ['alpha-x', 'a'], ['__proto__', 'p'], ['maintainers', '{{a@b.org @gh} c:d} openmaintainer'],
    ['vinfo', 'v {x-new 1 requires {a b} is_default + description {V}} w {conflicts v}'], ['long_description', 'a b'], ['depends_lib', 'port:y'], ['categories', 'c'],
    ['closedmaintainer', 'yes'], ['active', 'no'], ['description', 'd'], ['license', 'MIT'], ['homepage', 'h'], ['platforms', 'darwin'], ['variants', 'v w'],
  ];
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
  for (let round = 0; round < 50; round++) {
    const shuffled = [...pairs].sort(() => random() - 0.5).filter(([key]) => key === 'name' || random() < 0.8);
    const converted = portFromEntry(shuffled.flat());
    assert.ok(converted.ok);
    const port = converted.ok ? converted.port : {};
    assert.is(JSON.stringify(port), JSON.stringify(withKeyOrder(reversed(port))), shuffled.map(([key]) => key).join(' '));
  }
});

const FIXTURE = path.join(FIXTURES, 'import-native');

test('fixture: the native parse is, as JSON values, what portindex2json writes for it (the real one, with the contract\'s license, vinfo and notes)', () => {
  const read = readNativePortIndex(readFileSync(path.join(FIXTURE, 'PortIndex')), 'PortIndex');
  assert.equal(read.problems, []);
  const reference = JSON.parse(readFileSync(path.join(FIXTURE, 'PortIndex.json'), 'utf8')) as { ports: unknown[] };
  const ports = read.entries.map((e) => portFromEntry(e.elements)).map((c) => (c.ok ? JSON.parse(JSON.stringify(c.port)) : c));
  assert.is(ports.length, 13);
  assert.equal(ports, reference.ports);
});

test('fixture, through the CLI: importing the native PortIndex and its JSON writes byte-identical catalogues', async () => {
  await withTempDir(async (dir) => {
    for (const [sub, file] of [['native', 'PortIndex'], ['json', 'PortIndex.json']] as const) {
      mkdirSync(path.join(dir, sub));
      writeFileSync(path.join(dir, sub, file), readFileSync(path.join(FIXTURE, file)));
      const run = await runCli(['import', file], { cwd: path.join(dir, sub) });
      assert.is(run.code, 0, run.stderr);
      assert.match(run.stdout, /13 added, 0 updated/);
    }
    const native = readFileSync(path.join(dir, 'native', 'catalogue', 'portindex.json'), 'utf8');
    assert.is(native, readFileSync(path.join(dir, 'json', 'catalogue', 'portindex.json'), 'utf8'));
    assert.ok(native.startsWith('{"ports":[\n{"name":"zlib","portdir":"archivers/zlib","version":"1.3.1",'), 'no info, keys in the catalogue order');
    const again = await runCli(['import', 'PortIndex'], { cwd: path.join(dir, 'native') });
    assert.match(again.stdout, /13 unchanged, 0 retired, 0 returned \(nothing to write\)/);
    assert.is((await runCli(['build', '--quiet', '--no-builds'], { cwd: path.join(dir, 'native') })).code, 0);
    const cafe = JSON.parse(readFileSync(path.join(dir, 'native', 'dist/api/v1/ports/cafe/index.json'), 'utf8')) as { description: string };
    assert.is(cafe.description, 'Outils pour le café — « crème »');
  });
});

test('no ports: a source with no entry, only white space, is refused as an empty file is (empty-file), nothing written', async () => {
  await withTempDir(async (dir) => {
    const result = await importCatalogue({ cwd: dir, source: '-', catalogue: 'catalogue', dryRun: false, stdin: async () => Buffer.from('\n \t\n') });
    assert.is(result.ok, false);
    assert.equal(result.log.kept.map((p) => [p.code, p.file, p.location]), [['empty-file', '<stdin>', {}]]);
    assert.not.ok(existsSync(path.join(dir, 'catalogue')));
  });
});

test('CLI: a refused native source exits 1, reports every problem by line and port, and leaves the catalogue byte-identical', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'good'), entry('zlib', 'name zlib portdir archivers/zlib version 1.3.1'));
    assert.is((await runCli(['import', 'good'], { cwd: dir })).code, 0);
    const catalogue = path.join(dir, 'catalogue', 'portindex.json');
    const before = readFileSync(catalogue, 'utf8');

    const bad = [
      entry('zlib', 'name zlib portdir archivers/zlib version 1.3.2'),
      'not a header line\n',
      entry('xz', 'name xz portdir archivers version 5'),
      entry('curl', 'name curl portdir net/curl version 8 maintainers {{"a}}'),
      // A list in a list is no problem (a build joins it), an epoch of two words is.
      entry('nested', 'name nested portdir devel/nested version 1 depends_lib {port:a {port:b port:c}} epoch {1 2}'),
      'gone 500\nname gone\n',
    ].join('');
    writeFileSync(path.join(dir, 'PortIndex'), bad);
    const run = await runCli(['import', 'PortIndex', '--json'], { cwd: dir });
    assert.is(run.code, 1);
    assert.equal(
      (JSON.parse(run.stdout) as Problem[]).map(({ code, location, port }) => ({ code, location, port })).sort((a, b) => a.location.line! - b.location.line!),
      [
        { code: 'invalid-value', location: { line: 3 }, port: undefined },
        { code: 'invalid-value', location: { line: 4, path: 'portdir' }, port: 'xz' },
        { code: 'invalid-value', location: { line: 6, path: 'maintainers' }, port: 'curl' },
        { code: 'invalid-value', location: { line: 8, path: 'epoch' }, port: 'nested' },
        { code: 'truncated', location: { line: 10 }, port: 'gone' },
      ],
    );
    const text = await runCli(['import', 'PortIndex'], { cwd: dir });
    assert.match(text.stderr, /^PortIndex:4: portdir \(port xz\): error: .*\[invalid-value\]$/m);

    writeFileSync(path.join(dir, 'blank'), '\n  \n');
    const blank = await runCli(['import', 'blank', '--json'], { cwd: dir });
    assert.is(blank.code, 1);
    assert.equal((JSON.parse(blank.stdout) as Problem[]).map((p) => [p.code, p.location]), [['empty-file', {}]]);

    writeFileSync(path.join(dir, 'latin1'), Buffer.concat([Buffer.from('zlib 12\nname caf'), Buffer.from([0xe9]), Buffer.from(' x y\n')]));
    const latin1 = await runCli(['import', 'latin1', '--json'], { cwd: dir });
    assert.is(latin1.code, 1);
    assert.equal((JSON.parse(latin1.stdout) as Problem[]).map((p) => [p.code, p.location]), [['invalid-utf8', { line: 2, column: 9 }]]);

    assert.is(readFileSync(catalogue, 'utf8'), before);
  });
});

test.run();
