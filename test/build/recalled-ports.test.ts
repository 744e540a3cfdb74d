import fc from 'fast-check';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, type BuildOptions } from '../../src/build/build.js';
import { locateCatalogue } from '../../src/build/catalogue-files.js';
import { firstRead } from '../../src/build/prepare-ports.js';
import { derivedAgain, recalledPorts } from '../../src/build/recall/recalled-ports.js';
import { codeFingerprint } from '../../src/core/code-fingerprint.js';
import { ProblemLog } from '../../src/core/problems/problem-log.js';
import { ChangedWhileRead } from '../../src/catalogue/portindex/port-text-reader.js';
import { SEARCH_INDEX } from '../../src/routes/site-files.js';
import { stateDirectory } from '../../src/writer/trees/tree-roles.js';
import { writeCatalogue } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { readTree } from '../support/tree.js';

type Port = Record<string, unknown>;

/** Ports with every kind of cross-port field: categories in two spellings, shared maintainers, dependencies both ways, one unresolved (a warning), one inactive. */
const PORTS = (): Port[] => [
  { name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1', description: 'compression', categories: ['archivers'], maintainers: [{ github: 'ryandesign', email: { name: 'ryandesign', domain: 'macports.org' } }] },
  { name: 'xz', portdir: 'archivers/xz', version: '5.6.2', categories: ['Archivers', 'sysutils'], depends_build: ['port:zlib'] },
  { name: 'curl', portdir: 'net/curl', version: '8.9.1', categories: ['net'], depends_lib: ['port:zlib', 'port:nowhere'], maintainers: [{ github: 'ryandesign' }] },
  { name: 'git', portdir: 'devel/git', version: '2.46.0', categories: ['devel'], depends_lib: ['port:curl', 'port:XZ'], variants: ['doc', 'pcre'] },
  { name: 'old', portdir: 'devel/old', version: '1', categories: ['devel'], active: false, replaced_by: 'git' },
  { name: 'jq', portdir: 'sysutils/jq', version: '1.7.1', categories: ['sysutils'], license: ['MIT', ['PSF', 'ZPL']] },
];
const BUILDS = Array.from({ length: 5 }, (_, i) => JSON.stringify({ build_id: 50 - i, files: [`/opt/local/f${i}`] })).join('\n');
const OPTIONS = { catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 2, strict: false };

async function build(dir: string, ports: Port[], options: Partial<BuildOptions> = {}) {
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports }, builds: BUILDS });
  return buildSite({ cwd: dir, ...OPTIONS, ...options });
}

/** The site and the problems a first build of `ports` gives, in a directory of its own. */
async function fresh(ports: Port[], options: Partial<BuildOptions> = {}) {
  return withTempDir(async (dir) => {
    const result = await build(dir, ports, options);
    return { tree: result.ok ? readTree(path.join(dir, 'dist')) : undefined, problems: result.log.kept, ok: result.ok };
  });
}

async function sameAsFresh(dir: string, ports: Port[], result: Awaited<ReturnType<typeof build>>, options: Partial<BuildOptions> = {}, label = '') {
  const expected = await fresh(ports, options);
  assert.is(result.ok, expected.ok, `${label}: ok`);
  assert.equal(result.log.kept, expected.problems, `${label}: the problems of a first build`);
  if (!expected.tree) return;
  const tree = readTree(path.join(dir, 'dist'));
  assert.equal([...tree.keys()].sort(), [...expected.tree.keys()].sort(), `${label}: the files of a first build`);
  for (const [file, bytes] of expected.tree) assert.ok(bytes.equals(tree.get(file)!), `${label}: ${file} as a first build makes it`);
}

/** Changes to one port's own fields alone: its core (see derive/snapshot) stays. */
const OWN_CHANGES: Array<[string, (port: Port) => void]> = [
  ['version', (port) => (port.version = `${String(port.version)}.1`)],
  ['homepage', (port) => (port.homepage = 'https://example.org/"quoted"\\')],
  ['long description', (port) => (port.long_description = 'now with \u2028 and é')],
  ['license', (port) => (port.license = ['BSD', ['GPL-2', 'GPL-3']])],
  ['epoch', (port) => (port.epoch = '2')],
  ['portdir', (port) => (port.portdir = 'moved/elsewhere')],
];
/** Changes to one port's dependencies: its links change, its core stays; a warning may come or go with them. */
const LINK_CHANGES: Array<[string, (port: Port) => void]> = [
  ['a port named anew', (port) => (port.depends_run = ['port:jq', ...((port.depends_run as string[] | undefined) ?? [])])],
  ['no port named', (port) => (delete port.depends_lib, delete port.depends_build)],
  ['another kind', (port) => ((port.depends_fetch = port.depends_lib), delete port.depends_lib)],
  ['another spelling', (port) => (port.depends_extract = ['port:ZLIB', 'bin:xz:xz', 'port:zlib'])],
  ['itself', (port) => (port.depends_test = [`port:${String(port.name)}`])],
];
/** Changes the derivation must see: a core, a warning, or the ports themselves. */
const OTHER_CHANGES: Array<[string, (ports: Port[], i: number) => void]> = [
  ['description', (ports, i) => (ports[i]!.description = 'said otherwise')],
  ['categories', (ports, i) => (ports[i]!.categories = ['net', 'NET', 'graphics'])],
  ['maintainers', (ports, i) => (ports[i]!.maintainers = [{ github: 'jmr' }])],
  ['dependencies', (ports, i) => (ports[i]!.depends_run = ['port:jq', 'port:missing'])],
  ['active', (ports, i) => (ports[i]!.active = ports[i]!.active === false)],
  // The query index searches and filters by variants: they are part of a port's core.
  ['variants', (ports, i) => (ports[i]!.variants = ['x11', 'X11', 'quartz'])],
  ['added', (ports, i) => ports.splice(i, 0, { name: `new${i}`, portdir: 'devel/new', version: '1', categories: ['devel'], depends_lib: ['port:zlib'] })],
  ['removed', (ports, i) => ports.splice(i, 1)],
  ['swapped', (ports, i) => ports.splice(i, 2, ...ports.slice(i, i + 2).reverse())],
];

const step = fc.oneof(
  fc.record({ kind: fc.constant('own' as const), change: fc.nat(OWN_CHANGES.length - 1), at: fc.nat(20) }),
  fc.record({ kind: fc.constant('links' as const), change: fc.nat(LINK_CHANGES.length - 1), at: fc.nat(20) }),
  fc.record({ kind: fc.constant('other' as const), change: fc.nat(OTHER_CHANGES.length - 1), at: fc.nat(20) }),
);

test('a rebuild after any change makes the site and the problems a first build makes; a change of own fields or dependencies takes the other ports from the snapshot', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
      await withTempDir(async (dir) => {
        let ports = PORTS();
        assert.ok((await build(dir, ports)).ok);
        for (const { kind, change, at } of steps) {
          const before = ports;
          ports = structuredClone(ports);
          const index = at % ports.length;
          let label: string;
          if (kind !== 'other') {
            const [name, apply] = (kind === 'own' ? OWN_CHANGES : LINK_CHANGES)[change]!;
            apply(ports[index]!);
            label = `${name} of ${String(ports[index]!.name)}`;
          } else {
            const [name, apply] = OTHER_CHANGES[change]!;
            apply(ports, index);
            label = `${name} at ${index}`;
          }
          const result = await build(dir, ports);
          const changed = JSON.stringify(ports[index]) !== JSON.stringify(before[index]) ? 1 : 0;
          if (kind !== 'other') assert.is(result.stats.recalled, ports.length - changed, `${label}: every other port recalled`);
          await sameAsFresh(dir, ports, result, {}, label);
        }
      });
    }),
    { numRuns: 20 },
  );
});

test('the ports are derived in full when the plan asks for a file only the derivation makes, or a changed port\'s last file cannot be vouched for', async () => {
  const cases: Array<[string, number, (site: string) => void]> = [
    ['the search index gone', 0, (site) => rmSync(path.join(site, SEARCH_INDEX))],
    ["the changed port's last file edited", 2, (site) => appendFileSync(path.join(site, 'api/v1/ports/curl/index.json'), ' ')],
  ];
  for (const [label, changed, sabotage] of cases) {
    await withTempDir(async (dir) => {
      assert.ok((await build(dir, PORTS())).ok);
      sabotage(path.join(dir, 'dist'));
      const ports = PORTS();
      ports[changed]!.version = '9.9.9';
      const result = await build(dir, ports);
      assert.is(result.stats.recalled, 0, `${label}: derived in full`);
      await sameAsFresh(dir, ports, result, {}, label);
    });
  }
});

test('many changed ports, or changed ports on many pages, are derived in full', async () => {
  const many = (count: number): Port[] => Array.from({ length: count }, (_, i) => ({ name: `p${i}`, portdir: `devel/p${i}`, version: '1', categories: ['devel'] }));
  const bump = (ports: Port[], every: number) => ports.map((port, i) => (i % every === 0 ? { ...port, version: '2' } : port));
  await withTempDir(async (dir) => {
    // More than 100 ports changed, and more than one in 20: derived in full.
    assert.ok((await build(dir, many(120))).ok);
    const all = bump(many(120), 1);
    const result = await build(dir, all);
    assert.is(result.stats.recalled, 0);
    await sameAsFresh(dir, all, result, {}, '120 of 120 changed');
  });
  await withTempDir(async (dir) => {
    // With pages of 1,000 ports: five changed on five pages are recalled, six on six are not
    // (their pages list more than 5,000 ports).
    const options = { pageSize: 1000 };
    assert.ok((await build(dir, many(6000), options)).ok);
    const five = bump(many(6000), 1200);
    assert.is((await build(dir, five, options)).stats.recalled, 5995);
    assert.ok((await build(dir, many(6000), options)).ok);
    const six = bump(many(6000), 1000);
    const result = await build(dir, six, options);
    assert.is(result.stats.recalled, 0);
    await sameAsFresh(dir, six, result, options, 'six pages');
  });
});

test('a snapshot changed in any byte, or made for other options, is not used', async () => {
  await withTempDir(async (dir) => {
    assert.ok((await build(dir, PORTS())).ok);
    const file = path.join(stateDirectory(path.join(dir, 'dist')), 'derived.json');
    const bytes = readFileSync(file);
    const ports = PORTS();
    ports[3]!.version = '2.47.0';
    for (const at of [0, 40, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const flipped = Buffer.from(bytes);
      flipped[at] = flipped[at]! ^ 0x01;
      writeFileSync(file, flipped);
      const result = await build(dir, ports);
      assert.is(result.stats.recalled, 0, `byte ${at} changed`);
      await sameAsFresh(dir, ports, result, {}, `byte ${at}`);
      writeFileSync(file, bytes);
    }
    for (const other of [{ pageSize: 3 }, { baseUrl: 'https://mirror.example.org' }]) {
      assert.ok((await build(dir, PORTS())).ok);
      const result = await build(dir, ports, other);
      assert.is(result.stats.recalled, 0, JSON.stringify(other));
      await sameAsFresh(dir, ports, result, other, JSON.stringify(other));
    }
  });
});

test("the snapshot's warnings are reported as the derivation gives them; --strict derives and fails", async () => {
  await withTempDir(async (dir) => {
    const first = await build(dir, PORTS());
    assert.equal(first.log.kept.map((problem) => problem.code), ['unresolved-dependency']);
    const ports = PORTS();
    ports[5]!.version = '1.8.0';
    const result = await build(dir, ports);
    assert.is(result.stats.recalled, ports.length - 1);
    assert.equal(result.log.kept, first.log.kept);
    const strict = await build(dir, ports, { strict: true });
    assert.not.ok(strict.ok);
    await sameAsFresh(dir, ports, strict, { strict: true });
  });
});

test("a changed port's warnings take the place of its last ones, in port order; under --strict a new one fails the build", async () => {
  await withTempDir(async (dir) => {
    assert.ok((await build(dir, PORTS())).ok);
    const ports = PORTS();
    ports[0]!.depends_run = ['port:elsewhere'];
    ports[2]!.depends_lib = ['port:nowhere', 'port:zlib'];
    const result = await build(dir, ports);
    assert.is(result.stats.recalled, ports.length - 2);
    assert.equal(
      result.log.kept.map((problem) => problem.location.path),
      ['ports[0].depends_run[0]', 'ports[2].depends_lib[0]'],
    );
    await sameAsFresh(dir, ports, result);
  });
  await withTempDir(async (dir) => {
    const clean = PORTS();
    clean[2]!.depends_lib = ['port:zlib'];
    assert.ok((await build(dir, clean, { strict: true })).ok);
    const ports = structuredClone(clean);
    ports[3]!.depends_run = ['port:gone'];
    const result = await build(dir, ports, { strict: true });
    assert.not.ok(result.ok);
    await sameAsFresh(dir, ports, result, { strict: true });
  });
});

test('a document changed after the recall, when the ports must be derived in full after all, is reported as changed while read', async () => {
  await withTempDir(async (dir) => {
    assert.ok((await build(dir, PORTS())).ok);
    const ports = PORTS();
    ports[3]!.version = '2.47.0';
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports }, builds: BUILDS });
    const files = locateCatalogue(dir, 'catalogue');
    const options = { file: files.portIndexName, baseUrl: OPTIONS.baseUrl, pageSize: OPTIONS.pageSize, strict: false, pages: false };
    const out = path.join(dir, 'dist');
    const recalled = recalledPorts(out, codeFingerprint(), firstRead(files)!, options);
    assert.ok(recalled, 'recalled');
    assert.is(derivedAgain(files, new ProblemLog(), false, recalled).list.length, ports.length, 'the same document derives again');
    ports[4]!.version = '2';
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports }, builds: BUILDS });
    assert.throws(() => derivedAgain(files, new ProblemLog(), false, recalled), (cause: unknown) => cause instanceof ChangedWhileRead);
  });
});

test('a changed port that is not valid is reported as a first build reports it', async () => {
  await withTempDir(async (dir) => {
    assert.ok((await build(dir, PORTS())).ok);
    const before = readTree(path.join(dir, 'dist'));
    const ports = PORTS();
    ports[1]!.epoch = 'one';
    const result = await build(dir, ports);
    await sameAsFresh(dir, ports, result);
    assert.equal(readTree(path.join(dir, 'dist')), before, 'nothing published');
  });
});

test.run();
