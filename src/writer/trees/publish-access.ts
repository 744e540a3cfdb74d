import { accessSync, constants, lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import { MachineFault } from '../../core/problems/machine-fault.js';
import { stateDirectory } from './tree-roles.js';

const STICKY = 0o1000;

/**
 * Whether this process may publish at `out`, told before the build reads anything: it must
 * rename entries in `out`'s directory and in ports-gen's state directory beside it, and in a
 * sticky directory (such as /tmp) only the owner may rename or delete an entry. Otherwise the
 * build would write a whole tree only to fail at its last step. Called under the build's lock,
 * which was made in `out`'s directory: that one is writable.
 */
export function checkPublishAccess(out: string): void {
  const resolved = path.resolve(out);
  const parent = path.dirname(resolved);
  const state = stateDirectory(resolved);
  const uid = process.getuid?.();
  const sticky = ((statSync(parent, { throwIfNoEntry: false })?.mode ?? 0) & STICKY) !== 0;
  if (uid !== undefined && uid !== 0 && sticky) {
    for (const entry of [resolved, state]) {
      const owner = lstatSync(entry, { throwIfNoEntry: false })?.uid;
      if (owner !== undefined && owner !== uid) {
        throw new MachineFault(`cannot publish ${out}: ${entry} belongs to another user (uid ${owner}), and in the sticky directory ${parent} only its owner may replace it`);
      }
    }
  }
  try {
    accessSync(state, constants.W_OK | constants.X_OK);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return; // made by the build, or told where it is made
    throw new MachineFault(`cannot publish ${out}: this user may not change ${state} (${code === 'EACCES' ? 'permission denied' : code})`, { cause });
  }
}
