import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { BIN, ROOT } from './paths.js';

/**
 * The docs' shell blocks, read from the repository and run as written by the tests of
 * documented paths: in a project whose `npx ports-gen` is this checkout's program.
 */

/** The first `sh` block after `heading` in the repository's `file`. */
export function shellBlock(file: string, heading: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const at = text.indexOf(`${heading}\n`);
  assert.ok(at >= 0, `${file}: ${heading}`);
  return /```sh\n([\s\S]*?)```/.exec(text.slice(at))![1]!;
}

/** A shell text's commands, one a line: continuation lines joined, comments and blank lines left out. */
export function commands(script: string): string[] {
  return script
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Makes `dir` a project that installed the package: `npx ports-gen` there finds this checkout's program. */
export function projectIn(dir: string): void {
  mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"private": true}\n');
  symlinkSync(BIN, path.join(dir, 'node_modules/.bin/ports-gen'));
}

/** A command on the PATH of the commands (in `dir/bin`): a Node script's text. */
export function commandOnPath(dir: string, name: string, script: string): string {
  const file = path.join(dir, 'bin', name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!${process.execPath}\n${script}`);
  chmodSync(file, 0o755);
  return path.dirname(file);
}

/**
 * A `npx ports-gen serve` line, started in `cwd` with `sh`, once it says it serves; the result
 * stops it. In a process group of its own, stopped whole: npx runs the program as its child.
 */
export async function startServe(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  const child = spawn('sh', ['-c', `exec ${line}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  // Closed when every process of the group that holds the pipe has ended.
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('Ctrl-C stops it.\n')) resolve();
    });
    void exited.then(() => reject(new Error(`${line} exited: ${out}`)));
  });
  return async () => {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
}
