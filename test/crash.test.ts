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
    const child = spawn(process.execPath, [BIN, 'build', ...args], { cwd, stdio: 'ignore', env: { ...process.env, URL: '' } });
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

test.run();
