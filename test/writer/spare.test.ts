import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, type BuildOptions } from '../../src/build/build.js';
import { loadIdentity, saveIdentity } from '../../src/build/state.js';
import { statIdentity } from '../../src/core/fs.js';
import { loadLedger } from '../../src/writer/trees/file-ledger.js';
import { readMarker } from '../../src/writer/trees/marker.js';
import { writeCatalogue } from '../support/catalogue.js';
import { withTempDir } from '../support/paths.js';
import { listDirectories, readTree } from '../support/tree.js';

const ports = () => [
  { name: 'zlib', portdir: 'archivers/zlib', version: '1.3.1' },
  { name: 'xz', portdir: 'archivers/xz', version: '5.6.2' },
  { name: 'curl', portdir: 'net/curl', version: '8.9.1', depends_lib: ['port:zlib'] },
  { name: 'git', portdir: 'devel/git', version: '2.46.0', depends_lib: ['port:curl'] },
];
const buildLines = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ build_id: 100 - i, files: [`/opt/local/f${i}`] })).join('\n');

interface Step {
  /** The clock of the build (see file-identity): a test that needs builds.ndjson settled sets one ahead. */
  now?: () => number;
  ports?: unknown[];
  builds?: string;
  baseUrl?: string;
  pageSize?: number;
  /** Whether the live tree is as the last build left it, so that `written` can be checked. */
  untouched?: boolean;
}

/**
 * Builds `step` into dist/, and the same catalogue into a fresh directory to compare with.
 * Checks that exactly the files whose bytes changed were written.
 */
async function build(dir: string, step: Step = {}) {
  const before = existsSync(path.join(dir, 'dist')) ? readTree(path.join(dir, 'dist')) : new Map<string, Buffer>();
  // builds.ndjson is written only when its text changes, as a real catalogue's would be.
  const buildsFile = path.join(dir, 'catalogue', 'builds.ndjson');
  const builds = step.builds ?? buildLines(7);
  const same = existsSync(buildsFile) && readFileSync(buildsFile, 'utf8') === builds;
  writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: step.ports ?? ports() }, ...(same ? {} : { builds }) });
  // The dumps, made of these files, are tested on their own (see dumps.test).
  const options: BuildOptions = { cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: step.baseUrl ?? 'https://ports.example.org', pageSize: step.pageSize ?? 3, strict: true, now: step.now ?? never, dumps: false };
  const result = await buildSite(options);
  assert.ok(result.ok, JSON.stringify(result.log.kept));
  const dropFresh = () => ['fresh', '.fresh.ports-gen'].forEach((name) => rmSync(path.join(dir, name), { recursive: true, force: true }));
  dropFresh();
  assert.ok((await buildSite({ ...options, out: 'fresh' })).ok);
  assert.equal(readTree(path.join(dir, 'dist')), readTree(path.join(dir, 'fresh')), 'the rebuilt site equals a fresh build');
  assert.equal(listDirectories(path.join(dir, 'dist')), listDirectories(path.join(dir, 'fresh')), 'and has the same directories');
  dropFresh();
  const after = readTree(path.join(dir, 'dist'));
  const changed = [...after].filter(([file, bytes]) => file !== '.ports-gen.json' && !before.get(file)?.equals(bytes));
  if (step.untouched !== false) assert.is(result.stats.written, changed.length, `written: ${changed.map(([file]) => file).join(', ')}`);
  return result.stats;
}

/** A clock some seconds ahead: every file written so far has settled (see file-identity). */
const later = () => Date.now() + 10_000;
/** A clock at the epoch: no file has settled, however slow the machine (the default here). */
const never = () => 0;
const inode = (dir: string, relative: string) => statSync(path.join(dir, 'dist', relative)).ino;
const spare = (dir: string) => path.join(dir, '.dist.ports-gen', 'spare');
const ZLIB_DIR = 'api/v1/ports/zlib';
/** Staging trees and links of a build left in the state directory (see tree-roles). */
const stagingLeft = (dir: string) => readdirSync(path.join(dir, '.dist.ports-gen')).filter((name) => /^(new|old|link)-/.test(name));

test('from the third build on, the spare tree is updated in place and swapped in', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    const first = inode(dir, ZLIB_DIR);
    assert.is((await build(dir)).written, 0);
    assert.ok(existsSync(path.join(spare(dir), ZLIB_DIR, 'index.json')), 'the first tree is kept as the spare');
    const next = ports();
    next[1]!.version = '5.6.3';
    const stats = await build(dir, { ports: next });
    assert.is(stats.written, 2, "the port's file and the ports page that embeds it");
    assert.is(inode(dir, ZLIB_DIR), first, "the first build's directories are live again");
    assert.equal(stagingLeft(dir), [], 'no staging tree left');
  });
});

/** Two builds (the second keeps the first's tree as the spare), then the spare's marker cut short. */
async function buildWithDamagedSpare(dir: string): Promise<void> {
  await build(dir);
  await build(dir);
  const marker = path.join(spare(dir), '.ports-gen.json');
  writeFileSync(marker, readFileSync(marker, 'utf8').slice(0, 100));
}

test('a spare whose marker cannot be read is started afresh: nothing in it is trusted', async () => {
  await withTempDir(async (dir) => {
    await buildWithDamagedSpare(dir);
    writeFileSync(path.join(spare(dir), 'planted.json'), '{}');
    const next = ports();
    next[0]!.version = '1.3.2';
    assert.is((await build(dir, { ports: next })).written, 2);
    assert.not.ok(existsSync(path.join(dir, 'dist', 'planted.json')));
  });
});

test("a marker naming paths outside its tree is not trusted: nothing outside the spare is touched", async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    const marker = path.join(spare(dir), '.ports-gen.json');
    const text = JSON.parse(readFileSync(marker, 'utf8')) as { files: string[] };
    // Read as paths in the spare's place (a staging tree in .dist.ports-gen/), these name the
    // project directory and a directory in it; nothing further up, should this test ever fail.
    text.files.push('../../mine/keep.txt', text.files[1]!, '/abs/x', text.files[1]!);
    writeFileSync(marker, JSON.stringify(text));
    mkdirSync(path.join(dir, 'mine'));
    writeFileSync(path.join(dir, 'mine', 'notes.txt'), 'mine');
    await sleep(20); // the directories around the spare now changed after its marker was written
    writeFileSync(path.join(dir, 'mine', 'more.txt'), 'mine');
    const next = ports();
    next[0]!.version = '1.3.2';
    assert.is((await build(dir, { ports: next })).written, 2);
    assert.equal(readdirSync(path.join(dir, 'mine')).sort(), ['more.txt', 'notes.txt']);
    assert.equal(readdirSync(dir).sort(), ['.dist.ports-gen', 'catalogue', 'dist', 'mine']);
  });
});

test('a build that fails after claiming a spare whose marker cannot be read leaves the site as it was, nothing beside it', async () => {
  await withTempDir(async (dir) => {
    await buildWithDamagedSpare(dir);
    const live = readTree(path.join(dir, 'dist'));
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [...ports(), { name: 'bad name' }] } });
    assert.not.ok((await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 3, strict: true })).ok);
    assert.equal(readTree(path.join(dir, 'dist')), live);
    assert.equal(stagingLeft(dir), [], 'no staging tree left');
    assert.is((await build(dir)).written, 0);
  });
});

test('a port removed from the catalogue leaves the spare too', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    await build(dir, { ports: ports().filter((port) => port.name !== 'git') });
    assert.not.ok(existsSync(path.join(dir, 'dist/api/v1/ports/git')));
  });
});

test('a port renamed (as many files as before, one path new) is listed and kept like any other file', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    // The marker's order and directories cannot be the live tree's here (see PreviousTree.layoutFor):
    // `build` compares the rebuilt marker and directories with those of a fresh build.
    const renamed = ports().map((port) => (port.name === 'xz' ? { ...port, name: 'lzma', portdir: 'archivers/lzma' } : port));
    assert.is((await build(dir, { ports: renamed })).written, 6); // the renamed port's file, its ports page, the Netlify rules and index (names), the search and query indexes
    assert.ok(existsSync(path.join(dir, 'dist/api/v1/ports/lzma/index.json')));
    assert.not.ok(existsSync(path.join(dir, 'dist/api/v1/ports/xz')));
  });
});

test('a port directory deleted by hand is made again when its tree is next updated', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    rmSync(path.join(dir, 'dist', ZLIB_DIR), { recursive: true });
    await build(dir, { untouched: false }); // the untouched spare goes live; the edited tree becomes the spare
    await build(dir); // the edited tree is updated in place: `build` compares it with a fresh build
    assert.ok(lstatSync(path.join(dir, 'dist', ZLIB_DIR)).isDirectory());
  });
});

test('files edited, added or replaced by links in the live tree never reach a later build', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    // The live tree is edited by hand: same size, so only its time tells; a file and a
    // directory are added; a port directory is replaced by a link to someone's files.
    const zlibFile = path.join(dir, 'dist', ZLIB_DIR, 'index.json');
    writeFileSync(zlibFile, readFileSync(zlibFile, 'utf8').replace('1.3.1', '9.9.9'));
    writeFileSync(path.join(dir, 'dist', ZLIB_DIR, 'notes.txt'), 'mine');
    mkdirSync(path.join(dir, 'dist/junk'));
    writeFileSync(path.join(dir, 'dist/junk/x.json'), '{}');
    const victims = path.join(dir, 'victims');
    mkdirSync(victims);
    writeFileSync(path.join(victims, 'index.json'), readFileSync(path.join(dir, 'dist/api/v1/ports/curl/index.json')));
    rmSync(path.join(dir, 'dist/api/v1/ports/curl'), { recursive: true });
    symlinkSync(victims, path.join(dir, 'dist/api/v1/ports/curl'));
    await build(dir, { untouched: false }); // the untouched spare goes live; the edited tree becomes the spare
    await build(dir); // the edited tree is updated in place and goes live
    assert.ok(lstatSync(path.join(dir, 'dist/api/v1/ports/curl')).isDirectory());
    assert.equal(readdirSync(victims), ['index.json']);
    assert.is(lstatSync(path.join(victims, 'index.json')).nlink, 1, 'nothing of the victim was linked into the site');
  });
});

/** Rewrites `file` with the same number of bytes and puts its times back, as `cp -p` or `rsync -a` would. */
function editKeepingTime(file: string, from: string, to: string): void {
  const { atime, mtime } = statSync(file);
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
  utimesSync(file, atime, mtime);
}

test('a file edited with its old time put back is never trusted, in the live tree or the spare: every later build publishes the right bytes', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    await build(dir);
    editKeepingTime(path.join(dir, 'dist', ZLIB_DIR, 'index.json'), '1.3.1', '9.9.9');
    editKeepingTime(path.join(spare(dir), 'api/v1/ports/xz/index.json'), '5.6.2', '0.0.0');
    // Each build compares the site with a fresh build of the same catalogue (see build).
    await build(dir, { untouched: false });
    await build(dir);
    await build(dir);
    assert.match(readFileSync(path.join(dir, 'dist', ZLIB_DIR, 'index.json'), 'utf8'), '"version":"1.3.1"');
  });
});

test('a live tree restored from a copy (new inodes, times kept) is trusted by its bytes: nothing is written again', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    const live = realpathSync(path.join(dir, 'dist'));
    execFileSync('cp', ['-a', live, `${live}.copy`]);
    rmSync(live, { recursive: true });
    renameSync(`${live}.copy`, live);
    assert.is((await build(dir)).written, 0);
    await build(dir);
  });
});

test("after a build that linked the live tree's files, the spare's ledger knows them as they are now: each is trusted by one lstat", async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir); // nothing changed: a new tree, every file linked from the live one, which becomes the spare
    const state = path.join(dir, '.dist.ports-gen');
    const spare = path.join(state, 'spare');
    const marker = readMarker(spare)!;
    loadLedger(state, spare, marker);
    const stale = marker.files.paths().filter((relative, i) => marker.files.identity(i) !== statIdentity(lstatSync(path.join(spare, relative))));
    assert.equal(stale, []);
    assert.ok(marker.files.size > 10);
  });
});

test('a rebuild links a file the last build changed from the live tree, not written again', async () => {
  await withTempDir(async (dir) => {
    const next = ports();
    for (const version of ['1', '2', '3']) {
      next[0]!.version = version;
      await build(dir, { ports: next });
    }
    const xzFile = 'api/v1/ports/xz/index.json';
    next[1]!.version = '5.6.3';
    await build(dir, { ports: next });
    const xz = inode(dir, xzFile);
    next[2]!.version = '8.9.2';
    await build(dir, { ports: next });
    assert.is(inode(dir, xzFile), xz, 'linked from the live tree');
  });
});

test("after a build that linked many files of the live tree, the spare's ledger knows them as they are now", async () => {
  await withTempDir(async (dir) => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `p${i}`, portdir: `devel/p${i}`, version: '1' }));
    const step = { ports: many, pageSize: 50 };
    await build(dir, step);
    await build(dir, step); // every file linked
    for (const port of many.slice(0, 80)) port.version = '2';
    await build(dir, step); // the spare updated: 80 port files and their pages
    many[999]!.version = '2';
    await build(dir, step); // its 80 changed files linked from the live tree
    const state = path.join(dir, '.dist.ports-gen');
    const marker = readMarker(spare(dir))!;
    loadLedger(state, spare(dir), marker);
    const stale = marker.files.paths().filter((relative, i) => marker.files.identity(i) !== statIdentity(lstatSync(path.join(spare(dir), relative))));
    // (The last build's own two files are stale too: their old inodes, shared with this tree, lost a link.)
    const linked = many.slice(0, 80).map((port) => `api/v1/ports/${port.name}/index.json`);
    assert.equal(stale.filter((relative) => linked.includes(relative)), []);
  });
});

test('the state directory keeps the ledgers of the live tree and the spare, no others', async () => {
  await withTempDir(async (dir) => {
    const next = ports();
    for (const version of ['1', '2', '3', '4']) {
      next[0]!.version = version;
      await build(dir, { ports: next });
    }
    assert.is(readdirSync(path.join(dir, '.dist.ports-gen')).filter((name) => name.startsWith('ledger-')).length, 2);
  });
});

test('the files pages are carried over while builds.ndjson, the base URL and the page size stay the same', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    const next = ports();
    next[0]!.version = '1.3.2';
    assert.is((await build(dir, { ports: next })).written, 2);
    assert.ok((await build(dir, { ports: next, baseUrl: 'https://mirror.example.org' })).written >= 3, 'the links change');
    assert.ok((await build(dir, { ports: next, baseUrl: 'https://mirror.example.org', pageSize: 4 })).written >= 2);
    const more = await build(dir, { ports: next, baseUrl: 'https://mirror.example.org', pageSize: 4, builds: buildLines(8) });
    assert.ok(more.written >= 2, 'every page carries the count');
    assert.is(more.builds, 8);
    const same = await build(dir, { ports: next, baseUrl: 'https://mirror.example.org', pageSize: 4, builds: buildLines(8) });
    assert.equal([same.written, same.pages, same.builds, same.paths], [0, 2, 8, 8]);
  });
});

test("builds.ndjson is recognised by its identity, kept beside the site, not in it; a same-size edit is seen", async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    // An identity is recorded only for a file that settled before it was read: a clock ahead.
    await build(dir, { now: later });
    const identity = JSON.parse(readFileSync(path.join(dir, '.dist.ports-gen/identity.json'), 'utf8')) as { path: string; identity: string; records: number };
    assert.is(identity.path, path.join(dir, 'catalogue/builds.ndjson'));
    assert.is(identity.records, 7);
    assert.not.match(readFileSync(path.join(dir, 'dist/.ports-gen.json'), 'utf8'), identity.identity);
    const edited = buildLines(7).replace('"build_id":100', '"build_id":900');
    await build(dir, { builds: edited });
    assert.match(readFileSync(path.join(dir, 'dist/api/v1/files/page-1.json'), 'utf8'), /"build_id":900/);
  });
});

test('pages made again while builds.ndjson is recognised by its identity take their count from its identity', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir, { now: later }); // records the identity, with its count
    assert.ok((await build(dir, { baseUrl: 'https://mirror.example.org' })).written >= 3);
  });
});

test('an identity recorded without its count of records is not recalled', async () => {
  await withTempDir(async (dir) => {
    const builds = path.join(dir, 'builds.ndjson');
    const recorded = { path: builds, digest: 'd', identity: 'f' };
    saveIdentity(path.join(dir, 'dist'), builds, { digest: 'd', records: 7, identity: 'f' });
    assert.equal(loadIdentity(path.join(dir, 'dist'), builds), { digest: 'd', records: 7, identity: 'f' });
    for (const records of [undefined, -1, 1.5, '7']) {
      writeFileSync(path.join(dir, '.dist.ports-gen/identity.json'), JSON.stringify({ ...recorded, records }));
      assert.is(loadIdentity(path.join(dir, 'dist'), builds), undefined, String(records));
    }
  });
});

test("identity.json's temporaries are never left: an earlier build's (killed before its rename) goes at the next record", async () => {
  await withTempDir(async (dir) => {
    const builds = path.join(dir, 'builds.ndjson');
    const state = path.join(dir, '.dist.ports-gen');
    saveIdentity(path.join(dir, 'dist'), builds, { digest: 'd', records: 7, identity: 'f' });
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(state, `identity.json.${gone}.tmp`), '{"path":');
    saveIdentity(path.join(dir, 'dist'), builds, { digest: 'e', records: 8, identity: 'g' });
    assert.equal(readdirSync(state).filter((name) => name.startsWith('identity')), ['identity.json']);
    assert.equal(loadIdentity(path.join(dir, 'dist'), builds), { digest: 'e', records: 8, identity: 'g' });
  });
});

test('a directory new in this build is not pruned from the spare as the spare is checked: a maintainer added after a build without any', async () => {
  // The spare is the tree of two builds back: its directories are checked (and pruned of what
  // its marker does not know) as the files are planned, while the new ones are being made.
  await withTempDir(async (dir) => {
    const port = (name: string) => ({ name, portdir: `devel/${name}`, version: '1.0' });
    await build(dir, { ports: [port('zero')] });
    await build(dir, { ports: [port('one')] });
    await build(dir, { ports: [{ ...port('one'), maintainers: [{ email: { name: 'ryan', domain: 'macports.org' }, github: 'ryandesign' }] }] });
  });
});

test('builds.ndjson changed in place while the build reads it fails the build; the previous site stays; the next build pages the new bytes', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    const before = readTree(path.join(dir, 'dist'));
    const buildsFile = path.join(dir, 'catalogue', 'builds.ndjson');
    const edited = buildLines(7).replace('"build_id":100', '"build_id":900'); // the same size and lines
    // Surveyed as it was, then edited while the writer may still be paging it: its key and its pages would differ.
    const progress = { phase: (name: string) => name === 'writing builds' && writeFileSync(buildsFile, edited), advance: () => {}, end: () => {} };
    const options: BuildOptions = { cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 3, strict: true };
    const result = await buildSite({ ...options, pageSize: 2, progress });
    assert.is(result.ok, false);
    assert.equal(result.log.kept.map((p) => [p.code, p.file, p.severity]), [['changed-while-read', 'catalogue/builds.ndjson', 'error']]);
    assert.equal(readTree(path.join(dir, 'dist')), before);
    assert.equal(stagingLeft(dir), [], 'no staging tree left');
    const next = await build(dir, { builds: edited, untouched: false });
    assert.is(next.builds, 7);
    assert.match(readFileSync(path.join(dir, 'dist/api/v1/files/page-1.json'), 'utf8'), /"build_id":900/);
  });
});

test('a page edited in the live tree is made again, not carried over', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    const page = path.join(dir, 'dist/api/v1/files/page-1.json');
    writeFileSync(page, readFileSync(page, 'utf8').replace('"count":7', '"count":8'));
    await build(dir, { untouched: false });
  });
});

test('a failed build hands the spare back for the next build to use', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    const first = inode(dir, ZLIB_DIR);
    await build(dir);
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [{ name: 'bad name' }] }, builds: buildLines(9) });
    const failed = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 3, strict: true });
    assert.not.ok(failed.ok);
    assert.ok(existsSync(path.join(spare(dir), '.ports-gen.json')));
    const next = ports();
    next[1]!.version = '5.6.3';
    await build(dir, { ports: next });
    assert.is(inode(dir, ZLIB_DIR), first);
  });
});

test('a build that fails on its last port leaves no directory made for the ports before it', async () => {
  await withTempDir(async (dir) => {
    await build(dir);
    await build(dir);
    // Enough ports that their directories are sent to the writer before the last one fails.
    const many = Array.from({ length: 2500 }, (_, i) => ({ name: `p${i}`, portdir: `x/p${i}`, version: '1' }));
    writeCatalogue(path.join(dir, 'catalogue'), { portindex: { ports: [...many, { name: 'last', portdir: 'x/last' }] }, builds: buildLines(7) });
    const failed = await buildSite({ cwd: dir, catalogue: 'catalogue', out: 'dist', baseUrl: 'https://ports.example.org', pageSize: 3, strict: true });
    assert.not.ok(failed.ok, 'the last port has no version');
    assert.ok(existsSync(path.join(spare(dir), '.ports-gen.json')), 'the spare was handed back');
    assert.not.ok(existsSync(path.join(spare(dir), 'api/v1/ports/p0')));
    await build(dir);
    await build(dir);
  });
});

test.run();
