import { statSync } from 'node:fs';
import { MachineFault } from './problems/machine-fault.js';
import { UsageError } from './problems/usage-error.js';

/**
 * Why `mkdir` of one level found no place in `parent` (ENOENT): the parent is not there, or is a
 * link to nowhere (the user's to make: only the last level of a path is ever made, so that a
 * mistyped one makes no tree), or its file system makes no directories (/proc, where `mkdir -p`
 * spins for ever). `doing` and `option` say what failed and what to change.
 */
export function missingDirectory(parent: string, doing: string, option: string): Error {
  if (!statSync(parent, { throwIfNoEntry: false })?.isDirectory()) {
    return new UsageError(`${doing}: its directory ${parent} does not exist (or is a link to nowhere); make it first, or choose another ${option}`);
  }
  return new MachineFault(`${doing}: the file system of ${parent} makes no new directories (ENOENT); choose another ${option}`);
}
