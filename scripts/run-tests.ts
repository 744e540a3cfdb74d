/**
 * Runs the uvu suites under build/test (or the directory given second) whose paths match the
 * pattern given first, and ends with the plain `N passed, N failed` line that CI reads; the exit
 * code is 1 when any suite failed or was stopped.
 *
 * Each suite file runs in a uvu process of its own, two at a time (PORTS_GEN_TEST_JOBS): most of
 * a suite's time is spent waiting on the programs, servers and browsers it starts, so two
 * overlap well on two cores. A suite's output is printed whole once it ends, in the order the
 * suites end.
 *
 * A uvu process exits when nothing is left running. A test that fails before it stops what it
 * started (a writer thread, a server) would leave its process running after its summary, and CI
 * waiting until its time runs out; such a process is stopped once its summary is out and counted
 * as one more failure.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** How long uvu's process may take to exit after its summary (it takes milliseconds). */
const EXIT_GRACE_MS = Number(process.env.PORTS_GEN_TEST_EXIT_GRACE_MS) || 10_000;
const JOBS = Math.max(1, Number(process.env.PORTS_GEN_TEST_JOBS) || 2);

const pattern = new RegExp(`(?:${process.argv[2] ?? ''}).*\\.test\\.js$`);
const dir = process.argv[3] ?? 'build/test';

interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
}

/** The suite files below `dir` whose `/`-separated paths match, in order of their paths. */
function suitesIn(root: string): string[] {
  const found = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => pattern.test(relative));
  return found.sort();
}

/** One suite file in a uvu process of its own: its output, and what it counted. */
function runSuite(relative: string): Promise<{ output: string; outcome: Outcome }> {
  const exact = `^${relative.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const child = spawn(process.execPath, ['node_modules/uvu/bin.js', dir, exact], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.stdout.isTTY ? process.env : withoutColour(process.env),
  });
  let output = '';
  let lingering: NodeJS.Timeout | undefined;
  let stopped = false;
  const take = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // "Duration:" ends uvu's closing block: every test of the suite has run.
    if (!lingering && /Total:[\s\S]*Duration:/.test(output)) {
      lingering = setTimeout(() => {
        stopped = true;
        child.kill();
      }, EXIT_GRACE_MS);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve) => {
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
        output += `\nThe test process was still running ${EXIT_GRACE_MS / 1000} s after its summary and was stopped: a test left something running (a writer thread, a server, a timer). Counted as a failure.\n`;
      }
      resolve({ output: `${relative}\n${output.replace(/^\S+\.test\.js\n/, '')}`, outcome: { passed, failed, skipped } });
    });
  });
}

/** Plain text for CI's log: NO_COLOR, and no FORCE_COLOR that would override it (Node warns of that). */
function withoutColour(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _, ...rest } = env;
  return { ...rest, NO_COLOR: '1' };
}

const started = performance.now();
const queue = suitesIn(dir);
const sum: Outcome = { passed: 0, failed: 0, skipped: 0 };
async function worker(): Promise<void> {
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { output, outcome } = await runSuite(next);
    process.stdout.write(output);
    sum.passed += outcome.passed;
    sum.failed += outcome.failed;
    sum.skipped += outcome.skipped;
  }
}
await Promise.all(Array.from({ length: JOBS }, worker));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(`\nDuration: ${seconds} s, ${JOBS} at a time\n`);
process.stdout.write(`\n${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}\n`);
process.exitCode = sum.failed > 0 ? 1 : 0;
