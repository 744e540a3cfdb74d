import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { synthCatalogue } from '../../scripts/synth-catalogue.js';
import { BIN, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { readTree } from '../support/tree.js';

/** A build's staging trees and links in the state directory (see tree-roles). */
const stagingLeft = (dir: string) => readdirSync(path.join(dir, '.dist.ports-gen')).filter((entry) => /^(new|old|link)-/.test(entry));

/** A small catalogue built into dist/ (its files, returned), and a large one to build over it. */
async function smallSiteAndLargeCatalogue(dir: string): Promise<Map<string, Buffer>> {
  await synthCatalogue({ ports: 600, builds: 400, files: 20, seed: 3, out: path.join(dir, 'small') });
  await synthCatalogue({ ports: 4000, builds: 20000, files: 30, seed: 4, out: path.join(dir, 'large') });
  assert.is((await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir })).code, 0);
  return readTree(path.join(dir, 'dist'));
}

/** The files pages a staging tree of the build in `cwd` holds so far (0 without one). */
function pagesWritten(cwd: string): number {
  const state = path.join(cwd, '.dist.ports-gen');
  const staging = readdirSync(state).find((entry) => entry.startsWith('new-'));
  if (!staging) return 0;
  try {
    return readdirSync(path.join(state, staging, 'api/v1/files')).length;
  } catch {
    return 0;
  }
}

const inState = (cwd: string, role: string) => existsSync(path.join(cwd, '.dist.ports-gen')) && readdirSync(path.join(cwd, '.dist.ports-gen')).some((entry) => entry.startsWith(`${role}-`));

/**
 * Points of a build's life, each seen from outside as it happens: the lock taken, the staging
 * tree made, a hundred and three hundred files pages written into it, and the publishing
 * (a link to the new tree made, not yet renamed over `--out`; the build pauses there for tests).
 */
const KILL_POINTS: Array<[string, (cwd: string) => boolean]> = [
  ['the lock taken', (cwd) => existsSync(path.join(cwd, '.dist.ports-gen.lock'))],
  ['the staging tree made', (cwd) => inState(cwd, 'new')],
  ['100 pages written', (cwd) => pagesWritten(cwd) >= 100],
  ['300 pages written', (cwd) => pagesWritten(cwd) >= 300],
  ['publishing', (cwd) => inState(cwd, 'link')],
];

/** Starts a build and SIGKILLs it once `reached` says it got there; resolves with how it ended. */
function killBuildAt(cwd: string, args: string[], reached: (cwd: string) => boolean): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'build', ...args], { cwd, stdio: 'ignore', env: { ...process.env, URL: '', CI: '', PORTS_GEN_TEST_PAUSE_MS: '400' } });
    const watch = setInterval(() => {
      if (reached(cwd)) child.kill('SIGKILL');
    }, 2);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      resolve({ code, signal });
    });
  });
}

test('SIGKILL at each point of a large build: the previous output survives and the next build cleans up', async () => {
  await withTempDir(async (dir) => {
    const before = await smallSiteAndLargeCatalogue(dir);

    for (const [point, reached] of KILL_POINTS) {
      const ended = await killBuildAt(dir, ['--catalogue', 'large', '--quiet'], reached);
      assert.is(ended.signal, 'SIGKILL', `killed at ${point}`);
      // dist/ is a whole site, the previous one: never missing, never a mixture.
      assert.equal(readTree(path.join(dir, 'dist')), before, `killed at ${point}`);
    }

    // The next build recovers: it succeeds and leaves no staging directory behind.
    const next = await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir });
    assert.is(next.code, 0, next.stderr);
    assert.equal(stagingLeft(dir), []);
    assert.equal(readTree(path.join(dir, 'dist')), before);
  });
});

/** Whether the build writing in `cwd` has its staging tree (it is writing). */
const staging = (cwd: string) => readdirSync(path.join(cwd, '.dist.ports-gen')).some((entry) => entry.startsWith('new-'));

/**
 * Starts a build and, once its staging tree is there (it is writing), does `act` to it (sends
 * each signal of a list, at once); resolves with how it ended.
 */
function interruptBuild(cwd: string, args: string[], act: NodeJS.Signals[] | ((pid: number) => void)): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; sent: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'build', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, URL: '', CI: '' } });
    let stderr = '';
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const watch = setInterval(() => {
      if (sent || !staging(cwd)) return;
      sent = true;
      if (typeof act === 'function') act(child.pid!);
      else for (const signal of act) child.kill(signal);
    }, 5);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      resolve({ code, signal, stderr, sent });
    });
  });
}

test('SIGINT, SIGTERM, SIGHUP, SIGQUIT or a double Ctrl-C mid-build: one line, exit 128 + the signal, the previous site untouched, no staging tree left', async () => {
  await withTempDir(async (dir) => {
    const before = await smallSiteAndLargeCatalogue(dir);
    const cases: Array<[NodeJS.Signals[], number]> = [[['SIGINT'], 130], [['SIGTERM'], 143], [['SIGHUP'], 129], [['SIGQUIT'], 131], [['SIGINT', 'SIGINT'], 130]];
    for (const [signals, code] of cases) {
      const signal = signals[0]!;
      const ended = await interruptBuild(dir, ['--catalogue', 'large', '--quiet'], signals);
      assert.ok(ended.sent, 'the signal was sent while the build wrote');
      assert.is(ended.code, code, ended.stderr);
      assert.is(ended.stderr, `ports-gen: build interrupted (${signal}): nothing was published, the previous site is untouched\n`);
      assert.equal(stagingLeft(dir), [], 'no staging tree left');
      assert.equal(readdirSync(path.join(dir, '.dist.ports-gen')).filter((entry) => entry.startsWith('trash-')), []);
      assert.equal(readTree(path.join(dir, 'dist')), before);
    }
  });
});

test('builds killed one after another leave no pile of trees: the next build clears what a dead one left before it writes', async () => {
  await withTempDir(async (dir) => {
    const before = await smallSiteAndLargeCatalogue(dir);
    const trees = (role: string) => readdirSync(path.join(dir, '.dist.ports-gen')).filter((entry) => entry.startsWith(`${role}-`)).length;
    for (let round = 1; round <= 5; round++) {
      const ended = await interruptBuild(dir, ['--catalogue', 'large', '--quiet'], ['SIGKILL']);
      assert.ok(ended.sent && ended.signal === 'SIGKILL', `round ${round}: killed while it wrote`);
      assert.equal([trees('new'), trees('trash')], [1, 0], `round ${round}: the killed build's tree alone, none of the earlier ones`);
      assert.equal(readTree(path.join(dir, 'dist')), before);
    }
    assert.is((await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir })).code, 0);
    assert.equal([trees('new'), trees('trash')], [0, 0]);
    assert.equal(readTree(path.join(dir, 'dist')), before);
  });
});

test('a build suspended until another took its lock over says so when it resumes: exit 2, one line, the other build\'s site untouched', async () => {
  await withTempDir(async (dir) => {
    const before = await smallSiteAndLargeCatalogue(dir);
    const lock = path.join(dir, '.dist.ports-gen.lock', 'owner.json');
    // What a --wait build does once the suspended one's lock goes stale: it takes the lock and
    // clears the suspended build's staging tree. Done here while it stands still.
    const ended = await interruptBuild(dir, ['--catalogue', 'large', '--quiet'], (pid) => {
      process.kill(pid, 'SIGSTOP');
      writeFileSync(lock, JSON.stringify({ token: 'the-other-build', pid: 1, host: 'here', started: new Date().toISOString() }));
      for (const entry of readdirSync(path.join(dir, '.dist.ports-gen'))) if (entry.startsWith('new-')) rmSync(path.join(dir, '.dist.ports-gen', entry), { recursive: true, force: true });
      process.kill(pid, 'SIGCONT');
    });
    assert.ok(ended.sent);
    assert.is(ended.code, 2, ended.stderr);
    assert.match(ended.stderr, /^ports-gen: the lock of \/.*\/dist was taken over by another build while this one stood still past 10 s: nothing published; the build failed: nothing was published, the previous site is untouched\n$/);
    assert.equal(readTree(path.join(dir, 'dist')), before);
    assert.ok(existsSync(lock), 'the other build\'s lock is left to it');
  });
});

test.run();
