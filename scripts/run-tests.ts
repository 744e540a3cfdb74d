/**
 * Runs the uvu suites under build/test (or the directory given second) and ends with the
 * plain `N passed, N failed` line that CI reads; the exit code is uvu's (1 when it was stopped).
 *
 * uvu runs every suite in one process, which exits when nothing is left running. A test that
 * fails before it stops what it started (a writer thread, a server) would leave that process
 * running after its summary, and CI waiting until its time runs out; such a process is
 * stopped once its summary is out and counted as one more failure.
 */
import { spawn } from 'node:child_process';

/** How long uvu's process may take to exit after its summary (it takes milliseconds). */
const EXIT_GRACE_MS = Number(process.env.PORTS_GEN_TEST_EXIT_GRACE_MS) || 10_000;

const pattern = `${process.argv[2] ?? ''}.*\\.test\\.js$`;
const dir = process.argv[3] ?? 'build/test';
const child = spawn(process.execPath, ['node_modules/uvu/bin.js', dir, pattern], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.stdout.isTTY ? process.env : { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
});
let output = '';
let lingering: NodeJS.Timeout | undefined;
let stopped = false;
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  output += chunk.toString('utf8');
  if (output.length > 1 << 16) output = output.slice(-(1 << 15));
  // "Duration:" ends uvu's closing block: every suite has run.
  if (!lingering && /Total:[\s\S]*Duration:/.test(output)) {
    lingering = setTimeout(() => {
      stopped = true;
      child.kill();
    }, EXIT_GRACE_MS);
  }
});
child.on('close', (code) => {
  clearTimeout(lingering);
  // uvu's closing block: "Total: 12\n  Passed: 11\n  Skipped: 0" (with colour codes off in CI).
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const counted = Math.max(0, total - passed - skipped);
  const failed = stopped ? counted + 1 : counted || (code === 0 ? 0 : 1);
  if (stopped) {
    process.stdout.write(
      `\nThe test process was still running ${EXIT_GRACE_MS / 1000} s after its summary and was stopped: a test left something running (a writer thread, a server, a timer). Counted as a failure.\n`,
    );
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  process.exitCode = stopped ? 1 : (code ?? 1);
});
