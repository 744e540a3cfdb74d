/** Where the import writes: the catalogue directory, and what killed imports left in it. */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/problems/usage-error.js';
import { missingDirectory } from '../writer/trees/missing-directory.js';

/** The catalogue directory, made when it is new, its last level only (see missingDirectory). */
export function makeCatalogueDirectory(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw missingDirectory(path.dirname(dir), `cannot make the catalogue ${dir}`, '--catalogue');
    if (code !== 'EEXIST') throw cause;
  }
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`the catalogue ${dir} is not a directory (or is a link to nowhere): choose another --catalogue`);
}

/**
 * The temporary files of imports that were killed before their rename (`portindex.json.<pid>.tmp`,
 * their process gone), so that none piles up or is committed with the catalogue. A live
 * process's file is another import's, still writing: left alone.
 */
export function removeDeadTemporaries(file: string): void {
  const pattern = new RegExp(`^${path.basename(file).replace(/\./g, '\\.')}\\.([0-9]+)\\.tmp$`);
  for (const name of readdirSync(path.dirname(file))) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(path.join(path.dirname(file), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code === 'EPERM'; // there, and another user's
  }
}
