import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../support/paths.js';

const RUNNER = path.join(ROOT, 'build', 'scripts', 'run-tests.js');

/** The test runner on the suites of test/runner-fixtures whose names start with `name`. */
function runSuites(name: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PORTS_GEN_TEST_EXIT_GRACE_MS: '300' };
    const child = spawn(process.execPath, [RUNNER, name, path.join('test', 'runner-fixtures')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    // Without the runner's own stop, the lingering suite would keep this test waiting for good.
    const limit = setTimeout(() => child.kill(), 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout });
    });
  });
}

test('a suite that exits after its summary passes', async () => {
  const { code, stdout } = await runSuites('exits');
  assert.is(code, 0);
  assert.ok(stdout.trimEnd().endsWith('1 passed, 0 failed'), stdout);
  assert.not.match(stdout, 'still running');
});

test('a suite that leaves something running is stopped after its summary and counted as a failure', async () => {
  const { code, stdout } = await runSuites('lingers');
  assert.is(code, 1);
  assert.match(stdout, 'was still running 0.3 s after its summary and was stopped');
  assert.ok(stdout.trimEnd().endsWith('1 passed, 1 failed'), stdout);
});

test.run();
