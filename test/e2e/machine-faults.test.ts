import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/** One line naming the cause, the path and what the build left, exit 2 (the user's to fix), no stack trace. */
function assertFault(run: { code: number | null; stderr: string }, cause: RegExp, where: string): void {
  assert.is(run.code, 2, run.stderr);
  assert.match(run.stderr, cause);
  assert.ok(run.stderr.includes(where), run.stderr);
  assert.match(run.stderr, /^ports-gen: [^\n]*; the build failed: nothing was published, the previous site is untouched\n$/);
}

/** Tests that mount a file system or run the CLI as another user need root; elsewhere they are counted as skipped, with the reason. */
const AS_ROOT = process.getuid?.() === 0;
if (!AS_ROOT) console.warn('machine-faults: SKIPPED three tests: not root, so no file system to mount and no other user to run the CLI as');
const asRoot = AS_ROOT ? test : test.skip;

test('--out below a regular file: exit 2 with the path and the cause, nothing left beside it', async () => {
  await withTempDir(async (dir) => {
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    writeFileSync(path.join(dir, 'afile'), 'not a directory');
    const run = await runCli(['build', '--out', 'afile/dist'], { cwd: dir });
    assertFault(run, /not a directory .*\(move the file out of the way, or choose another path\)/, 'afile/');
    assert.equal(readdirSync(dir).sort(), ['afile', 'catalogue']);
  });
});

asRoot('a full disk: exit 2 with the path and the cause, the previous site byte-identical, no staging left', async () => {
  await withTempDir(async (dir) => {
    const disk = path.join(dir, 'disk');
    mkdirSync(disk);
    // A small file system of its own, which root may mount.
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]);
    assert.is(mounted.status, 0, `mount a tmpfs as root: ${mounted.stderr}`);
    try {
      cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
      assert.is((await runCli(['build', '--quiet', '--out', 'disk/dist'], { cwd: dir })).code, 0);
      const before = readTree(path.join(disk, 'dist'));
      // Builds enough to fill the disk: some 1.3 MB of paths.
      const files = Array.from({ length: 2000 }, (_, i) => `/opt/local/share/doc/a-long-directory-name/file-${i}.html`);
      for (let i = 0; i < 10; i++) appendFileSync(path.join(dir, 'catalogue/builds.ndjson'), `${JSON.stringify({ build_id: 900000 + i, files })}\n`);
      const run = await runCli(['build', '--out', 'disk/dist'], { cwd: dir });
      assertFault(run, /no space left on device .*\(free some space\)/, 'disk/dist/');
      assert.equal(readTree(path.join(disk, 'dist')), before);
      assert.equal(readdirSync(disk).filter((entry) => entry.includes('ports-gen-')), []);
      assert.equal(readdirSync(path.join(disk, '.dist.ports-gen')).filter((entry) => /^(new|old|link)-/.test(entry)), [], 'no staging left');
    } finally {
      spawnSync('umount', [disk]);
    }
  });
});

asRoot('an output another user owns in a sticky directory: refused before anything is read, exit 2 naming the path and the cause; the owner builds on', async () => {
  await withTempDir(async (dir) => {
    chmodSync(dir, 0o755);
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    const shared = path.join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777); // as /tmp is
    assert.is((await runCli(['build', '--quiet', '--out', 'shared/dist'], { cwd: dir })).code, 0);
    const before = readTree(path.join(shared, 'dist'));
    const run = await runCli(['build', '--out', 'shared/dist'], { cwd: dir, user: { uid: 65534, gid: 65534 } });
    assertFault(run, /belongs to another user \(uid 0\), and in the sticky directory .* only its owner may replace it/, 'shared/dist');
    assert.equal(readTree(path.join(shared, 'dist')), before);
    assert.equal(readdirSync(shared).sort(), ['.dist.ports-gen', 'dist'], 'no lock, nothing of the refused build');
    assert.is((await runCli(['build', '--quiet', '--out', 'shared/dist'], { cwd: dir })).code, 0);
  });
});

asRoot('directories this user may not write: build and import say so in one line with a hint, exit 2, and change nothing', async () => {
  await withTempDir(async (dir) => {
    chmodSync(dir, 0o755);
    cpSync(path.join(ROOT, 'catalogue'), path.join(dir, 'catalogue'), { recursive: true });
    mkdirSync(path.join(dir, 'locked'), { mode: 0o755 }); // root's; the build runs as nobody
    const nobody = { uid: 65534, gid: 65534 };
    const built = await runCli(['build', '--out', 'locked/dist'], { cwd: dir, user: nobody });
    assert.is(built.code, 2, built.stderr);
    assert.match(built.stderr, /^ports-gen: permission denied while making the directory locked\/\S+ \(fix its permissions, or choose a directory this user may write\); the build failed: nothing was published, the previous site is untouched\n$/);

    const imported = await runCli(['import', 'catalogue/portindex.json', '--catalogue', 'locked/catalogue', '--json'], { cwd: dir, user: nobody });
    assert.is(imported.code, 2, imported.stderr);
    assert.match(imported.stderr, /^ports-gen: permission denied while making the directory locked\/catalogue \(fix its permissions, or choose a directory this user may write\); the import failed: nothing was written, the catalogue is untouched\n$/);
    assert.is(JSON.parse(imported.stdout).error.code, 'machine');
    assert.equal(readdirSync(path.join(dir, 'locked')), []);
  });
});

test('--version prints the version', async () => {
  const run = await runCli(['--version'], { cwd: ROOT });
  assert.is(run.code, 0);
  assert.match(run.stdout, /^\d+\.\d+\.\d+\n$/);
});

test.run();
