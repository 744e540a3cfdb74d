import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../core/problems/usage-error.js';
import { MARKER_FILE } from '../routes/site-files.js';
import { linkedTree } from '../writer/trees/tree-roles.js';

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

/** Links followed before giving up, as the system's own ELOOP limit. */
const MAX_HOPS = 40;

/**
 * `--out` as the build writes it: a symbolic link of the user's is followed, so that a deploy
 * of the form `dist -> /var/www/site` updates the site the link names (replacing the link with
 * a directory would leave its target with the old build); the target is then checked as any
 * `--out` is. Followed link by link, stopping at ports-gen's own link to its live tree (see
 * tree-roles), which the build replaces. A link that leads nowhere is refused.
 */
export function followOutput(out: string): string {
  let current = out;
  for (let hops = 0; linkedTree(current) === undefined; hops++) {
    let text: string;
    try {
      text = readlinkSync(current);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (hops === 0 || code === 'EINVAL') return current; // not a link: absent or unreachable ones are told where the tree is made
      throw refusal(out, code ?? String(cause));
    }
    if (hops === MAX_HOPS) throw refusal(out, 'ELOOP');
    current = path.resolve(path.dirname(current), text);
  }
  return current;
}

function refusal(out: string, code: string): UsageError {
  return new UsageError(`cannot write the site into ${out}: it is a symbolic link to ${readlinkSync(out)}, which cannot be followed (${code})`);
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
