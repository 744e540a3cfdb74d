import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { terminalProgress } from '../src/report/progress.js';
import { writeCatalogue, zlib } from './support/catalogue.js';
import { BIN, withTempDir } from './support/paths.js';
import { runCli } from './support/run-cli.js';

test('the terminal line shows phase, count/total and rate, redrawn at most every 100 ms', () => {
  const out: string[] = [];
  let clock = 0;
  const progress = terminalProgress((t) => out.push(t), () => clock);
  progress.phase('writing builds', 2000);
  clock = 50;
  progress.advance(100); // within 100 ms of the last draw: not drawn
  clock = 1000;
  progress.advance(900);
  progress.end();
  assert.equal(out, ['\r\x1b[2Kwriting builds  0/2,000  0/s', '\r\x1b[2Kwriting builds  1,000/2,000  1,000/s', '\r\x1b[2K']);
});

test('a phase that counts nothing shows its name alone, not a count that never moves', () => {
  const out: string[] = [];
  const progress = terminalProgress((t) => out.push(t), () => 0);
  progress.phase('reading ports');
  progress.phase('checking builds');
  progress.advance(3);
  progress.end();
  assert.equal(out, ['\r\x1b[2Kreading ports', '\r\x1b[2Kreading ports', '\r\x1b[2Kchecking builds', '\r\x1b[2K']);
});

const catalogue = (dir: string) =>
  writeCatalogue(path.join(dir, 'catalogue'), {
    portindex: { ports: [zlib] },
    builds: Array.from({ length: 120 }, (_, i) => `{"build_id":${i + 1},"files":["/opt/local/f${i}"]}`).join('\n'),
  });

test('without a terminal (CI): no animation, just the summary line', async () => {
  await withTempDir(async (dir) => {
    catalogue(dir);
    const run = await runCli(['build'], { cwd: dir });
    assert.is(run.code, 0);
    assert.is(run.stderr, '');
    assert.not.match(run.stdout, /\r|\x1b/);
    assert.match(run.stdout, /^built 1 port, 3 pages of 120 builds \(120 paths\): .+ in [\d.]+ s; 0 errors, 0 warnings\n$/);
  });
});

test('--quiet: nothing at all on success', async () => {
  await withTempDir(async (dir) => {
    catalogue(dir);
    const run = await runCli(['build', '--quiet'], { cwd: dir });
    assert.is(run.code, 0);
    assert.is(run.stdout + run.stderr, '');
  });
});

test('on a terminal: the live line is drawn, cleared, and the summary follows', async () => {
  await withTempDir(async (dir) => {
    catalogue(dir);
    // `script` gives the build a real pseudo-terminal, as a person's shell would.
    const env: NodeJS.ProcessEnv = { ...process.env, URL: '' };
    delete env.CI;
    const run = spawnSync('script', ['-qec', `${process.execPath} ${BIN} build`, '/dev/null'], { cwd: dir, env, encoding: 'utf8' });
    assert.is(run.status, 0, run.stderr);
    assert.match(run.stdout, /\r\x1b\[2Kwriting builds {2}[\d,]+\/120/);
    assert.match(run.stdout, /\r\x1b\[2Kbuilt 1 port, 3 pages of 120 builds/);
  });
});

test.run();
