import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
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
 * `--out` as the build writes it: a symbolic link is followed, so that a deploy of the form
 * `dist -> /var/www/site` updates the site the link names (replacing the link with a directory
 * would leave its target with the old build); the target is then checked as any `--out` is. A
 * link that leads nowhere is refused.
 */
export function followOutput(out: string): string {
  let link: boolean;
  try {
    link = lstatSync(out).isSymbolicLink();
  } catch {
    return out; // absent, or not reachable: the build says why where it makes the tree
  }
  if (!link) return out;
  try {
    return realpathSync(out);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
    throw new UsageError(`cannot write the site into ${out}: it is a symbolic link to ${readlinkSync(out)}, which cannot be followed (${code})`);
  }
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
