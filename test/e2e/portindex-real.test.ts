import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Problem } from '../../src/core/problems/problem.js';
import { FIXTURES, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/**
 * Real PortIndex files, written by MacPorts' own `portindex` in public ports trees, each beside
 * the JSON MacPorts' `portindex2json` made of it (test/fixtures/portindex-real/): the ground
 * truth of the native format. Each must import to exactly that JSON's ports, and build as it.
 */
const REAL = path.join(FIXTURES, 'portindex-real');
const REAL_FILES = ['SpectrumIM__ports.PortIndex', 'dcreager__ports.PortIndex', 'kencu__SnowLeopardPorts.PortIndex'];

const portsOf = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { ports: unknown[] }).ports;

/** The API tree of a built site (what a reader sees), without the build's own bookkeeping. */
const apiOf = (site: string) => new Map([...readTree(site)].filter(([file]) => file.startsWith('api/')));

for (const name of REAL_FILES) {
  test(`real PortIndex ${name}: through the CLI, the ports portindex2json made of it, as JSON values; built, the same site as from that JSON`, async () => {
    await withTempDir(async (dir) => {
      const native = await runCli(['import', path.join(REAL, name), '--catalogue', 'native', '--json'], { cwd: dir });
      assert.is(native.code, 0, native.stderr);
      const reference = portsOf(path.join(REAL, `${name}.json`));
      assert.is((JSON.parse(native.stdout) as { added: string[] }).added.length, reference.length);
      assert.equal(portsOf(path.join(dir, 'native', 'portindex.json')), reference);

      const json = await runCli(['import', path.join(REAL, `${name}.json`), '--catalogue', 'json'], { cwd: dir });
      assert.is(json.code, 0, json.stderr);
      assert.is(readFileSync(path.join(dir, 'native', 'portindex.json'), 'utf8'), readFileSync(path.join(dir, 'json', 'portindex.json'), 'utf8'));
      for (const catalogue of ['native', 'json']) {
        const built = await runCli(['build', '--catalogue', catalogue, '--out', `site-${catalogue}`, '--no-builds', '--quiet', '--json'], { cwd: dir });
        assert.is(built.code, 0, built.stdout);
      }
      const site = apiOf(path.join(dir, 'site-native'));
      assert.equal(site, apiOf(path.join(dir, 'site-json')));
      for (const port of reference as Array<{ name: string; version: string }>) {
        const file = JSON.parse(site.get(`api/v1/ports/${port.name}/index.json`)!.toString('utf8')) as { version: string };
        assert.is(file.version, port.version);
      }
    });
  });
}

test('real PortIndex: each port\'s <length> counts its newline; without it, every entry is refused as one short', async () => {
  await withTempDir(async (dir) => {
    const text = readFileSync(path.join(REAL, 'dcreager__ports.PortIndex'), 'utf8');
    writeFileSync(path.join(dir, 'PortIndex'), text.replace(/^(\S+) (\d+)$/gm, (_, port: string, length: string) => `${port} ${Number(length) - 1}`));
    const run = await runCli(['import', 'PortIndex', '--json'], { cwd: dir });
    assert.is(run.code, 1);
    const problems = JSON.parse(run.stdout) as Problem[];
    assert.equal(problems.map((p) => [p.location.line, p.port]), [[1, 'buddy'], [3, 'graffle-export'], [5, 'rb-rake-latex'], [7, 'entcs-latex'], [9, 'oxford-softeng-latex']]);
    for (const problem of problems) assert.match(problem.message, /its length is wrong \(one short: the length must count the newline too, as MacPorts writes it\)$/);
  });
});

const EARLY = path.join(FIXTURES, 'import-2003');

interface Warned {
  code: string;
  location: { path?: string };
  port?: string;
  severity: string;
}

const nestedWarnings = (stdout: string) => (JSON.parse(stdout) as Warned[]).filter((p) => p.code === 'nested-list').map((p) => [p.location.path, p.port, p.severity]);
const EARLY_WARNINGS = [
  ['ports[0].variants[0]', 'gettext', 'warning'],
  ['ports[0].variants[1]', 'gettext', 'warning'],
  ['ports[1].variants[0]', 'libiconv', 'warning'],
  ['ports[2].categories[1]', 'expat', 'warning'],
];

test('a 2003-style index: lists in lists import nested, as portindex2json writes them; a build joins them and warns, in every build', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(EARLY, 'PortIndex'), path.join(dir, 'PortIndex'));
    const imported = await runCli(['import', 'PortIndex'], { cwd: dir });
    assert.is(imported.code, 0, imported.stderr);
    assert.equal(portsOf(path.join(dir, 'catalogue', 'portindex.json')), portsOf(path.join(EARLY, 'PortIndex.json')));

    // And a port with no list in its lists, to change below.
    const catalogue = path.join(dir, 'catalogue', 'portindex.json');
    writeFileSync(catalogue, readFileSync(catalogue, 'utf8').replace(/\n\]\}\n$/, ',\n{"name":"zlib","portdir":"archivers/zlib","version":"1.3"}\n]}\n'));
    const build = () => runCli(['build', '--no-builds', '--quiet', '--json'], { cwd: dir });
    const first = await build();
    assert.is(first.code, 0, first.stdout);
    assert.equal(nestedWarnings(first.stdout), EARLY_WARNINGS);
    const gettext = JSON.parse(readFileSync(path.join(dir, 'dist/api/v1/ports/gettext/index.json'), 'utf8')) as { variants: string[] };
    assert.equal(gettext.variants, ['darwin powerpc', 'freebsd i386']);
    const text = await runCli(['build', '--no-builds'], { cwd: dir });
    assert.match(text.stderr, /^catalogue\/portindex\.json: ports\[0\]\.variants\[0\] \(port gettext\): warning: expected a string, found a list of 2 \(as early PortIndex files have\): read as Tcl reads it, "darwin powerpc" \[nested-list\]$/m);

    // A rebuild takes unchanged records from its cache; one with a port changed takes its
    // derivation from the last build's snapshot, or derives in full when the port changed has a
    // list in a list: the warnings are there all the same.
    assert.equal(nestedWarnings((await build()).stdout), EARLY_WARNINGS);
    // The port's file, its ports page and the two dumps; the dump's lengths when the port's changed.
    for (const [from, to, changed] of [['"version":"1.3"', '"version":"1.3.1"', 5], ['"version":"1.95.6"', '"version":"1.95.7"', 4], ['"version":"0.12.1"', '"version":"0.12.2"', 4]] as const) {
      writeFileSync(catalogue, readFileSync(catalogue, 'utf8').replace(from, to));
      const rebuilt = await runCli(['build', '--no-builds', '--json'], { cwd: dir });
      assert.equal(nestedWarnings(rebuilt.stdout), EARLY_WARNINGS, to);
      assert.match(rebuilt.stderr, new RegExp(`\\(${changed} changed, 0 removed since the site it replaced\\)`), to);
    }

    const strict = await runCli(['build', '--no-builds', '--strict', '--quiet', '--json'], { cwd: dir });
    assert.is(strict.code, 1);
    assert.equal(nestedWarnings(strict.stdout).map(([at, port]) => [at, port, 'error']), EARLY_WARNINGS.map(([at, port]) => [at, port, 'error']));
  });
});

test.run();
