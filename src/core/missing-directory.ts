import { lstatSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MachineFault } from './problems/machine-fault.js';
import { UsageError } from './problems/usage-error.js';

/**
 * Why `mkdir` of one level found no place in `parent` (ENOENT): the parent is not there, or is a
 * link to nowhere (the user's to mend: a catalogue's is never made, so that a mistyped
 * `--catalogue` makes no tree), or its file system makes no directories (/proc, where `mkdir -p`
 * spins for ever). `doing` and `option` say what failed and what to change.
 */
export function missingDirectory(parent: string, doing: string, option: string): Error {
  if (!statSync(parent, { throwIfNoEntry: false })?.isDirectory()) {
    return new UsageError(`${doing}: its directory ${parent} does not exist (or is a link to nowhere); make it first, or choose another ${option}`);
  }
  return new MachineFault(`${doing}: the file system of ${parent} makes no new directories (ENOENT); choose another ${option}`);
}

/**
 * Makes the directories missing above `dir` (`dir` itself is for its caller to make), as
 * `mkdir -p` would, but one level at a time from the deepest one there: Node's recursive mkdir
 * spins for ever on a file system that makes none (/proc). A link to nowhere on the way is
 * left as it is; what then fails is said by missingDirectory.
 */
export function makeParentDirectories(dir: string, doing: string, option: string): void {
  const missing: string[] = [];
  for (let at = path.dirname(path.resolve(dir)); lstatSync(at, { throwIfNoEntry: false }) === undefined; at = path.dirname(at)) missing.unshift(at);
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw missingDirectory(path.dirname(level), doing, option);
      if (code !== 'EEXIST') throw cause;
    }
  }
}
