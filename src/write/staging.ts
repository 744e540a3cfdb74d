import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { keepAsSpare } from './spare.js';

/**
 * A build writes into a staging directory beside `--out` (same file system, so renames are
 * atomic) and swaps it in only when complete. Names carry the pid so that leftovers of a
 * killed build can be told from a build still running.
 */
const STAGE = /^\.(.+)\.ports-gen-(new|old)-(\d+)-[0-9a-f]+$/;

export function stagingPath(out: string, role: 'new' | 'old'): string {
  const dir = path.dirname(path.resolve(out));
  return path.join(dir, `.${path.basename(path.resolve(out))}.ports-gen-${role}-${process.pid}-${randomBytes(4).toString('hex')}`);
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Cleans up after a build that was killed: a half-written `new` tree is removed (a claimed
 * spare too: its state is unknown); an `old` tree left by a swap is put back when `--out` is
 * missing (killed between the two renames), or else kept as the spare.
 */
export function recoverStaging(out: string): void {
  const resolved = path.resolve(out);
  const dir = path.dirname(resolved);
  const base = path.basename(resolved);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = STAGE.exec(entry);
    if (!match || match[1] !== base || isAlive(Number(match[3]))) continue;
    const leftover = path.join(dir, entry);
    if (match[2] === 'new') rmSync(leftover, { recursive: true, force: true });
    else if (!existsSync(resolved)) renameSync(leftover, resolved);
    else keepAsSpare(leftover, resolved);
  }
}

/** Puts `staged` in place of `out`; the previous tree, if any, becomes the spare afterwards. */
export function swapIn(staged: string, out: string): void {
  const resolved = path.resolve(out);
  if (!existsSync(resolved)) {
    renameSync(staged, resolved);
    return;
  }
  const old = stagingPath(out, 'old');
  renameSync(resolved, old);
  try {
    renameSync(staged, resolved);
  } catch (cause) {
    renameSync(old, resolved);
    throw cause;
  }
  keepAsSpare(old, out);
}
