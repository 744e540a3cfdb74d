import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, validateCatalogue } from '../../src/build/build.js';
import type { Location } from '../../src/core/problems/problem.js';
import { KEPT_PROBLEMS } from '../../src/core/problems/problem-log.js';
import { formatProblems } from '../../src/cli/format-text.js';
import { writeCatalogue, zlib, type CatalogueSource } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

const P = 'catalogue/portindex.json';
const B = 'catalogue/builds.ndjson';
const ports = (...list: unknown[]) => ({ info: {}, ports: list });
const ok = (line: Record<string, unknown>) => JSON.stringify({ build_id: 1, files: [], ...line });

/** A location as the cases below write it: `file`, `line 3, column 20`, `line 2, build_id`, `ports[0].name`. */
function where({ line, column, path }: Location): string {
  if (line === undefined) return path ?? 'file';
  return [`line ${line}`, column === undefined ? [] : [`column ${column}`], path ?? []].flat().join(', ');
}

interface Case {
  name: string;
  source: CatalogueSource;
  /** [code, file, location] of every expected problem, in report order. */
  problems: Array<[string, string, string]>;
  strict?: boolean;
}

const cases: Case[] = [
  { name: 'missing portindex.json', source: { portindex: undefined as unknown as string }, problems: [['unreadable-file', P, 'file'], ['no-builds-file', B, 'file']] },
  { name: 'empty portindex.json', source: { portindex: '' }, problems: [['empty-file', P, 'file']] },
  { name: 'truncated JSON names line and column', source: { portindex: '{\n  "ports": [\n    {"name": "zlib"' }, problems: [['invalid-json', P, 'line 3, column 20']] },
  {
    // Split into its ports, the second does not parse: the whole document is parsed, and the
    // error located in it.
    name: 'a syntax error inside an indented port names line and column',
    source: { portindex: '{\n  "ports": [\n    {\n      "name": "zlib",\n      "portdir": "archivers/zlib",\n      "version": "1"\n    },\n    {\n      "name": "xz"\n      "portdir": "archivers/xz",\n      "version": "5"\n    }\n  ]\n}\n' },
    problems: [['invalid-json', P, 'line 10, column 7']],
  },
  { name: 'invalid UTF-8 named by line and byte', source: { portindex: Buffer.concat([Buffer.from('{"ports": [\n{"name": "z'), Buffer.from([0xff]), Buffer.from('"}]}')]) }, problems: [['invalid-utf8', P, 'line 2, column 12']] },
  { name: 'no ports array', source: { portindex: { info: {} } }, problems: [['missing-key', P, 'ports']] },
  { name: 'empty ports array', source: { portindex: ports() }, problems: [['no-ports', P, 'ports']] },
  { name: 'a port that is not an object', source: { portindex: ports(zlib, 'curl') }, problems: [['invalid-type', P, 'ports[1]']] },
  { name: 'missing required keys', source: { portindex: ports({ name: 'zlib' }) }, problems: [['missing-key', P, 'ports[0].portdir'], ['missing-key', P, 'ports[0].version']] },
  { name: 'name with a slash', source: { portindex: ports({ ...zlib, name: 'a/b' }) }, problems: [['invalid-value', P, 'ports[0].name']] },
  { name: 'name starting with a dot', source: { portindex: ports({ ...zlib, name: '..' }) }, problems: [['invalid-value', P, 'ports[0].name']] },
  { name: 'name with a space', source: { portindex: ports({ ...zlib, name: 'a b' }) }, problems: [['invalid-value', P, 'ports[0].name']] },
  { name: 'name starting with a dash', source: { portindex: ports({ ...zlib, name: '-x' }) }, problems: [['invalid-value', P, 'ports[0].name']] },
  { name: 'names unique case-insensitively', source: { portindex: ports(zlib, { ...zlib, name: 'ZLib' }) }, problems: [['duplicate-name', P, 'ports[1].name']] },
  { name: 'portdir with one segment', source: { portindex: ports({ ...zlib, portdir: 'zlib' }) }, problems: [['invalid-value', P, 'ports[0].portdir']] },
  { name: 'portdir with three segments', source: { portindex: ports({ ...zlib, portdir: 'a/b/c' }) }, problems: [['invalid-value', P, 'ports[0].portdir']] },
  { name: 'epoch not digits', source: { portindex: ports({ ...zlib, epoch: '1.5' }) }, problems: [['invalid-value', P, 'ports[0].epoch']] },
  { name: 'epoch negative', source: { portindex: ports({ ...zlib, epoch: -1 }) }, problems: [['invalid-value', P, 'ports[0].epoch']] },
  { name: 'version not a string', source: { portindex: ports({ ...zlib, version: 1.3 }) }, problems: [['invalid-type', P, 'ports[0].version']] },
  { name: 'license of the wrong shape', source: { portindex: ports({ ...zlib, license: [['MIT', ['deep']]] }) }, problems: [['invalid-type', P, 'ports[0].license']] },
  { name: 'maintainer email without domain', source: { portindex: ports({ ...zlib, maintainers: [{ email: { name: 'x' } }] }) }, problems: [['missing-key', P, 'ports[0].maintainers[0].email.domain']] },
  { name: 'dependency that is not a string', source: { portindex: ports({ ...zlib, depends_lib: ['port:a', 3] }) }, problems: [['invalid-type', P, 'ports[0].depends_lib[1]']] },
  // The pages link to it as to a port: a name, never markup (a script once ran from one).
  { name: 'replaced_by that is no port name', source: { portindex: ports({ ...zlib, replaced_by: 'x<script>alert(1)</script>' }) }, problems: [['invalid-value', P, 'ports[0].replaced_by']] },
  { name: 'replaced_by empty or a name', source: { portindex: ports(zlib, { ...zlib, name: 'a', replaced_by: '' }, { ...zlib, name: 'b', replaced_by: 'libsigc++' }) }, problems: [] },
  { name: 'active not a boolean', source: { portindex: ports({ ...zlib, active: 'yes' }) }, problems: [['invalid-type', P, 'ports[0].active']] },
  // The lone surrogate in a later port, after ports with no backslash and one with a valid escape: every port's text is told apart.
  { name: 'lone surrogate in a later port (ASCII document)', source: { portindex: '{"ports":[{"name":"a","portdir":"a/a","version":"1"},{"name":"b","portdir":"a/b","version":"1","description":"x\\ny"},{"name":"c","portdir":"a/c","version":"1"},{"name":"d","portdir":"a/d","version":"1","long_description":"\\udc00"},{"name":"e","portdir":"a/e","version":"1"}]}' }, problems: [['invalid-value', P, 'ports[3].long_description']] },
  { name: 'lone surrogate in a later port (non-ASCII document)', source: { portindex: '{"ports":[{"name":"a","portdir":"a/a","version":"1","description":"café"},{"name":"b","portdir":"a/b","version":"1","description":"x\\ny"},{"name":"c","portdir":"a/c","version":"1"},{"name":"d","portdir":"a/d","version":"1","long_description":"\\udc00"},{"name":"e","portdir":"a/e","version":"1"}]}' }, problems: [['invalid-value', P, 'ports[3].long_description']] },
  { name: 'lone surrogate in text', source: { portindex: '{"ports":[{"name":"zlib","portdir":"a/zlib","version":"1","description":"\\ud800"}]}' }, problems: [['invalid-value', P, 'ports[0].description']] },
  { name: 'unresolved dependency is a warning', source: { portindex: ports({ ...zlib, depends_lib: ['port:ghost'] }) }, problems: [['unresolved-dependency', P, 'ports[0].depends_lib[0]']] },
  { name: '--strict makes it an error', strict: true, source: { portindex: ports({ ...zlib, depends_lib: ['port:ghost'] }) }, problems: [['unresolved-dependency', P, 'ports[0].depends_lib[0]']] },
  { name: 'build line that is not JSON', source: { portindex: ports(zlib), builds: `${ok({})}\n{"build_id": 2, "files": [}\n` }, problems: [['invalid-json', B, 'line 2, column 27']] },
  { name: 'lone surrogate in a path', source: { portindex: ports(zlib), builds: '{"build_id":1,"files":["/a","/b\\udc00"]}\n' }, problems: [['invalid-value', B, 'line 1, files[1]']] },
  { name: 'build id zero', source: { portindex: ports(zlib), builds: ok({ build_id: 0 }) }, problems: [['invalid-value', B, 'line 1, build_id']] },
  { name: 'build id past 32 bits', source: { portindex: ports(zlib), builds: ok({ build_id: 2147483648 }) }, problems: [['invalid-value', B, 'line 1, build_id']] },
  { name: 'build id not an integer', source: { portindex: ports(zlib), builds: ok({ build_id: 1.5 }) }, problems: [['invalid-type', B, 'line 1, build_id']] },
  { name: 'build id as a string', source: { portindex: ports(zlib), builds: ok({ build_id: '7' }) }, problems: [['invalid-type', B, 'line 1, build_id']] },
  { name: 'duplicate build ids name both lines', source: { portindex: ports(zlib), builds: [ok({ build_id: 5 }), '', ok({ build_id: 6 }), ok({ build_id: 5 })].join('\n') }, problems: [['duplicate-build-id', B, 'line 4']] },
  { name: 'files not an array', source: { portindex: ports(zlib), builds: ok({ files: '/opt/local/bin/x' }) }, problems: [['invalid-type', B, 'line 1, files']] },
  { name: 'a file that is not a string', source: { portindex: ports(zlib), builds: ok({ files: ['/a', null] }) }, problems: [['invalid-type', B, 'line 1, files[1]']] },
  { name: 'invalid UTF-8 in a build line', source: { portindex: ports(zlib), builds: Buffer.concat([Buffer.from(`${ok({})}\n{"build_id":2,"files":["/`), Buffer.from([0xc3, 0x28]), Buffer.from('"]}\n')]) }, problems: [['invalid-utf8', B, 'line 2, column 26']] },
  { name: 'all problems of both files in one run', source: { portindex: ports({ ...zlib, epoch: 'x' }), builds: `${ok({ build_id: -1 })}\nnot json\n` }, problems: [['invalid-value', P, 'ports[0].epoch'], ['invalid-value', B, 'line 1, build_id'], ['invalid-json', B, 'line 2, column 1']] },
  { name: 'a BOM and CRLF lines are accepted', source: { portindex: `\ufeff${JSON.stringify(ports(zlib))}`, builds: `\ufeff${ok({})}\r\n\r\n${ok({ build_id: 2 })}\r\n` }, problems: [] },
  { name: 'a name longer than a file name may be', source: { portindex: ports(zlib, { ...zlib, name: 'n'.repeat(256) }, { ...zlib, name: 'm'.repeat(255) }) }, problems: [['invalid-value', P, 'ports[1].name']] },
  { name: 'extra keys are accepted and ignored', source: { portindex: { info: { x: 1 }, ports: [{ ...zlib, subports: ['a'], notes: 'n', closedmaintainer: false, revision: '2', installs_libs: 'no' }] }, builds: ok({ port_name: 'zlib', extra: true }) }, problems: [] },
];

for (const c of cases) {
  test(c.name, async () => {
    await withTempDir(async (dir) => {
      if (c.source.portindex === undefined) mkdirSync(path.join(dir, 'catalogue'));
      else writeCatalogue(path.join(dir, 'catalogue'), c.source);
      const result = await validateCatalogue({ cwd: dir, catalogue: 'catalogue', strict: c.strict ?? false });
      const found = result.log.kept.map((p) => [p.code, p.file, where(p.location)]);
      assert.equal(found, c.problems);
      const errors = c.problems.filter(([code]) => c.strict || code !== 'unresolved-dependency').length;
      assert.is(result.ok, errors === 0);
      for (const problem of result.log.kept) assert.ok(problem.message.includes('expected') || problem.code === 'unresolved-dependency' || problem.code === 'unreadable-file', problem.message);
    });
  });
}

test('the port name is given with problems of a named port', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: ports(zlib, { ...zlib, name: 'curl', epoch: 'x' }) });
    const result = await validateCatalogue({ cwd: dir, catalogue: 'catalogue', strict: false });
    assert.is(result.log.kept[0]?.port, 'curl');
    assert.match(result.log.kept[0]!.message, /found the string "x"/);
  });
});

test('errors are kept and shown ahead of warnings, however many warnings come first', async () => {
  await withTempDir(async (dir) => {
    const dangling = Array.from({ length: 1500 }, (_, i) => `port:ghost${i}`);
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: ports({ ...zlib, depends_lib: dangling }), builds: `${ok({})}\n${ok({ build_id: 0 })}\n` });
    const result = await validateCatalogue({ cwd: dir, catalogue: 'catalogue', strict: false });
    assert.is(result.ok, false);
    assert.equal([result.log.errors, result.log.warnings], [1, 1500]);
    assert.equal(result.log.kept.slice(0, 2).map((p) => [p.code, p.severity]), [['invalid-value', 'error'], ['unresolved-dependency', 'warning']]);
    assert.is(result.log.kept.length, 1 + KEPT_PROBLEMS);
    const text = formatProblems(result.log).split('\n');
    assert.match(text[0]!, /^catalogue\/builds\.ndjson:2: build_id: error: /);
    assert.match(text.at(-1)!, /1451 more warnings not shown \(1500 in all; of the first 1000, unresolved-dependency: 1000\)/);
  });
});

test('a build counts every problem of builds.ndjson, paged on the writer thread, and keeps the first of them with their lines', async () => {
  await withTempDir(async (dir) => {
    const lines = Array.from({ length: KEPT_PROBLEMS + 300 }, (_, i) => ok({ build_id: -(i + 1) }));
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: ports(zlib), builds: `${ok({ build_id: 7 })}\n${lines.join('\n')}\n` });
    const result = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 2, strict: false });
    assert.is(result.ok, false);
    assert.equal([result.log.errors, result.log.kept.length], [KEPT_PROBLEMS + 300, KEPT_PROBLEMS]);
    assert.equal(result.log.kept[0]!.location, { line: 2, path: 'build_id' });
    assert.not.ok(existsSync(path.join(dir, 'dist')), 'nothing published');
    assert.equal(readdirSync(path.join(dir, '.dist.ports-gen')).filter((entry) => entry.startsWith('trash-') || entry.startsWith('new-')), [], 'nothing left of the pages made ahead');
  });
});

test('--strict: warnings made errors never crowd out an error of its own kind, in the text or in --json', async () => {
  await withTempDir(async (dir) => {
    const dangling = Array.from({ length: 3010 }, (_, i) => `port:ghost${i}`);
    const lines = Array.from({ length: 200 }, (_, i) => ok({ build_id: i + 1 }));
    lines[122] = ok({ build_id: -5 });
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: ports({ ...zlib, depends_lib: dangling }), builds: `${lines.join('\n')}\n` });
    const run = await runCli(['build', '--strict', '--json'], { cwd: dir });
    assert.is(run.code, 1);
    const problems = JSON.parse(run.stdout) as Array<{ code: string; location: { line?: number; path?: string }; severity: string }>;
    assert.equal(problems[0], { ...problems[0]!, code: 'invalid-value', location: { line: 123, path: 'build_id' }, severity: 'error' });
    assert.is(problems.filter((p) => p.code === 'unresolved-dependency' && p.severity === 'error').length, KEPT_PROBLEMS);
    const text = await runCli(['build', '--strict'], { cwd: dir });
    assert.match(text.stderr.split('\n')[0]!, /^catalogue\/builds\.ndjson:123: build_id: error: /);
  });
});

test('portindex.json that is a FIFO or a device is refused, not waited on or read without end', async () => {
  await withTempDir(async (dir) => {
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: ports(zlib) });
    const file = path.join(dir, 'catalogue', 'portindex.json');
    rmSync(file);
    execFileSync('mkfifo', [file]);
    const fifo = await validateCatalogue({ cwd: dir, catalogue: 'catalogue', strict: false });
    assert.equal(fifo.log.kept.map((p) => [p.code, p.file, p.message]), [['unreadable-file', P, 'the file cannot be read (not a regular file)']]);
    rmSync(file);
    symlinkSync('/dev/zero', file);
    const device = await validateCatalogue({ cwd: dir, catalogue: 'catalogue', strict: false });
    assert.equal(device.log.kept.map((p) => [p.code, p.message]), [['unreadable-file', 'the file cannot be read (not a regular file)']]);
  });
});

test.run();
