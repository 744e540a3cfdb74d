import { realpathSync, readdirSync, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../problems/usage-error.js';
import { MARKER_FILE } from '../routes/site-files.js';

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The output directory is replaced whole, so it must never be something precious: not the
 * catalogue or a folder holding it, not `/`, not the home directory, and not a non-empty
 * directory that ports-gen did not write (no marker file).
 */
export function checkOutputDirectory(out: string, catalogue: string): void {
  const target = real(out);
  if (target === path.parse(target).root) throw new UsageError(`refusing to write the site into the file-system root (${out})`);
  if (target === real(homedir())) throw new UsageError(`refusing to replace the home directory (${out})`);
  if (isInside(real(catalogue), target)) {
    throw new UsageError(`refusing to replace ${out}: it is or contains the catalogue directory ${catalogue}`);
  }
  if (!existsSync(out)) return;
  let entries: string[];
  try {
    entries = readdirSync(out);
  } catch {
    throw new UsageError(`refusing to replace ${out}: it exists and is not a directory`);
  }
  if (entries.length > 0 && !entries.includes(MARKER_FILE)) {
    throw new UsageError(`refusing to replace ${out}: it is not empty and was not written by ports-gen (no ${MARKER_FILE})`);
  }
}
