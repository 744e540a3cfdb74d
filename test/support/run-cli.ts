import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN, ROOT } from './paths.js';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The program as another user can run it: the repository may sit in a directory only its owner
 * may enter (as `mktemp -d` makes one), so a copy of what the CLI loads, readable by everyone,
 * made once and removed when the tests end.
 */
let shared: string | undefined;
function programForAnyone(): string {
  if (!shared) {
    const copy = mkdtempSync(path.join(tmpdir(), 'ports-gen-program-'));
    for (const part of ['bin', 'build/bundle', 'package.json', 'node_modules/commander']) cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
    openToAll(copy);
    process.once('exit', () => rmSync(copy, { recursive: true, force: true }));
    shared = copy;
  }
  return path.join(shared, 'bin', 'ports-gen.js');
}

function openToAll(entry: string): void {
  const directory = statSync(entry).isDirectory();
  chmodSync(entry, directory ? 0o755 : 0o644);
  if (directory) for (const name of readdirSync(entry)) openToAll(path.join(entry, name));
}

/**
 * Spawns the real `ports-gen` binary as a user would, with no terminal. `bin`: another program
 * than the repository's (see code-fingerprint.test); `user`: run as another user (root only),
 * from a copy that user can read; `started`: given the process (to send it a signal);
 * `killAfterMs`: a run that should end at once but blocks is killed then (SIGKILL: a process
 * blocked in a system call runs no handler), and fails its test instead of hanging the suite.
 */
export function runCli(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; bin?: string; user?: { uid: number; gid: number }; started?: (child: ChildProcess) => void; killAfterMs?: number },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // As a user's shell has it: no deploy URL, and not in CI (whose own CI=true would add its warnings).
    const env = { ...process.env, URL: '', CI: '', ...options.env };
    const bin = options.bin ?? (options.user ? programForAnyone() : BIN);
    const guard = options.killAfterMs === undefined ? {} : { timeout: options.killAfterMs, killSignal: 'SIGKILL' as const };
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...guard, ...options.user });
    options.started?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
