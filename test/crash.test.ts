import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { synthCatalogue } from '../scripts/synth-catalogue.js';
import { BIN, withTempDir } from './support/paths.js';
import { runCli } from './support/run-cli.js';
import { readTree } from './support/tree.js';

/** A build's staging trees and links in the state directory (see tree-roles). */
const stagingLeft = (dir: string) => readdirSync(path.join(dir, '.dist.ports-gen')).filter((entry) => /^(new|old|link)-/.test(entry));

/** Starts a build and SIGKILLs it after `ms`; resolves with how it ended. */
function killBuildAfter(cwd: string, args: string[], ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'build', ...args], { cwd, stdio: 'ignore', env: { ...process.env, URL: '', CI: '' } });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

test('SIGKILL at any point of a large build: the previous output survives and the next build cleans up', async () => {
  await withTempDir(async (dir) => {
    await synthCatalogue({ ports: 600, builds: 400, files: 20, seed: 3, out: path.join(dir, 'small') });
    await synthCatalogue({ ports: 4000, builds: 20000, files: 30, seed: 4, out: path.join(dir, 'large') });
    assert.is((await runCli(['build', '--catalogue', 'small', '--quiet', '--out', 'reference'], { cwd: dir })).code, 0);
    assert.is((await runCli(['build', '--catalogue', 'large', '--quiet', '--out', 'reference-large'], { cwd: dir })).code, 0);
    const before = readTree(path.join(dir, 'reference'));
    const largeTree = readTree(path.join(dir, 'reference-large'));
    assert.is((await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir })).code, 0);
    assert.equal(readTree(path.join(dir, 'dist')), before);

    let killed = 0;
    for (const ms of [40, 120, 250, 400, 600, 900, 1300, 1800]) {
      const ended = await killBuildAfter(dir, ['--catalogue', 'large', '--quiet'], ms);
      if (ended.signal === 'SIGKILL') killed++;
      else assert.is(ended.code, 0);
      // Killed or not, dist/ is a whole site: the previous one, or (finished, or killed once
      // the link was switched) the complete new one. Never missing, never a mixture.
      const found = readTree(path.join(dir, 'dist'));
      if (found.size === largeTree.size) {
        assert.equal(found, largeTree, `killed after ${ms} ms, after the switch`);
        assert.is((await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir })).code, 0);
        continue;
      }
      assert.equal(found, before, `killed after ${ms} ms`);
    }
    assert.ok(killed >= 3, `only ${killed} builds were killed mid-way`);

    // The next build recovers: it succeeds and leaves no staging directory behind.
    const next = await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir });
    assert.is(next.code, 0, next.stderr);
    assert.equal(stagingLeft(dir), []);
    assert.equal(readTree(path.join(dir, 'dist')), before);
  });
});

/** Starts a build and sends `signal` once its staging tree is there (it is writing); resolves with how it ended. */
function interruptBuild(cwd: string, args: string[], signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string; sent: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'build', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, URL: '', CI: '' } });
    let stderr = '';
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const watch = setInterval(() => {
      if (sent || !readdirSync(path.join(cwd, '.dist.ports-gen')).some((entry) => entry.startsWith('new-'))) return;
      sent = true;
      child.kill(signal);
    }, 5);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(watch);
      resolve({ code, stderr, sent });
    });
  });
}

test('SIGINT or SIGTERM mid-build: one line, exit 130 or 143, the previous site untouched, no staging tree left', async () => {
  await withTempDir(async (dir) => {
    await synthCatalogue({ ports: 600, builds: 400, files: 20, seed: 3, out: path.join(dir, 'small') });
    await synthCatalogue({ ports: 4000, builds: 20000, files: 30, seed: 4, out: path.join(dir, 'large') });
    assert.is((await runCli(['build', '--catalogue', 'small', '--quiet'], { cwd: dir })).code, 0);
    const before = readTree(path.join(dir, 'dist'));
    for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      const ended = await interruptBuild(dir, ['--catalogue', 'large', '--quiet'], signal);
      assert.ok(ended.sent, 'the signal was sent while the build wrote');
      assert.is(ended.code, code, ended.stderr);
      assert.is(ended.stderr, `ports-gen: build interrupted (${signal}): nothing was published, the previous site is untouched\n`);
      assert.equal(stagingLeft(dir), [], 'no staging tree left');
      assert.equal(readdirSync(path.join(dir, '.dist.ports-gen')).filter((entry) => entry.startsWith('trash-')), []);
      assert.equal(readTree(path.join(dir, 'dist')), before);
    }
  });
});

test.run();
