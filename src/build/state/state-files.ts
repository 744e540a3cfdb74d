import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '../../core/fs.js';
import { makeStateDirectory, stateDirectory } from '../../writer/trees/tree-roles.js';

/**
 * Files a build keeps for the next one in the state directory beside `--out` (what it knew of
 * builds.ndjson, the ports' records), not in the site: they belong to the file system and the
 * code they were made on, and the site's bytes stay the same wherever it is built. Each is
 * only a speed-up: one that cannot be read is as if absent.
 */

/** The bytes of the state file `name`, or undefined when it cannot be read. */
export function readStateFile(out: string, name: string): Buffer | undefined {
  try {
    return readFileSync(path.join(stateDirectory(out), name));
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (see writeAtomically). */
export function writeStateFile(out: string, name: string, content: string | Uint8Array | ((fd: number) => void)): void {
  makeStateDirectory(out);
  writeAtomically(path.join(stateDirectory(out), name), content);
}
