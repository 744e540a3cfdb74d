import { spawn } from 'node:child_process';
import { BIN } from './paths.js';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Spawns the real `ports-gen` binary as a user would, with no terminal. */
/** `bin`: another program than the repository's (see code-fingerprint.test); `user`: run as another user (root only). */
export function runCli(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; bin?: string; user?: { uid: number; gid: number } }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // As a user's shell has it: no deploy URL, and not in CI (whose own CI=true would add its warnings).
    const env = { ...process.env, URL: '', CI: '', ...options.env };
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...options.user });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
