import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { terminalProgress } from '../../src/core/progress.js';
import { thousands } from '../../src/core/thousands.js';
import { writeCatalogue, zlib } from '../support/catalogue.js';
import { BIN, withTempDir } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

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

test('thousands are grouped as en-US writes them', () => {
  const values = [0, 1, 12, 123, 999, 1000, 1001, 12_345, 123_456, 1_234_567, 43_181, -1, -1000, -1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 16)));
  for (const n of values) assert.is(thousands(n), n.toLocaleString('en-US'), String(n));
});

test('no command loads ICU to format its numbers: builds, quiet or not, and validation run with number formatting poisoned', async () => {
  await withTempDir(async (dir) => {
    catalogue(dir);
    const poison = path.join(dir, 'poison.mjs');
    writeFileSync(poison, "Number.prototype.toLocaleString = () => { throw new Error('ICU number formatting used'); };\nIntl.NumberFormat = function () { throw new Error('ICU number formatting used'); };\n");
    const env = { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(poison).href}` };
    for (const args of [['build'], ['build', '--quiet'], ['build', '--json'], ['validate']]) {
      const run = await runCli(args, { cwd: dir, env });
      assert.is(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
    }
    const poisoned = spawnSync(process.execPath, ['-e', '(1).toLocaleString("en-US")'], { env, encoding: 'utf8' });
    assert.match(poisoned.stderr, /ICU number formatting used/, 'the poison works');
  });
});

test.run();
