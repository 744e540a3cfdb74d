/**
 * Runs the uvu suites under build/test and ends with the plain `N passed, N failed` line that
 * CI reads; the exit code is uvu's.
 */
import { spawn } from 'node:child_process';

const pattern = `${process.argv[2] ?? ''}.*\\.test\\.js$`;
const child = spawn(process.execPath, ['node_modules/uvu/bin.js', 'build/test', pattern], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.stdout.isTTY ? process.env : { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  output += chunk.toString('utf8');
  if (output.length > 1 << 16) output = output.slice(-(1 << 15));
});
child.on('close', (code) => {
  // uvu's closing block: "Total: 12\n  Passed: 11\n  Skipped: 0" (with colour codes off in CI).
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const failed = Math.max(0, total - passed - skipped) || (code === 0 ? 0 : Math.max(1, total - passed - skipped));
  process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  process.exitCode = code ?? 1;
});
