import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { summariseImport } from '../../src/cli/import-summary.js';
import { importCatalogue } from '../../src/import/import-catalogue.js';
import { mergePorts, type PortObject } from '../../src/derive/merge-ports.js';
import { Interrupted } from '../../src/core/problems/interrupted.js';
import { BIN, FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

const port = (name: string, version = '1.0', extra: Record<string, unknown> = {}): PortObject => ({ name, portdir: `devel/${name.toLowerCase()}`, version, ...extra });

/** The merge's view of ports: as the catalogue holds them, as the index gives them. */
const held = (ports: PortObject[]) => ports.map((p) => ({ name: p.name, active: p.active !== false, text: JSON.stringify(p) }));
const listed = (ports: PortObject[]) => ports.map((p) => ({ name: p.name, text: JSON.stringify(p) }));
const merged = (existing: PortObject[], incoming: PortObject[]) => {
  const { texts, changes } = mergePorts(held(existing), listed(incoming));
  return { ports: texts.map((text) => JSON.parse(text) as PortObject), changes };
};

test('merge: places and first spellings kept, data from the index, vanished ports retired, returning ones active', () => {
  const existing = [port('zlib'), port('SDL2', '2.0'), port('old', '1.0', { active: false }), port('gone')];
  const incoming = [port('newcomer'), port('sdl2', '2.30'), port('zlib'), port('OLD', '2.0')];
  const { ports, changes } = merged(existing, incoming);
  assert.equal(ports, [port('zlib'), { ...port('sdl2', '2.30'), name: 'SDL2' }, { ...port('OLD', '2.0'), name: 'old' }, { ...port('gone'), active: false }, port('newcomer')]);
  assert.equal(changes, { added: ['newcomer'], updated: ['SDL2'], unchanged: ['zlib'], retired: ['gone'], returned: ['old'], kept: [] });
});

test('merge: a name listed twice takes the later data at the first place; a retired port stays as it is', () => {
  const { ports, changes } = merged([port('a', '1', { active: false })], [port('b', '1'), port('c'), port('B', '2')]);
  assert.equal(ports, [port('a', '1', { active: false }), { ...port('B', '2'), name: 'b' }, port('c')]);
  assert.equal(changes, { added: ['b', 'c'], updated: [], unchanged: ['a'], retired: [], returned: [], kept: [] });
});

test('merge: a port the index lists again with the same data is unchanged, with other data updated; a retired one keeps its place', () => {
  const existing = [port('a'), port('b', '1', { active: true }), port('c')];
  const { ports, changes } = merged(existing, [port('a'), port('b', '1'), port('C', '2')]);
  assert.equal(changes, { added: [], updated: ['b', 'c'], unchanged: ['a'], retired: [], returned: [], kept: [] }, 'b: its explicit active goes, which is a change');
  assert.equal(ports.map((p) => [p.name, p.version]), [['a', '1.0'], ['b', '1'], ['c', '2']]);
});

const index = (...ports: PortObject[]) => JSON.stringify({ info: { converter: 'portindex2json' }, ports }, null, 1);

test('import: the first makes the catalogue; the same source again changes no byte; a vanished port stays published, inactive', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'first.json'), index(port('zlib'), port('curl', '8.9', { depends_lib: ['port:zlib'] })));
    const first = await runCli(['import', 'first.json'], { cwd: dir });
    assert.is(first.code, 0, first.stderr);
    assert.is(first.stdout, 'imported first.json: 2 added, 0 updated, 0 unchanged, 0 retired, 0 returned\n  added: zlib curl\n');
    const catalogue = path.join(dir, 'catalogue', 'portindex.json');
    const made = readFileSync(catalogue, 'utf8');
    assert.is(made, `{"info":{"converter":"portindex2json"},"ports":[\n${JSON.stringify(port('zlib'))},\n${JSON.stringify(port('curl', '8.9', { depends_lib: ['port:zlib'] }))}\n]}\n`);

    const again = await runCli(['import', 'first.json'], { cwd: dir });
    assert.match(again.stdout, /2 unchanged, 0 retired, 0 returned \(nothing to write\)/);
    assert.is(readFileSync(catalogue, 'utf8'), made);

    writeFileSync(path.join(dir, 'second.json'), index(port('ZLIB', '1.3')));
    const dry = await runCli(['import', 'second.json', '--dry-run', '--json'], { cwd: dir });
    assert.equal(JSON.parse(dry.stdout), { added: [], updated: ['zlib'], unchanged: [], retired: ['curl'], returned: [], kept: [], written: false });
    assert.is(readFileSync(catalogue, 'utf8'), made, 'a dry run writes nothing');

    assert.is((await runCli(['import', 'second.json'], { cwd: dir })).code, 0);
    assert.is((await runCli(['build', '--quiet', '--no-builds'], { cwd: dir })).code, 0);
    const curl = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/ports/curl/index.json'), 'utf8')) as { active: boolean; version: string };
    assert.equal([curl.active, curl.version], [false, '8.9'], 'retired: kept as it was, inactive');
    const zlib = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/ports/zlib/index.json'), 'utf8')) as { name: string; version: string };
    assert.equal([zlib.name, zlib.version], ['zlib', '1.3'], 'the first spelling, the new data');

    const back = await runCli(['import', 'first.json'], { cwd: dir });
    assert.match(back.stdout, /1 updated, 0 unchanged, 0 retired, 1 returned/);
  });
});

test("import: the report's counts have their thousands separated, as every count ports-gen prints", () => {
  const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const changes = { added: names(1234, 'a'), updated: [], unchanged: names(40_000, 'u'), retired: names(1000, 'r'), returned: [], kept: names(1001, 'k') };
  assert.is(
    summariseImport('PortIndex', changes, true, false),
    'imported PortIndex: 1,234 added, 0 updated, 40,000 unchanged, 1,000 retired, 0 returned, 1,001 kept as they were (not usable in the source)\n',
  );
});

test('import: the report names the ports of a kind only when they are few (--json lists them all)', async () => {
  await withTempDir(async (dir) => {
    const many = Array.from({ length: 21 }, (_, i) => port(`p${i}`));
    writeFileSync(path.join(dir, 'many.json'), index(...many));
    const run = await runCli(['import', 'many.json'], { cwd: dir });
    assert.is(run.stdout, 'imported many.json: 21 added, 0 updated, 0 unchanged, 0 retired, 0 returned\n');
    writeFileSync(path.join(dir, 'fewer.json'), index(...many.slice(1)));
    const json = await runCli(['import', 'fewer.json', '--json'], { cwd: dir });
    assert.equal(JSON.parse(json.stdout).retired, ['p0']);
  });
});

test('import: - reads the index from standard input', async () => {
  await withTempDir((dir) => {
    const out = execFileSync(process.execPath, [BIN, 'import', '-', '--json'], { cwd: dir, input: index(port('zlib'), port('xz')), encoding: 'utf8' });
    assert.equal(JSON.parse(out), { added: ['zlib', 'xz'], updated: [], unchanged: [], retired: [], returned: [], kept: [], written: true });
    assert.match(readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8'), /"name":"xz"/);
  });
});

test('import: a source with problems, no ports or a native PortIndex that cannot be read leaves the catalogue untouched', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'good.json'), index(port('zlib')));
    assert.is((await runCli(['import', 'good.json'], { cwd: dir })).code, 0);
    const catalogue = path.join(dir, 'catalogue', 'portindex.json');
    const before = readFileSync(catalogue, 'utf8');

    writeFileSync(path.join(dir, 'bad.json'), index(port('zlib'), { name: 'bad name', portdir: 'x/y', version: '1' }));
    const bad = await runCli(['import', 'bad.json'], { cwd: dir });
    assert.is(bad.code, 1);
    assert.match(bad.stderr, /^bad\.json: ports\[1\]\.name \(port bad name\): error: .*\[invalid-value\]\nimport failed: the catalogue is untouched\n$/);

    writeFileSync(path.join(dir, 'empty.json'), index());
    const empty = await runCli(['import', 'empty.json', '--json'], { cwd: dir });
    assert.is(empty.code, 1);
    assert.equal((JSON.parse(empty.stdout) as Array<{ code: string }>).map((p) => p.code), ['no-ports']);

    writeFileSync(path.join(dir, 'PortIndex'), 'zlib 42\nportdir archivers/zlib name zlib version 1.3.1\n');
    const native = await runCli(['import', 'PortIndex'], { cwd: dir });
    assert.is(native.code, 1);
    assert.match(native.stderr, /^PortIndex:1 \(port zlib\): error: expected the entry's 42 characters to end with its newline, found "1\.3\.1" left on its line: its length is wrong \[invalid-value\]\nimport failed: the catalogue is untouched\n$/);

    assert.is(readFileSync(catalogue, 'utf8'), before);
    assert.not.ok(existsSync(`${catalogue}.tmp`));
  });
});

test('import: a JSON source in any layout (one line, indented, a port a line) makes the same catalogue; a port that is not JSON is located in the document', async () => {
  await withTempDir(async (dir) => {
    const ports = [
      port('zlib', '1.3.1', { description: 'Lossless "data" compression \\ tools', categories: ['archivers'] }),
      port('cafe', '2.0', { description: 'Un café 中文 🙂', maintainers: [{ email: { name: 'barista', domain: 'gmail.com' } }] }),
      port('curl', '8.9', { depends_lib: ['port:zlib'], notes: 'line\u2028separator' }),
    ];
    const document = { info: { converter: 'portindex2json' }, ports };
    const layouts = {
      oneLine: JSON.stringify(document),
      indented: JSON.stringify(document, null, 4),
      portALine: `{"info": {"converter": "portindex2json"}, "ports": [\n${ports.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`,
      spaced: JSON.stringify(document).replace(/,"/g, ', "').replace(/":/g, '": '),
    };
    const written = new Set<string>();
    for (const [name, text] of Object.entries(layouts)) {
      writeFileSync(path.join(dir, `${name}.json`), text);
      const run = await runCli(['import', `${name}.json`, '--catalogue', name], { cwd: dir });
      assert.is(run.code, 0, `${name}: ${run.stderr}`);
      written.add(readFileSync(path.join(dir, name, 'portindex.json'), 'utf8'));
    }
    assert.is(written.size, 1, 'one catalogue whatever the layout');
    assert.match([...written][0]!, /"name":"cafe".*Un café 中文 🙂/);

    writeFileSync(path.join(dir, 'broken.json'), layouts.portALine.replace('"version":"2.0"', '"version":"2.0",'));
    const broken = await runCli(['import', 'broken.json', '--catalogue', 'oneLine'], { cwd: dir });
    assert.is(broken.code, 1);
    assert.match(broken.stderr, /^broken\.json:3:\d+: error: .*\[invalid-json\]/);

    writeFileSync(path.join(dir, 'bad.json'), layouts.indented.replace('"name": "curl"', '"name": "cu rl"'));
    const bad = await runCli(['import', 'bad.json', '--catalogue', 'oneLine'], { cwd: dir });
    assert.is(bad.code, 1);
    assert.match(bad.stderr, /^bad\.json: ports\[2\]\.name \(port cu rl\): error: .*\[invalid-value\]/);
  });
});

test('import: a source on standard input that is not UTF-8 is refused as a file would be, located, and nothing is written', async () => {
  await withTempDir(async (dir) => {
    // Byte 66 (after the BOM, which is dropped) and byte 52 are 0xff: no UTF-8 sequence starts with it.
    const bytes = Buffer.concat([Buffer.from('\ufeff{"ports":[{"name":"zlib","portdir":"archivers/zlib","version":"1.3'), Buffer.from([0xff]), Buffer.from('"}]}\n')]);
    for (const native of [false, true]) {
      const input = native ? Buffer.concat([Buffer.from('zlib 44\nname zlib portdir archivers/zlib version 1.3'), Buffer.from([0xff]), Buffer.from('\n')]) : bytes;
      const run = spawnSync(process.execPath, [BIN, 'import', '-'], { cwd: dir, input, encoding: 'utf8' });
      assert.is(run.status, 1, run.stderr);
      const at = native ? '2:45: error: expected UTF-8 text, found the byte 0xff at byte offset 52' : '1:67: error: expected UTF-8 text, found the byte 0xff at byte offset 66';
      assert.is(run.stderr, `<stdin>:${at} that does not start a valid UTF-8 sequence [invalid-utf8]\nimport failed: the catalogue is untouched\n`);
      assert.not.ok(existsSync(path.join(dir, 'catalogue')));
    }
  });
});

test('import: an empty or blank source is empty-file, named for what an import takes, from a file as from standard input', async () => {
  await withTempDir(async (dir) => {
    const expected = "expected a PortIndex: MacPorts' native index or portindex2json's JSON";
    for (const [input, found] of [['', 'an empty file'], ['\ufeff \n\t\r\n', 'white space only']] as const) {
      writeFileSync(path.join(dir, 'source'), input);
      const fromFile = spawnSync(process.execPath, [BIN, 'import', 'source'], { cwd: dir, encoding: 'utf8' });
      const piped = spawnSync(process.execPath, [BIN, 'import', '-'], { cwd: dir, input, encoding: 'utf8' });
      for (const [run, name] of [[fromFile, 'source'], [piped, '<stdin>']] as const) {
        assert.is(run.status, 1, run.stderr);
        assert.is(run.stderr, `${name}: error: ${expected}, found ${found} [empty-file]\nimport failed: the catalogue is untouched\n`);
      }
      assert.not.ok(existsSync(path.join(dir, 'catalogue')));
    }
  });
});

test('import: SIGINT while two threads check a large source ends both at once, exit 130, the catalogue as it was', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'first.json'), index(port('zlib')));
    assert.is((await runCli(['import', 'first.json'], { cwd: dir })).code, 0);
    const before = readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8');
    // Some 25 MB of native entries: past the size checked on two threads, and a second or so
    // of checking.
    const long = 'word '.repeat(160);
    const entries = Array.from({ length: 30_000 }, (_, i) => {
      const list = `name p${i} portdir devel/p${i} version 1.${i} description {${long}}`;
      return `p${i} ${list.length + 1}\n${list}\n`;
    });
    // The import says each phase as it begins (PORTS_GEN_TEST_PHASES): the signal comes once the
    // second thread checks the entries and this one has read the catalogue and checks too.
    const child = spawn(process.execPath, [BIN, 'import', '-'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PORTS_GEN_TEST_PHASES: '1' } });
    let stderr = '';
    let sent = false;
    const checking = 'phase: reading catalogue/portindex.json\nphase: checking the ports\n';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (!sent && stderr.includes(checking)) sent = child.kill('SIGINT');
    });
    const ended = new Promise<number | null>((resolve) => child.on('exit', (exit) => resolve(exit)));
    for (const text of entries) if (!child.stdin.write(text)) await new Promise((resolve) => child.stdin.once('drain', resolve));
    child.stdin.end();
    assert.is(await ended, 130, stderr);
    assert.ok(stderr.includes(checking), 'interrupted while the entries were checked');
    assert.is(stderr.split('\n').filter((line) => !line.startsWith('phase: ')).join('\n'), 'ports-gen: import interrupted (SIGINT): nothing was written, the catalogue is untouched\n');
    assert.is(readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8'), before);
  });
});

test('import: SIGINT or SIGTERM while it reads says so in one line, exits 130 or 143, and leaves the catalogue as it was', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'first.json'), index(port('zlib')));
    assert.is((await runCli(['import', 'first.json'], { cwd: dir })).code, 0);
    const before = readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8');
    for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      // The index comes on a pipe that stays open: the import is waiting for the rest of it.
      const child = spawn(process.execPath, [BIN, 'import', '-'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const ended = new Promise<number | null>((resolve) => child.on('exit', (exit) => resolve(exit)));
      // More than a pipe holds: once it drains, the import is reading it, so its handlers are
      // there (before them, the signal would kill it outright).
      const start = ' '.repeat(1 << 20) + index(port('zlib', '2.0')).slice(0, 20);
      if (!child.stdin.write(start)) await new Promise((resolve) => child.stdin.once('drain', resolve));
      child.kill(signal);
      assert.is(await ended, code, stderr);
      assert.is(stderr, `ports-gen: import interrupted (${signal}): nothing was written, the catalogue is untouched\n`);
      assert.is(readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8'), before);
      assert.equal(readdirSync(path.join(dir, 'catalogue')).sort(), ['changes.ndjson', 'portindex.json'], 'the first import\'s record alone');
      assert.is(readFileSync(path.join(dir, 'catalogue', 'changes.ndjson'), 'utf8').split('\n').length, 2);
    }
  });
});

test('import: an interrupt between its steps writes nothing', async () => {
  await withTempDir(async (dir) => {
    const interrupts = new AbortController();
    let caught: unknown;
    await importCatalogue({
      cwd: dir, source: '-', catalogue: 'catalogue', dryRun: false, signal: interrupts.signal,
      // Ctrl-C comes just as the whole index has been read.
      stdin: async () => {
        interrupts.abort('SIGINT');
        return Buffer.from(index(port('zlib')));
      },
    }).catch((cause: unknown) => (caught = cause));
    assert.instance(caught, Interrupted);
    assert.not.ok(existsSync(path.join(dir, 'catalogue')));
  });
});

const HISTORY = path.join(FIXTURES, 'import-history');

test('a history of three native PortIndex snapshots, through the CLI: added, retired, returned, a case change kept out, and the built site says which ports are active', async () => {
  await withTempDir(async (dir) => {
    const site = (port: string) => JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/ports', port, 'index.json'), 'utf8')) as { name: string; version: string; active: boolean };
    const cycle = async (snapshot: string) => {
      cpSync(path.join(HISTORY, snapshot), path.join(dir, 'PortIndex'));
      const imported = await runCli(['import', 'PortIndex', '--json'], { cwd: dir });
      assert.is(imported.code, 0, imported.stderr);
      const built = await runCli(['build', '--quiet', '--no-builds'], { cwd: dir });
      assert.is(built.code, 0, built.stderr);
      return JSON.parse(imported.stdout) as Record<string, unknown>;
    };

    assert.equal(await cycle('PortIndex-1'), { added: ['zlib', 'curl', 'SDL2', 'oldtool'], updated: [], unchanged: [], retired: [], returned: [], kept: [], written: true });
    assert.equal(await cycle('PortIndex-2'), { added: ['newport'], updated: ['zlib', 'SDL2'], unchanged: ['curl'], retired: ['oldtool'], returned: [], kept: [], written: true });
    assert.equal([site('oldtool').active, site('oldtool').version], [false, '1.0'], 'retired: still published, as it was, inactive');
    assert.equal([site('SDL2').name, site('SDL2').version], ['SDL2', '2.30.0'], 'the first spelling, the newest data');
    assert.not.ok(existsSync(path.join(dir, 'dist/api/v1/ports/sdl2')), 'no second page for the new spelling');

    assert.equal(await cycle('PortIndex-3'), { added: [], updated: ['SDL2', 'newport'], unchanged: ['zlib'], retired: ['curl'], returned: ['oldtool'], kept: [], written: true });
    assert.equal([site('oldtool').active, site('oldtool').version], [true, '1.1'], 'returned: active, with the new data');
    assert.equal([site('curl').active, site('zlib').active, site('newport').active], [false, true, true]);
    // The catalogue's order is the order ports were first seen; the ports list is its reverse.
    const list = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/pages/ports/page-1.json'), 'utf8')) as { results: Array<{ name: string }> };
    assert.equal(list.results.map((port) => port.name), ['newport', 'oldtool', 'SDL2', 'curl', 'zlib']);

    const again = await runCli(['import', 'PortIndex', '--json'], { cwd: dir });
    assert.equal(JSON.parse(again.stdout), { added: [], updated: [], unchanged: ['zlib', 'curl', 'SDL2', 'oldtool', 'newport'], retired: [], returned: [], kept: [], written: false });
  });
});

test.run();
