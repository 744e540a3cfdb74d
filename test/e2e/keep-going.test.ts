import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mergePorts, type PortObject } from '../../src/derive/merge-ports.js';
import type { Problem } from '../../src/core/problems/problem.js';
import { nativePortIndex, type NativeEntry } from '../support/native-writer.js';
import { withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

/**
 * `ports-gen import --keep-going`: a port the source does not describe usably keeps its previous
 * entry, neither updated nor retired (the live service retires such ports, its most reported
 * defect); a new one is left out; each is a warning. A problem of the source's layout still
 * fails the import.
 */

const held = (ports: PortObject[]) => ports.map((p) => ({ name: p.name, active: p.active !== false, text: JSON.stringify(p) }));
const listed = (ports: PortObject[]) => ports.map((p) => ({ name: p.name, text: JSON.stringify(p) }));

test('merge: an unusable port keeps its entry as it is (active or not), a new one is left out, the rest merge as ever', () => {
  const existing: PortObject[] = [{ name: 'zlib', version: '1' }, { name: 'Curl', version: '8' }, { name: 'old', version: '1', active: false }, { name: 'gone', version: '1' }];
  const incoming: PortObject[] = [{ name: 'zlib', version: '2' }, { name: 'curl', version: '9' }, { name: 'fresh', version: '1' }, { name: 'broken-new', version: '1' }];
  const { texts, changes } = mergePorts(held(existing), listed(incoming), new Set(['curl', 'old', 'broken-new']));
  assert.equal(texts.map((text) => JSON.parse(text) as PortObject), [
    { name: 'zlib', version: '2' },
    { name: 'Curl', version: '8' },
    { name: 'old', version: '1', active: false },
    { name: 'gone', version: '1', active: false },
    { name: 'fresh', version: '1' },
  ]);
  assert.equal(changes, { added: ['fresh'], updated: ['zlib'], unchanged: [], retired: ['gone'], returned: [], kept: ['Curl', 'old'] });
});

const port = (name: string, version: string, more: Array<[string, string]> = []): NativeEntry => ({
  name,
  pairs: [['name', name], ['portdir', `devel/${name}`], ['version', version], ['categories', 'devel'], ...more],
});

test('CLI, native source: a broken entry keeps its port\'s previous data and it stays active; a new broken one is left out; each is a warning', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'first'), nativePortIndex([port('zlib', '1.3'), port('curl', '8.9'), port('xz', '5.4')]));
    assert.is((await runCli(['import', 'first'], { cwd: dir })).code, 0);
    const catalogue = path.join(dir, 'catalogue', 'portindex.json');
    const before = readFileSync(catalogue, 'utf8');
    const lineOf = (text: string, name: string) => text.split('\n').find((line) => line.startsWith(`{"name":"${name}"`));

    // curl's list does not parse, xz's epoch is refused, newbad is new and broken.
    const second = nativePortIndex([port('zlib', '1.3.1'), port('xz', '5.6', [['epoch', 'x']]), port('newgood', '1'), port('newbad', '1', [['epoch', '-1']])]);
    const broken = `${second}curl 29\nname curl version {8.10 open\n`;
    writeFileSync(path.join(dir, 'second'), broken);

    const refused = await runCli(['import', 'second', '--json'], { cwd: dir });
    assert.is(refused.code, 1);
    assert.equal((JSON.parse(refused.stdout) as Problem[]).map((p) => p.port), ['xz', 'newbad', 'curl']);
    assert.is(readFileSync(catalogue, 'utf8'), before, 'without --keep-going nothing is written');

    const kept = await runCli(['import', 'second', '--keep-going', '--json'], { cwd: dir });
    assert.is(kept.code, 0, kept.stderr);
    assert.equal(JSON.parse(kept.stdout), { added: ['newgood'], updated: ['zlib'], unchanged: [], retired: [], returned: [], kept: ['curl', 'xz'], written: true });
    const warnings = kept.stderr.split('\n').filter((line) => line.includes('[port-kept]'));
    assert.is(warnings.length, 3);
    assert.match(warnings[0]!, /^second:3: epoch \(port xz\): warning: expected .* \[invalid-value\]: the port keeps its previous entry, neither updated nor retired \(--keep-going\) \[port-kept\]$/);
    assert.match(warnings[1]!, /\(port newbad\): warning: .*: the port, new, is left out \(--keep-going\) \[port-kept\]$/);
    assert.match(warnings[2]!, /^second:9 \(port curl\): warning: expected the port data to be a Tcl list, .*the port keeps its previous entry/);

    const after = readFileSync(catalogue, 'utf8');
    for (const name of ['curl', 'xz']) assert.is(lineOf(after, name)?.replace(/,$/, ''), lineOf(before, name)?.replace(/,$/, ''), `${name}: byte for byte as before, so active`);
    assert.match(lineOf(after, 'zlib')!, /"version":"1\.3\.1"/);
    assert.not.ok(lineOf(after, 'newbad'));

    const text = await runCli(['import', 'second', '--keep-going'], { cwd: dir });
    assert.match(text.stdout, /^imported second: 0 added, 0 updated, 2 unchanged, 0 retired, 0 returned, 2 kept as they were \(not usable in the source\) \(nothing to write\)\n {2}kept: curl xz\n$/);
  });
});

test('CLI, --keep-going: a problem of the layout (a header line, a length, the file cut short) still fails the import, nothing written', async () => {
  await withTempDir(async (dir) => {
    writeFileSync(path.join(dir, 'first'), nativePortIndex([port('zlib', '1.3'), port('curl', '8.9')]));
    assert.is((await runCli(['import', 'first'], { cwd: dir })).code, 0);
    const catalogue = path.join(dir, 'catalogue', 'portindex.json');
    const before = readFileSync(catalogue, 'utf8');
    const good = nativePortIndex([port('zlib', '1.3.1')]);
    const sources = {
      header: `${good}not a header\n`,
      length: `${good}curl 5\nname curl version 9\n`,
      truncated: `${good}curl 500\nname curl version 9\n`,
    };
    for (const [name, source] of Object.entries(sources)) {
      writeFileSync(path.join(dir, name), source);
      const run = await runCli(['import', name, '--keep-going', '--json'], { cwd: dir });
      assert.is(run.code, 1, name);
      const codes = (JSON.parse(run.stdout) as Problem[]).map((p) => p.code);
      assert.equal(codes, [name === 'truncated' ? 'truncated' : 'invalid-value'], name);
      assert.is(readFileSync(catalogue, 'utf8'), before, name);
    }
  });
});

test('CLI, JSON source: a port a build would refuse is kept with --keep-going, as in a native one', async () => {
  await withTempDir(async (dir) => {
    const index = (...ports: object[]) => JSON.stringify({ ports });
    writeFileSync(path.join(dir, 'first.json'), index({ name: 'zlib', portdir: 'archivers/zlib', version: '1.3' }, { name: 'xz', portdir: 'archivers/xz', version: '5.4' }));
    assert.is((await runCli(['import', 'first.json'], { cwd: dir })).code, 0);
    writeFileSync(path.join(dir, 'second.json'), index({ name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1' }, { name: 'xz', portdir: 'xz', version: '5.6' }));
    const run = await runCli(['import', 'second.json', '--keep-going', '--json'], { cwd: dir });
    assert.is(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout), { added: [], updated: ['zlib'], unchanged: [], retired: [], returned: [], kept: ['xz'], written: true });
    assert.match(run.stderr, /^second\.json: ports\[1\]\.portdir \(port xz\): warning: expected a portdir of two non-empty segments.*\[port-kept\]$/m);
    const { ports } = JSON.parse(readFileSync(path.join(dir, 'catalogue', 'portindex.json'), 'utf8')) as { ports: PortObject[] };
    assert.equal(ports.find((p) => p.name === 'xz'), { name: 'xz', portdir: 'archivers/xz', version: '5.4' });
  });
});

test.run();
